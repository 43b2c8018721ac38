import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { stockMovementsTable } from '../../src/db/schema.js';
import type { TestApp } from './test-app.js';

/** Products and sales through the API, as the POS screens make them. */
export function posHelpers(t: TestApp, adminToken: () => string) {
  let n = 0;
  const product = async (fields: Record<string, unknown> = {}) => {
    const res = await t.call(adminToken(), {
      method: 'POST',
      url: '/api/products',
      payload: { outlet: 'store', name: `Product ${++n} ${crypto.randomBytes(3).toString('hex')}`, price: 1000, cost_price: 600, quantity: 10, ...fields },
    });
    if (res.statusCode !== 201) throw new Error(`create product failed: ${res.statusCode} ${res.body}`);
    return res.json().data as { id: number; name: string; outlet: string; quantity: number | null; price: number; kind: string };
  };

  const sell = (token: string, body: Record<string, unknown>) =>
    t.call(token, { method: 'POST', url: '/api/orders', payload: { outlet: 'store', customer_name: 'Walk-in Customer', payment_method: 'cash', ...body } });

  const getProduct = async (id: number) => (await t.call(adminToken(), { method: 'GET', url: `/api/products/${id}` })).json().data as { quantity: number | null; [k: string]: unknown };

  /** The ledger straight from the table, oldest first. */
  const ledger = (productId: number) => t.database.db.select().from(stockMovementsTable).where(eq(stockMovementsTable.product_id, productId)).orderBy(stockMovementsTable.id);

  return { product, sell, getProduct, ledger };
}

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
