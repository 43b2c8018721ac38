import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { SnapshotCache } from '../src/db/snapshot-cache.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// SnapshotCache (db/snapshot-cache.ts): an answer is given again only while the database's snapshot is the one read
// before it was computed; any committed write, whatever writes it, ends that. On PostgreSQL the snapshot is the
// server's: the other test files' databases on it commit all the time, and each of their commits ends the kept answers
// too (CI: a third answer was computed again). A check that something is given again is made on a run of the test in
// which nothing else was committed (`quietly`).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A computation that counts its runs and answers with the number of products (any table would do). */
function counted() {
  let runs = 0;
  const compute = async () => {
    runs++;
    const [r] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from products`);
    return `products ${r!.n}`;
  };
  return { compute, runs: () => runs };
}

const snapshot = async () => (await rows<{ s: string }>(t.database.db, sql`select pg_current_snapshot()::text as s`))[0]!.s;

/**
 * Runs `attempt` again until nothing was committed on the server from its `quiet()` call (or its start) to its end,
 * and returns that run's result: what the test then checks happened while nothing was written. The other files'
 * commits come in bursts: a short pause between runs, for up to a minute.
 */
async function quietly<T>(attempt: (quiet: () => Promise<void>) => Promise<T>): Promise<T> {
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    let from = await snapshot();
    const result = await attempt(async () => {
      from = await snapshot();
    });
    if ((await snapshot()) === from) return result;
  }
  throw new Error('something was committed on the server during every run for a minute');
}

const addProduct = (name: string) =>
  t.database.db.execute(sql`insert into products (outlet, name, price, quantity) values ('store', ${name}, 1000, 1)`);

describe('SnapshotCache', () => {
  it('gives an answer again while nothing is written, per key', async () => {
    const run = await quietly(async () => {
      const cache = new SnapshotCache(t.database.db);
      const a = counted();
      const b = counted();
      const answers = [await cache.answer('a', a.compute), await cache.answer('a', a.compute), await cache.answer('a', a.compute)];
      // another key is its own answer
      await cache.answer('b', b.compute);
      return { answers, a: a.runs(), b: b.runs(), hits: cache.hits };
    });
    expect(new Set(run.answers).size).toBe(1);
    expect(run.a).toBe(1);
    expect(run.hits).toBe(2);
    expect(run.b).toBe(1);
  });

  it('computes again after any committed write, and not after a rolled-back one alone being read', async () => {
    const cache = new SnapshotCache(t.database.db);
    const a = counted();
    const before = await cache.answer('a', a.compute);
    await addProduct('Snapshot Lip Gloss');
    const after = await cache.answer('a', a.compute);
    expect(a.runs()).toBe(2);
    expect(Number(after.split(' ')[1])).toBe(Number(before.split(' ')[1]) + 1);
    // a write in a transaction that rolls back changes nothing visible; the answer is right either way
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into products (outlet, name, price, quantity) values ('store', 'Rolled Back Gloss', 1000, 1)`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await cache.answer('a', a.compute)).toBe(after);
  });

  it('never gives again an answer computed while a write committed', async () => {
    const run = await quietly(async (quiet) => {
      const cache = new SnapshotCache(t.database.db);
      let runs = 0;
      const racing = async () => {
        runs++;
        const [r] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from products`);
        // another request's write commits between this answer's snapshot and its end
        if (runs === 1) await addProduct('Racing Concealer');
        return `products ${r!.n}`;
      };
      const first = await cache.answer('a', racing);
      await quiet();
      const second = await cache.answer('a', racing);
      const runsAfterSecond = runs;
      // and the fresh one is kept
      const third = await cache.answer('a', racing);
      return { first, second, third, runsAfterSecond, runs };
    });
    expect(run.runsAfterSecond).toBe(2);
    expect(Number(run.second.split(' ')[1])).toBe(Number(run.first.split(' ')[1]) + 1);
    expect(run.third).toBe(run.second);
    expect(run.runs).toBe(2);
  });

  it('does not keep an old answer among the answers of a newer snapshot (a request read it while the old one ran)', async () => {
    const cache = new SnapshotCache(t.database.db);
    const b = counted();
    let runs = 0;
    const slow = async () => {
      runs++;
      const [r] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from products`);
      if (runs === 1) {
        // while this one runs: a write, then another request that reads the newer snapshot
        await addProduct('Interleaved Primer');
        await cache.answer('b', b.compute);
      }
      return `products ${r!.n}`;
    };
    const stale = await cache.answer('a', slow);
    const fresh = await cache.answer('a', slow);
    expect(runs).toBe(2);
    expect(fresh).not.toBe(stale);
    expect(await cache.answer('b', b.compute)).toBe(fresh);
  });

  it('answers a name search exactly through a sale, a rename and a void (the route keeps its pages)', async () => {
    const admin = await t.login();
    const search = async () => (await t.call(admin, { method: 'GET', url: '/api/orders/name-search/ebiere' })).json() as { total: number; data: { customer_name: string; status: string }[] };
    const [product] = (await addProduct('Cache Mascara').then(() => rows<{ id: number }>(t.database.db, sql`select id from products where name = 'Cache Mascara'`)))!;
    expect((await search()).total).toBe(0);
    expect((await search()).total).toBe(0);
    const sale = await t.call(admin, { method: 'POST', url: '/api/orders', payload: { outlet: 'store', customer_name: 'Ebiere West', items: [{ product_id: product!.id, quantity: 1 }], payment_method: 'cash', amount_paid: 1000 } });
    expect(sale.statusCode, sale.body).toBe(201);
    const id = (sale.json() as { data: { id: number } }).data.id;
    expect((await search()).data.map((o) => o.customer_name)).toEqual(['Ebiere West']);
    expect((await t.call(admin, { method: 'PUT', url: `/api/orders/${id}`, payload: { customer_name: 'Ebiere West-Ade' } })).statusCode).toBe(200);
    expect((await search()).data.map((o) => o.customer_name)).toEqual(['Ebiere West-Ade']);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${id}`, payload: { reason: 'Rang twice' } })).statusCode).toBe(200);
    expect((await search()).data.map((o) => o.status)).toEqual(['void']);
  });
});
