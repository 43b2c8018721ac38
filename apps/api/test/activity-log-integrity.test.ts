import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogTable } from '../src/db/schema.js';
import { posHelpers } from './helpers/pos.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// docs/api.md "Activity log": nothing erases the log, and sales, voids and failed logins are in it.

let t: TestApp;
let admin: string;
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

type Entry = { user_id: number | null; user_name: string | null; action: string; resource: string; record_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; created_at: string };
const log = async (query: string) => {
  const res = await t.call(admin, { method: 'GET', url: `/api/activity-log?per_page=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};
const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(activityLogTable))[0]!.n;

describe('nothing erases the activity log', () => {
  it('TRUNCATE is refused by the database, and every row stays', async () => {
    await t.login(); // at least one line
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await expect(t.database.db.execute(sql`truncate activity_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate table activity_log restart identity cascade`)).rejects.toThrow();
    expect(await count()).toBe(before);
    // UPDATE and DELETE stay refused (activity-log.test.ts); appending still works
    await expect(t.database.db.execute(sql`delete from activity_log`)).rejects.toThrow();
    await t.login();
    expect(await count()).toBe(before + 1);
  });
});

describe('every sale, void and failed login is recorded', () => {
  it('a sale (POST /api/orders) records who sold what, when', async () => {
    const s = await t.staff();
    const p = await pos.product({ price: 2500, quantity: 5 });
    const started = Date.now();
    const res = await pos.sell(s.token, { items: [{ product_id: p.id, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    const entries = await log(`&resource=orders&record_id=${order.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_id: s.id,
      user_name: expect.stringMatching(/^Staff /),
      action: 'sale',
      resource: 'orders',
      record_id: order.id,
      after: { invoice_no: order.invoice_no, outlet: 'store', total: 5000, payment_method: 'cash' },
    });
    expect(new Date(entries[0]!.created_at).getTime()).toBeGreaterThanOrEqual(started - 5000);
    // a replay of the same client_ref sells nothing and logs nothing more
    const ref = crypto.randomUUID();
    expect((await pos.sell(s.token, { client_ref: ref, items: [{ product_id: p.id, quantity: 1 }] })).statusCode).toBe(201);
    const replay = await pos.sell(s.token, { client_ref: ref, items: [{ product_id: p.id, quantity: 1 }] });
    expect(replay.statusCode).toBe(200);
    expect(await log(`&resource=orders&record_id=${replay.json().data.id}`)).toHaveLength(1);
    // a refused sale (short stock) logs nothing
    const before = await count();
    expect((await pos.sell(s.token, { items: [{ product_id: p.id, quantity: 99 }] })).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('a void (DELETE /api/orders/{id}) records who voided it and what stock came back', async () => {
    const p = await pos.product({ quantity: 4 });
    const order = (await pos.sell(admin, { items: [{ product_id: p.id, quantity: 3 }] })).json().data;
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${order.id}`, payload: { reason: 'Rung up by mistake' } })).statusCode).toBe(200);
    const actions = (await log(`&resource=orders&record_id=${order.id}`)).map((e) => e.action);
    expect(actions).toEqual(['void', 'sale']);
    const [voided] = await log(`&resource=orders&record_id=${order.id}`);
    expect(voided).toMatchObject({ user_name: 'Studio Admin', after: { status: 'void', restored: { [p.id]: 3 } } });
  });

  it('a failed login records the name tried and the address, never the password', async () => {
    const s = await t.staff();
    const tries = [
      { username: s.username.toUpperCase(), password: 'Secret-Guess-1', remoteAddress: '10.0.0.7' },
      { username: 'nobody-here', password: 'Secret-Guess-2', remoteAddress: '10.0.0.8' },
    ];
    for (const { username, password, remoteAddress } of tries) {
      const res = await t.call(null, { method: 'POST', url: '/api/login', remoteAddress, payload: { username, password, deviceId: 'd' } });
      expect(res.statusCode).toBe(422);
    }
    // a deactivated user with the right password is a failed login too
    expect((await t.call(admin, { method: 'PUT', url: `/api/users/${s.id}`, payload: { active: false } })).statusCode).toBe(200);
    expect((await t.call(null, { method: 'POST', url: '/api/login', remoteAddress: '10.0.0.9', payload: { username: s.username, password: s.password } })).statusCode).toBe(422);

    const failed = (await log('&resource=auth')).filter((e) => e.action === 'login_failed');
    expect(failed.slice(0, 3).reverse()).toEqual([
      expect.objectContaining({ user_id: null, user_name: null, record_id: s.id, after: { username: s.username.toUpperCase(), ip: '10.0.0.7' } }),
      expect.objectContaining({ user_id: null, user_name: null, record_id: null, after: { username: 'nobody-here', ip: '10.0.0.8' } }),
      expect.objectContaining({ user_id: null, user_name: null, record_id: s.id, after: { username: s.username, ip: '10.0.0.9' } }),
    ]);
    // the passwords are nowhere in the log
    const everything = JSON.stringify(await t.database.db.select().from(activityLogTable));
    for (const secret of ['Secret-Guess-1', 'Secret-Guess-2', s.password]) expect(everything).not.toContain(secret);
  });
});
