import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareTillItems } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let otherTill: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  otherTill = await t.staff();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

interface Item {
  id: number;
  name: string;
  kind: string;
  sku: string | null;
  category: string | null;
  price: number;
  quantity: number | null;
  reorder_level: number;
}
interface Changes {
  data: Item[];
  removed: number[];
  cursor: string;
}

const get = (token: string | null, url: string, headers: Record<string, string> = {}) => t.call(token, { method: 'GET', url, headers });
const list = async (token: string, outlet = 'salon') => {
  const res = await get(token, `/api/pos/${outlet}/products`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Item[]; cursor: string };
};
const changes = async (token: string, since: string, outlet = 'salon') => {
  const res = await get(token, `/api/pos/${outlet}/products/changes?since=${encodeURIComponent(since)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Changes;
};
const sellAs = async (token: string, productId: number, quantity: number, outlet = 'salon') => {
  const res = await pos.sell(token, { outlet, items: [{ product_id: productId, quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
};

describe('GET /api/pos/{outlet}/products: the slim list', () => {
  it('lists what the outlet can sell, with only what the till shows and sells with, in name order', async () => {
    const made = [
      await pos.product({ outlet: 'salon', name: 'Shade 10 Edge Control', sku: 'EC-10', category: 'Hair', price: 4000.5, cost_price: 2200.25, quantity: 3 }),
      await pos.product({ outlet: 'salon', name: 'shade 2 Edge Control', sku: null, category: null, price: 3500, quantity: 7, reorder_level: 2 }),
      await pos.product({ outlet: 'salon', name: 'Knotless Braids', kind: 'service', price: 35000 }),
    ];
    const gone = await pos.product({ outlet: 'salon', name: 'Empty Bonnet', quantity: 0 });
    const elsewhere = await pos.product({ outlet: 'store', name: 'Store Only', quantity: 4 });
    for (const token of [admin, staff.token]) {
      const body = await list(token);
      expect(Object.keys(body).sort()).toEqual(['cursor', 'data']);
      const ids = body.data.map((p) => p.id);
      expect(ids).toEqual(expect.arrayContaining(made.map((p) => p.id)));
      expect(ids).not.toContain(gone.id);
      expect(ids).not.toContain(elsewhere.id);
      for (const p of body.data) expect(Object.keys(p).sort()).toEqual(['category', 'id', 'kind', 'name', 'price', 'quantity', 'reorder_level', 'sku']);
      expect(body.data.find((p) => p.id === made[0]!.id)).toEqual({ id: made[0]!.id, name: 'Shade 10 Edge Control', kind: 'product', sku: 'EC-10', category: 'Hair', price: 4000.5, quantity: 3, reorder_level: 5 });
      expect(body.data.find((p) => p.id === made[2]!.id)).toMatchObject({ kind: 'service', quantity: null, price: 35000 });
      // by name as people read it: "shade 2" before "Shade 10", case aside
      expect(body.data).toEqual([...body.data].sort(compareTillItems));
      expect(ids.indexOf(made[1]!.id)).toBeLessThan(ids.indexOf(made[0]!.id));
      expect(JSON.stringify(body)).not.toContain('cost_price');
    }
  });

  it('answers an unchanged list with 304 on its ETag, and a changed one with 200 and a new ETag', async () => {
    const p = await pos.product({ outlet: 'salon', name: 'ETag Serum', quantity: 9 });
    const first = await get(staff.token, '/api/pos/salon/products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/Accept-Encoding/);
    const again = await get(staff.token, '/api/pos/salon/products', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // another outlet's sale leaves this list alone
    const storeItem = await pos.product({ outlet: 'store', name: 'Elsewhere', quantity: 5 });
    await sellAs(staff.token, storeItem.id, 1, 'store');
    expect((await get(staff.token, '/api/pos/salon/products', { 'if-none-match': etag })).statusCode).toBe(304);
    // a sale here changes it
    await sellAs(staff.token, p.id, 2);
    const changed = await get(staff.token, '/api/pos/salon/products', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json().data as Item[]).find((x) => x.id === p.id)!.quantity).toBe(7);
  });

  it('compresses the answer (gzip, else br) and sends it plain to a client that takes neither', async () => {
    await pos.product({ outlet: 'salon', name: 'Compressed Gel', quantity: 2 });
    const plain = await get(staff.token, '/api/pos/salon/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const browser = await get(staff.token, '/api/pos/salon/products', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('gzip');
    const br = await get(staff.token, '/api/pos/salon/products', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get(staff.token, '/api/pos/salon/products', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const refused = await get(staff.token, '/api/pos/salon/products', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('needs a signed-in user, an outlet key and lets staff sell at every outlet', async () => {
    expect((await get(null, '/api/pos/salon/products')).statusCode).toBe(401);
    expect((await get(null, '/api/pos/salon/products/changes?since=000000000000.1')).statusCode).toBe(401);
    const bad = await get(staff.token, '/api/pos/mall/products');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('outlet');
    for (const outlet of ['store', 'office', 'salon']) expect((await get(staff.token, `/api/pos/${outlet}/products`)).statusCode).toBe(200);
  });
});

describe('GET /api/pos/{outlet}/products/changes: what changed since', () => {
  it('gives a till its own sale, another till’s sale, a restock, a new item, a sold-out and a deleted one, and nothing twice', async () => {
    const a = await pos.product({ outlet: 'office', name: 'Delta Numbing Cream', quantity: 10 });
    const b = await pos.product({ outlet: 'office', name: 'Delta Pigment', quantity: 2 });
    const c = await pos.product({ outlet: 'office', name: 'Delta Needle', quantity: 5 });
    const start = await list(staff.token, 'office');

    const quiet = await changes(staff.token, start.cursor, 'office');
    expect(quiet).toEqual({ data: [], removed: [], cursor: start.cursor });

    // this till's sale
    await sellAs(staff.token, a.id, 3, 'office');
    const mine = await changes(staff.token, start.cursor, 'office');
    expect(mine.data).toEqual([expect.objectContaining({ id: a.id, quantity: 7 })]);
    expect(mine.removed).toEqual([]);
    expect(mine.cursor).not.toBe(start.cursor);

    // another till's sale that empties an item, and an admin's restock
    await sellAs(otherTill.token, b.id, 2, 'office');
    const restock = await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${c.id}`, payload: { quantity: 20, note: 'Delivery' } });
    expect(restock.statusCode).toBe(200);
    const next = await changes(staff.token, mine.cursor, 'office');
    expect(next.data).toEqual([expect.objectContaining({ id: c.id, quantity: 25 })]);
    expect(next.removed).toEqual([b.id]);

    // a new item, and a deleted one
    const d = await pos.product({ outlet: 'office', name: 'Delta Aftercare Balm', quantity: 4 });
    const del = await t.call(admin, { method: 'DELETE', url: `/api/products/${c.id}` });
    expect(del.statusCode, del.body).toBe(200);
    const last = await changes(staff.token, next.cursor, 'office');
    expect(last.data.map((p) => p.id)).toEqual([d.id]);
    expect(last.removed).toEqual([c.id]);

    // from the first cursor: the net effect, each item once, in list order
    const all = await changes(staff.token, start.cursor, 'office');
    expect(all.data.map((p) => p.id)).toEqual([d.id, a.id]);
    expect(all.data).toEqual([...all.data].sort(compareTillItems));
    expect(all.removed.sort()).toEqual([b.id, c.id].sort());

    // the list merged with the changes is the list as it is now
    const merged = new Map(start.data.map((p) => [p.id, p]));
    for (const id of all.removed) merged.delete(id);
    for (const p of all.data) merged.set(p.id, p);
    expect([...merged.values()].sort(compareTillItems)).toEqual((await list(staff.token, 'office')).data);
    // the other till, from the same list, learns the same (the cursor may differ by a transaction still in flight
    // elsewhere on a shared PostgreSQL server; both are snapshots of the same rows)
    const theirs = await changes(otherTill.token, start.cursor, 'office');
    expect({ data: theirs.data, removed: theirs.removed.sort() }).toEqual({ data: all.data, removed: all.removed });
    expect(await changes(otherTill.token, theirs.cursor, 'office')).toEqual({ data: [], removed: [], cursor: theirs.cursor });
  });

  it('catches a write whose transaction began before the last read but committed after it (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite runs one transaction at a time: nothing is ever in flight
    const slow = await pos.product({ outlet: 'store', name: 'In-flight Primer', quantity: 10 });
    const fast = await pos.product({ outlet: 'store', name: 'In-flight Setting Spray', quantity: 10 });
    const start = await list(staff.token, 'store');
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    let written!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    // a transaction takes its id (the lower one) and writes, then waits
    const tx = t.database.db.transaction(async (trx) => {
      await trx.execute(sql`update products set quantity = 4 where id = ${slow.id}`);
      written();
      await held;
    });
    await wrote;
    // a later transaction (a higher id) commits first; the till reads it
    await sellAs(staff.token, fast.id, 1, 'store');
    const seen = await changes(staff.token, start.cursor, 'store');
    expect(seen.data.map((p) => p.id)).toEqual([fast.id]);
    // then the slow one commits: the next poll gets it, and the ETag moves
    const etag = (await get(staff.token, '/api/pos/store/products')).headers.etag as string;
    commit();
    await tx;
    const late = await changes(staff.token, seen.cursor, 'store');
    expect(late.data).toEqual([expect.objectContaining({ id: slow.id, quantity: 4 })]);
    expect((await get(staff.token, '/api/pos/store/products', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers a bad cursor with 422 and one it cannot answer from with 410', async () => {
    // not a snapshot: malformed, xmin after xmax, an in-flight id outside [xmin, xmax), out of order, zero
    for (const since of ['', 'abc', '1:1', '5:3:', '3:5:7', '3:9:6,4', '0:0:', '1:2:x', `${'0'.repeat(12)}.x`, `${'0'.repeat(12)}.1;drop`]) {
      const res = await get(staff.token, `/api/pos/salon/products/changes?since=${encodeURIComponent(since)}`);
      expect(res.statusCode, since).toBe(422);
      expect(res.json().errors).toHaveProperty('since');
    }
    const missing = await get(staff.token, '/api/pos/salon/products/changes');
    expect(missing.statusCode).toBe(422);
    // a cursor of the earlier kind (a process's boot id and revision), and one from the future (a restored database)
    for (const since of ['ffffffffffff.12', '900000000000:900000000000:']) {
      const res = await get(staff.token, `/api/pos/salon/products/changes?since=${since}`);
      expect(res.statusCode, since).toBe(410);
      expect(res.json().message).toMatch(/load the whole list again/);
    }
    // the beginning of time is a valid cursor: everything the outlet sells
    const { data } = await list(staff.token);
    const all = await changes(staff.token, '1:1:');
    expect(all.data).toEqual(data);
  });
});

describe('GET /api/get-products/{outlet} (the contract list) gets the same ETag and compression', () => {
  it('keeps its shape, answers 304 when unchanged and a new list after a restock, per view (admin, staff)', async () => {
    const p = await pos.product({ outlet: 'salon', name: 'Contract Mousse', cost_price: 1500, quantity: 1 });
    for (const token of [admin, staff.token]) {
      const first = await get(token, '/api/get-products/salon');
      expect(Object.keys(first.json())).toEqual(['data']);
      const etag = first.headers.etag as string;
      expect((await get(token, '/api/get-products/salon', { 'if-none-match': etag })).statusCode).toBe(304);
      const gz = await get(token, '/api/get-products/salon', { 'accept-encoding': 'gzip', 'if-none-match': 'W/"other"' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(first.json());
    }
    // admins and staff never share an ETag: their answers differ (cost prices)
    const adminTag = (await get(admin, '/api/get-products/salon')).headers.etag;
    const staffRes = await get(staff.token, '/api/get-products/salon', { 'if-none-match': adminTag as string });
    expect(staffRes.statusCode).toBe(200);
    expect(JSON.stringify(staffRes.json())).not.toContain('cost_price');
    expect(await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${p.id}`, payload: { quantity: 5 } }).then((r) => r.statusCode)).toBe(200);
    const after = await get(admin, '/api/get-products/salon', { 'if-none-match': adminTag as string });
    expect(after.statusCode).toBe(200);
    expect((after.json().data as { id: number; quantity: number }[]).find((x) => x.id === p.id)!.quantity).toBe(6);
  });
});
