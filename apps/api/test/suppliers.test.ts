import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Suppliers' own rules beyond the registry's contract tests (which cover their CRUD, roles, search, sort and the
// product's reference): a supplier that is gone is never named by a product or a restock (a 422, never a
// foreign-key 500, on PGlite and PostgreSQL alike), and a restock keeps its supplier and exact unit cost.

let t: TestApp;
let admin: string;
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

let n = 0;
async function supplier(): Promise<number> {
  const res = await t.call(admin, { method: 'POST', url: '/api/suppliers', payload: { name: `Glow Supplies ${++n}`, phone: '0803 123 4567' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const remove = (id: number) => t.call(admin, { method: 'DELETE', url: `/api/suppliers/${id}` });
const newProduct = (supplierId: number) =>
  t.call(admin, { method: 'POST', url: '/api/products', payload: { outlet: 'store', name: `Lash Glue ${++n}`, price: 1500, quantity: 4, supplier_id: supplierId } });

describe('a supplier that was deleted', () => {
  it('is refused with a 422 on supplier_id by a new product, a product edit and a restock, changing nothing', async () => {
    const gone = await supplier();
    expect((await remove(gone)).statusCode).toBe(200);
    const count = async () => (await t.call(admin, { method: 'GET', url: '/api/products?per_page=1' })).json().total;
    const before = await count();

    const created = await newProduct(gone);
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json().errors).toHaveProperty('supplier_id');
    expect(await count()).toBe(before);

    const p = await pos.product({ quantity: 2 });
    const edited = await t.call(admin, { method: 'PUT', url: `/api/products/${p.id}`, payload: { supplier_id: gone } });
    expect(edited.statusCode, edited.body).toBe(422);
    expect(edited.json().errors).toHaveProperty('supplier_id');
    const restock = await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${p.id}`, payload: { quantity: 5, supplier_id: gone } });
    expect(restock.statusCode, restock.body).toBe(422);
    expect(restock.json().errors).toHaveProperty('supplier_id');
    expect(await pos.getProduct(p.id)).toMatchObject({ quantity: 2, supplier_id: null });
    expect(await pos.ledger(p.id)).toHaveLength(1);
  });

  it('deleted while a product naming it is created: one of the two is refused with a 422, never a 500, and no product names a missing supplier', async () => {
    for (let i = 0; i < 6; i++) {
      const id = await supplier();
      const [del, created] = await Promise.all([remove(id), newProduct(id)]);
      expect([del.statusCode, created.statusCode].sort(), `${del.body} ${created.body}`).toEqual(del.statusCode === 200 ? [200, 422] : [201, 422]);
    }
    const orphans = await t.database.db.execute(sql`select count(*)::int as n from products p where p.supplier_id is not null and not exists (select 1 from suppliers s where s.id = p.supplier_id)`);
    expect((orphans as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('a restock', () => {
  it('records its supplier and its unit cost exactly, and lists them in the product history', async () => {
    const s = await supplier();
    const p = await pos.product({ quantity: 1 });
    const res = await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${p.id}`, payload: { quantity: 12, supplier_id: s, unit_cost: 1234.56, note: 'Invoice 88' } });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (await t.call(admin, { method: 'GET', url: `/api/products/${p.id}/movements` })).json().data;
    expect(line).toMatchObject({ reason: 'restock', change: 12, supplier_id: s, unit_cost: 1234.56, note: 'Invoice 88' });
    // a movement without them (the opening stock) says null, not absent
    const [, opening] = (await t.call(admin, { method: 'GET', url: `/api/products/${p.id}/movements` })).json().data;
    expect(opening).toMatchObject({ reason: 'opening', supplier_id: null, unit_cost: null });
  });

  it('refuses a unit cost that is not money (negative, three decimals, text) with a 422, changing nothing', async () => {
    const p = await pos.product({ quantity: 1 });
    for (const unit_cost of [-5, 10.555, 'ten']) {
      const res = await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${p.id}`, payload: { quantity: 3, unit_cost } });
      expect(res.statusCode, String(unit_cost)).toBe(422);
      expect(res.json().errors).toHaveProperty('unit_cost');
    }
    expect((await pos.getProduct(p.id)).quantity).toBe(1);
  });
});
