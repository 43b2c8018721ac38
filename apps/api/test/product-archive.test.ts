import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsTable } from '../src/db/schema.js';
import { posHelpers } from './helpers/pos.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// docs/api.md "Products and stock": a product with any history (sales, stock movements, transfers) is
// archived by DELETE, never deleted; one with no history at all is deleted.

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

const del = (id: number, token = admin) => t.call(token, { method: 'DELETE', url: `/api/products/${id}` });
const get = (url: string, token = admin) => t.call(token, { method: 'GET', url });
const ids = async (url: string, token = admin) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((p) => p.id);
};
const logOf = async (id: number) => (await get(`/api/activity-log?resource=products&record_id=${id}&per_page=100`)).json().data.map((e: { action: string }) => e.action) as string[];
const rowExists = async (id: number) => (await t.database.db.select({ id: productsTable.id }).from(productsTable).where(eq(productsTable.id, id))).length === 1;

/** Every list a product can show up in, for admins and staff. */
async function everywhere(outlet: string) {
  return [
    ...(await ids(`/api/products?outlet=${outlet}`)),
    ...(await ids(`/api/products?outlet=${outlet}&page=1&per_page=100`)),
    ...(await ids(`/api/products/search/Archive?outlet=${outlet}`)),
    ...(await ids(`/api/products/finished?outlet=${outlet}`)),
    ...(await ids(`/api/products/low?outlet=${outlet}`)),
    ...(await ids(`/api/products/stocked?outlet=${outlet}`)),
    ...(await ids(`/api/get-products/${outlet}`)),
    ...(await ids(`/api/get-products/${outlet}`, staff.token)),
    ...(await ids(`/api/products?outlet=${outlet}`, staff.token)),
    ...(await ids(`/api/pos/${outlet}/products`, staff.token)),
  ];
}

describe('DELETE of a product with history archives it', () => {
  it('a sold product: answered as a delete, gone from the till and every list, its invoice, ledger and record kept', async () => {
    const p = await pos.product({ name: 'Archive Me Lipstick', quantity: 6, reorder_level: 2 });
    const sale = (await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 2 }] })).json().data;
    expect(await everywhere('store')).toContain(p.id);
    const ledgerBefore = await pos.ledger(p.id);
    const tillCursor = (await get('/api/pos/store/products', staff.token)).json().cursor as string;

    const res = await del(p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id: p.id } });

    expect(await everywhere('store')).not.toContain(p.id);
    // a till that loaded the list before is told to drop it
    const changes = await get(`/api/pos/store/products/changes?since=${encodeURIComponent(tillCursor)}`, staff.token);
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json().removed).toContain(p.id);
    // the record is still there, marked, for the invoice that names it
    const kept = await get(`/api/products/${p.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ id: p.id, name: 'Archive Me Lipstick', quantity: 4, archived_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await get(`/api/orders/${sale.id}`)).json().data.items[0]).toMatchObject({ product_id: p.id, quantity: 2 });
    expect(await pos.ledger(p.id)).toEqual(ledgerBefore);
    expect((await get(`/api/products/${p.id}/movements`)).json().total).toBe(ledgerBefore.length);
    // the archived ones are listed on request
    expect(await ids('/api/products?archived=true&outlet=store')).toContain(p.id);
    expect(await ids('/api/products?archived=1')).toEqual(expect.arrayContaining([p.id]));
    expect(await ids('/api/products?archived=false&outlet=store')).not.toContain(p.id);
    expect((await get('/api/products?archived=maybe')).statusCode).toBe(422);
    expect((await logOf(p.id))[0]).toBe('archive');

    // it cannot be sold, restocked or transferred; a void of its old sale still brings the stock back
    const sell = await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 1 }] });
    expect(sell.statusCode).toBe(422);
    expect(sell.json().errors['items.0.product_id']).toEqual(['Archive Me Lipstick is archived and no longer sold.']);
    const restock = await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${p.id}`, payload: { quantity: 5 } });
    expect(restock.statusCode).toBe(422);
    expect(restock.json().errors.quantity[0]).toMatch(/archived/);
    const transfer = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: p.id, to_outlet: 'salon', quantity: 1 } });
    expect(transfer.statusCode).toBe(422);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${sale.id}`, payload: { reason: 'Rung up by mistake' } })).statusCode).toBe(200);
    expect((await pos.getProduct(p.id)).quantity).toBe(6);
  });

  it('a product never sold but with a stock ledger (opening stock, a restock, a write-off) is archived with its ledger', async () => {
    const p = await pos.product({ name: 'Archive Ledger Brush', quantity: 3 });
    expect((await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${p.id}`, payload: { quantity: 4, note: 'Supplier' } })).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${p.id}`, payload: { quantity: -7, note: 'Damaged' } })).statusCode).toBe(200);
    const ledger = await pos.ledger(p.id);
    expect(ledger.map((m) => m.reason)).toEqual(['opening', 'restock', 'write_off']);

    expect((await del(p.id)).json()).toEqual({ data: { id: p.id } });
    expect(await rowExists(p.id)).toBe(true);
    expect(await pos.ledger(p.id)).toEqual(ledger);
    expect(await everywhere('store')).not.toContain(p.id);
  });

  it('a product that only received a transfer is archived; the sender keeps its transfer line', async () => {
    const from = await pos.product({ outlet: 'store', name: 'Archive Transfer Palette', sku: 'ARCH-TR', quantity: 5 });
    const moved = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: from.id, to_outlet: 'salon', quantity: 2 } });
    expect(moved.statusCode).toBe(201);
    const to = moved.json().data.to as { id: number; sku: string };
    expect((await del(to.id)).statusCode).toBe(200);
    expect(await rowExists(to.id)).toBe(true);
    expect((await pos.ledger(to.id)).map((m) => m.reason)).toEqual(['transfer_in']);
    expect(await everywhere('salon')).not.toContain(to.id);
    // another transfer to the salon does not make a second item with its SKU: restore it first
    const again = await t.call(admin, { method: 'POST', url: '/api/stock-transfers', payload: { product_id: from.id, to_outlet: 'salon', quantity: 1 } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.to_outlet[0]).toMatch(/archived: restore it/);
    // nor does a new product with its SKU there (the salon's own, made by the transfer)
    expect(to).toMatchObject({ sku: 'SAL-ARCH-TR' });
    const dup = await t.call(admin, { method: 'POST', url: '/api/products', payload: { outlet: 'salon', name: 'New Palette', sku: 'sal-arch-tr', price: 100 } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.sku[0]).toMatch(/archived product/);
  });

  it('a sold service is archived too', async () => {
    const svc = await pos.product({ name: 'Archive Gele Tying', kind: 'service', quantity: null });
    expect((await pos.sell(staff.token, { items: [{ product_id: svc.id, quantity: 1 }] })).statusCode).toBe(201);
    expect((await del(svc.id)).statusCode).toBe(200);
    expect(await rowExists(svc.id)).toBe(true);
    expect(await everywhere('store')).not.toContain(svc.id);
  });

  it('the database refuses to delete a product that has a ledger, whatever the code path', async () => {
    const p = await pos.product({ quantity: 2 });
    await expect(t.database.db.execute(sql`delete from products where id = ${p.id}`)).rejects.toThrow();
    expect((await pos.ledger(p.id)).length).toBe(1);
  });
});

describe('a product with no history at all is deleted', () => {
  it('never stocked, never sold, never moved: DELETE removes it', async () => {
    const empty = await pos.product({ name: 'Archive Never Used', quantity: 0 });
    const service = await pos.product({ name: 'Archive Unsold Service', kind: 'service', quantity: null });
    for (const p of [empty, service]) {
      expect((await del(p.id)).json()).toEqual({ data: { id: p.id } });
      expect(await rowExists(p.id)).toBe(false);
      expect((await get(`/api/products/${p.id}`)).statusCode).toBe(404);
      expect((await logOf(p.id))[0]).toBe('delete');
    }
  });

  it('staff may neither delete nor restore', async () => {
    const p = await pos.product({ quantity: 0 });
    expect((await del(p.id, staff.token)).statusCode).toBe(403);
    expect((await t.call(staff.token, { method: 'POST', url: `/api/products/${p.id}/restore` })).statusCode).toBe(403);
    expect(await rowExists(p.id)).toBe(true);
  });
});

describe('POST /api/products/{id}/restore', () => {
  it('brings an archived product back to the lists and the till; a product in use is 422; an unknown one 404', async () => {
    const p = await pos.product({ name: 'Archive Restore Gloss', quantity: 8 });
    expect((await del(p.id)).statusCode).toBe(200);
    expect(await ids('/api/get-products/store')).not.toContain(p.id);
    const res = await t.call(admin, { method: 'POST', url: `/api/products/${p.id}/restore` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: p.id, archived_at: null, quantity: 8 });
    expect(await ids('/api/get-products/store')).toContain(p.id);
    expect(await ids('/api/products/stocked?outlet=store')).toContain(p.id);
    expect((await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 1 }] })).statusCode).toBe(201);
    expect(await logOf(p.id)).toEqual(['restore', 'archive', 'create']);
    const again = await t.call(admin, { method: 'POST', url: `/api/products/${p.id}/restore` });
    expect(again.statusCode).toBe(422);
    expect((await t.call(admin, { method: 'POST', url: '/api/products/99999999/restore' })).statusCode).toBe(404);
  });
});
