import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersTable } from '../src/db/schema.js';
import { posHelpers, sum } from './helpers/pos.js';
import { appOnSameDatabase, type OtherApp } from './helpers/second-app.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Two app processes on one database (two tills' servers, or a restart overlapping the old process):
// nothing about a sale may depend on memory one process has and the other has not. On PostgreSQL the
// second app has its own connection pool, as another process would; PGlite is embedded in one process,
// so there the two apps share it (docs/decisions/010-security.md).

let t: TestApp;
let other: OtherApp;
let admin: string;
let pos: ReturnType<typeof posHelpers>;
let seller: Awaited<ReturnType<TestApp['staff']>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await appOnSameDatabase(t);
  admin = await t.login();
  pos = posHelpers(t, () => admin);
  seller = await t.staff();
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

/** POST /api/orders through the first app (even i) or the second (odd i). */
const sellVia = (i: number, body: Record<string, unknown>) =>
  (i % 2 ? other : t).call(seller.token, { method: 'POST', url: '/api/orders', payload: { outlet: 'store', customer_name: 'Two Tills', payment_method: 'cash', ...body } });

describe('concurrent sales through two app instances on one database', () => {
  it('never oversell: 30 parallel sales of 1 for 7 in stock, split over both, sell exactly 7', async () => {
    const p = await pos.product({ name: 'Two Tills Lash Glue', quantity: 7 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sellVia(i, { items: [{ product_id: p.id, quantity: 1 }] })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 422)).toHaveLength(23);
    for (const a of answers.filter((x) => x.statusCode === 422)) expect(a.json().message).toMatch(/^Not enough stock/);
    expect((await pos.getProduct(p.id)).quantity).toBe(0);
    const ledger = await pos.ledger(p.id);
    expect(sum(ledger.map((m) => m.change))).toBe(0);
    expect(ledger.filter((m) => m.reason === 'sale')).toHaveLength(7);
    // invoice numbers: one each, no gaps, no repeats
    const numbers = answers.filter((a) => a.statusCode === 201).map((a) => Number(a.json().data.invoice_no.slice(4)));
    expect(new Set(numbers).size).toBe(7);
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(6);
  });

  it('carts crossing the same two products in opposite orders through both instances neither deadlock nor oversell', async () => {
    const a = await pos.product({ name: 'Two Tills Sponge', quantity: 10 });
    const b = await pos.product({ name: 'Two Tills Brush', quantity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        sellVia(i, { items: i % 2 ? [{ product_id: b.id, quantity: 1 }, { product_id: a.id, quantity: 1 }] : [{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 1 }] }),
      ),
    );
    expect(answers.filter((x) => x.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((x) => x.statusCode === 422)).toHaveLength(6);
    expect((await pos.getProduct(a.id)).quantity).toBe(0);
    expect((await pos.getProduct(b.id)).quantity).toBe(0);
  });

  it('one client_ref sent to both instances at once makes one order and sells once', async () => {
    const p = await pos.product({ name: 'Two Tills Setting Spray', quantity: 5 });
    const ref = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sellVia(i, { client_ref: ref, items: [{ product_id: p.id, quantity: 2 }] })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const orderIds = new Set(answers.map((a) => a.json().data.id));
    expect(orderIds.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replay'] === 'true')).toHaveLength(9);
    const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ordersTable).where(eq(ordersTable.client_ref, ref));
    expect(rows[0]!.n).toBe(1);
    expect((await pos.getProduct(p.id)).quantity).toBe(3);
    expect((await pos.ledger(p.id)).filter((m) => m.reason === 'sale')).toHaveLength(1);
  });
});

describe('the till list through two app instances on one database', () => {
  const get = (via: TestApp | OtherApp, url: string, headers: Record<string, string> = {}) => via.call(seller.token, { method: 'GET', url, headers });
  const changes = async (via: TestApp | OtherApp, since: string) => {
    const res = await get(via, `/api/pos/salon/products/changes?since=${encodeURIComponent(since)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { id: number; quantity: number | null }[]; removed: number[]; cursor: string };
  };

  it('either instance answers the other’s cursor and ETag alike: no 410, no reload', async () => {
    const gel = await pos.product({ outlet: 'salon', name: 'Two Tills Brow Gel', quantity: 6 });
    const pencil = await pos.product({ outlet: 'salon', name: 'Two Tills Brow Pencil', quantity: 1 });
    const first = await get(t, '/api/pos/salon/products');
    const second = await get(other, '/api/pos/salon/products');
    expect(second.json().data).toEqual(first.json().data);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await get(other, '/api/pos/salon/products', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);

    // nothing new: each instance hands the cursor back as it was
    const cursor = first.json().cursor as string;
    for (const via of [t, other]) expect(await changes(via, cursor)).toEqual({ data: [], removed: [], cursor });

    // a sale through each instance; each instance, asked from the first one's cursor, tells both
    const sale = (via: TestApp | OtherApp, productId: number, quantity: number) =>
      via.call(seller.token, { method: 'POST', url: '/api/orders', payload: { outlet: 'salon', customer_name: 'Two Tills', payment_method: 'cash', items: [{ product_id: productId, quantity }] } });
    expect((await sale(t, gel.id, 2)).statusCode).toBe(201);
    expect((await sale(other, pencil.id, 1)).statusCode).toBe(201);
    const fromFirst = await changes(t, cursor);
    const fromSecond = await changes(other, cursor);
    expect(fromFirst.data).toEqual([expect.objectContaining({ id: gel.id, quantity: 4 })]);
    expect(fromFirst.removed).toEqual([pencil.id]);
    expect(fromSecond.data).toEqual(fromFirst.data);
    expect(fromSecond.removed).toEqual(fromFirst.removed);
    // and the new cursor of one is a quiet poll on the other
    expect(await changes(other, fromFirst.cursor)).toEqual({ data: [], removed: [], cursor: fromFirst.cursor });
    expect(await changes(t, fromSecond.cursor)).toEqual({ data: [], removed: [], cursor: fromSecond.cursor });

    // the lists agree again, under a new ETag in both
    const after = [await get(t, '/api/pos/salon/products'), await get(other, '/api/pos/salon/products')];
    expect(after[1]!.json().data).toEqual(after[0]!.json().data);
    expect(after[0]!.headers.etag).not.toBe(first.headers.etag);
    expect(after[1]!.headers.etag).toBe(after[0]!.headers.etag);
  });
});
