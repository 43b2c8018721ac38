import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { idempotent, requestHash } from '../src/crud/idempotency.js';
import { idempotencyKeysTable } from '../src/db/schema.js';
import { HttpError } from '../src/plugins/errors.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// crud/idempotency.ts: the one helper for client_ref replays (refunds, and the other money-taking POSTs).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`create table idem_effects (id int generated always as identity primary key, note text)`);
});
afterAll(() => t.close());

const effects = async () => Number(((await t.database.db.execute(sql`select count(*)::int as n from idem_effects`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const write = (note: string) => async (tx: Parameters<Parameters<typeof idempotent>[2]>[0]) => {
  const r = (await tx.execute(sql`insert into idem_effects (note) values (${note}) returning id`)) as unknown as { rows: { id: number }[] };
  return { status: 201, body: { data: { id: Number(r.rows[0]!.id), note } } };
};

describe('idempotent()', () => {
  it('runs once per key: a replay answers the first result and writes nothing', async () => {
    const ref = crypto.randomUUID();
    const before = await effects();
    const first = await idempotent(t.database.db, { scope: 'test', clientRef: ref, request: { a: 1, b: [1, 2] } }, write('one'));
    expect(first).toMatchObject({ status: 201, replay: false, body: { data: { note: 'one' } } });
    // the same request with its fields in another order is the same request
    const again = await idempotent(t.database.db, { scope: 'test', clientRef: ref, request: { b: [1, 2], a: 1 } }, write('two'));
    expect(again).toEqual({ status: 201, replay: true, body: first.body });
    expect(await effects()).toBe(before + 1);
  });

  it('a different request with the same key is a 422 on client_ref, nothing written', async () => {
    const ref = crypto.randomUUID();
    await idempotent(t.database.db, { scope: 'test', clientRef: ref, request: { a: 1 } }, write('x'));
    const before = await effects();
    const err = await idempotent(t.database.db, { scope: 'test', clientRef: ref, request: { a: 2 } }, write('y')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(422);
    expect(Object.keys((err as HttpError).errors!)).toEqual(['client_ref']);
    expect(await effects()).toBe(before);
  });

  it('a refused call keeps no key (a retry runs again), and scopes do not share keys', async () => {
    const ref = crypto.randomUUID();
    const refused = idempotent(t.database.db, { scope: 'test', clientRef: ref, request: {} }, async () => {
      throw new HttpError(422, 'no');
    });
    await expect(refused).rejects.toThrow('no');
    const keys = async () => (await t.database.db.select({ n: count() }).from(idempotencyKeysTable))[0]!.n;
    const k = await keys();
    expect((await idempotent(t.database.db, { scope: 'test', clientRef: ref, request: {} }, write('retry'))).replay).toBe(false);
    expect((await idempotent(t.database.db, { scope: 'other', clientRef: ref, request: { z: 1 } }, write('other'))).replay).toBe(false);
    expect(await keys()).toBe(k + 2);
  });

  it('two calls with one key at once: one effect, both answers the same', async () => {
    const ref = crypto.randomUUID();
    const before = await effects();
    const [a, b] = await Promise.all([0, 1].map(() => idempotent(t.database.db, { scope: 'test', clientRef: ref, request: { n: 5 } }, write('race'))));
    expect(await effects()).toBe(before + 1);
    expect(a!.body).toEqual(b!.body);
    expect([a!.replay, b!.replay].sort()).toEqual([false, true]);
  });

  it('without a key it simply runs', async () => {
    const before = await effects();
    await idempotent(t.database.db, { scope: 'test', clientRef: undefined, request: {} }, write('a'));
    await idempotent(t.database.db, { scope: 'test', clientRef: null, request: {} }, write('b'));
    expect(await effects()).toBe(before + 2);
    expect(requestHash('s', { a: 1, b: undefined })).toBe(requestHash('s', { a: 1 }));
  });
});
