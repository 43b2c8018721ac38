import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { jsonRow, jsonRows, oneStatement } from '../src/db/one-statement.js';
import { signedInApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// oneStatement sends several reads as one statement (decision 018); on the embedded database it can keep the statement
// prepared (`prepared`), planned once for the same values. The answer is the same whichever way it is sent, and stays
// the data's: a kept plan never keeps an answer.

const app = signedInApp();

const parts = (from: string, label: string) => ({
  products: jsonRow<{ n: number; label: string; top: number }>(
    sql`select count(*)::int as n, ${label}::text as label, ${5} + 0 as top from products where created_at >= ${from}::timestamptz and ${true}`,
  ),
  names: jsonRows<{ name: string }>(sql`select name from products where created_at >= ${from}::timestamptz order by name asc limit ${3}`),
});

const prepared = async () =>
  (await rows<{ name: string; statement: string }>(app.t.database.db, sql`select name, statement from pg_prepared_statements where name like 'probe\\_%' order by name`)).map((r) => r.name);

describe('oneStatement', () => {
  it('answers the same one statement, split or prepared, and a prepared one follows the data and its values', async () => {
    const db = app.t.database.db;
    const pos = posHelpers(app.t, () => app.admin);
    await pos.product({ outlet: 'store', name: 'Silk Foundation' });
    await pos.product({ outlet: 'salon', name: "O'Neil Edge Control" });
    const all = parts('2000-01-01T00:00:00.000Z', "it's");
    const want = { products: { n: 2, label: "it's", top: 5 }, names: [{ name: "O'Neil Edge Control" }, { name: 'Silk Foundation' }] };
    expect(await oneStatement(db, all)).toEqual(want);
    expect(await oneStatement(db, all, { split: true })).toEqual(want);
    expect(await oneStatement(db, all, { prepared: 'probe' })).toEqual(want);

    // rows written after it was prepared are in its next answer
    await pos.product({ outlet: 'office', name: 'Aftercare Balm' });
    expect(await oneStatement(db, all, { prepared: 'probe' })).toEqual({
      products: { n: 3, label: "it's", top: 5 },
      names: [{ name: 'Aftercare Balm' }, { name: "O'Neil Edge Control" }, { name: 'Silk Foundation' }],
    });
    // other values: the same answer as the one-off statement
    const later = parts('2999-01-01T00:00:00.000Z', 'later');
    expect(await oneStatement(db, later, { prepared: 'probe' })).toEqual(await oneStatement(db, later));
    expect(await oneStatement(db, later, { prepared: 'probe' })).toEqual({ products: { n: 0, label: 'later', top: 5 }, names: [] });

    if (app.t.database.kind === 'pglite') {
      // one statement kept per name: the same values reuse it, new values replace it
      const [first] = await prepared();
      expect(await prepared()).toHaveLength(1);
      expect((await oneStatement(db, all, { prepared: 'probe' })).products?.n).toBe(3);
      const [second] = await prepared();
      expect(second).not.toBe(first);
      expect(await oneStatement(db, all, { prepared: 'probe' })).toEqual(await oneStatement(db, all));
      expect(await prepared()).toEqual([second]);
      // requests of two days at once (midnight): each gets its own values' answer, though each replaces the other's statement
      const [a, b] = [await oneStatement(db, all), await oneStatement(db, later)];
      const both = await Promise.all(Array.from({ length: 8 }, (_, i) => oneStatement(db, i % 2 ? later : all, { prepared: 'probe' })));
      expect(both).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 ? b : a)));
      expect(await prepared()).toHaveLength(1);
      // lost by the session while a request of other values replaces it: each still answers its own values
      expect(await oneStatement(db, all, { prepared: 'probe' })).toEqual(a);
      await db.execute(sql`deallocate all`);
      expect(await Promise.all([oneStatement(db, all, { prepared: 'probe' }), oneStatement(db, later, { prepared: 'probe' })])).toEqual([a, b]);
      // a session that lost it prepares it again
      await db.execute(sql`deallocate all`);
      expect((await oneStatement(db, all, { prepared: 'probe' })).products?.n).toBe(3);
      expect(await prepared()).toHaveLength(1);
      // values are written into the statement: only plain ones
      await expect(oneStatement(db, { x: jsonRow(sql`select ${new Date()}::timestamptz as at`) }, { prepared: 'probe' })).rejects.toThrow(/plain values/);
    } else {
      // a pool's connections do not share prepared statements: it is sent as it is
      expect(await prepared()).toEqual([]);
    }
  });
});
