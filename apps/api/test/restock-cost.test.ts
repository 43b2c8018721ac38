import crypto from 'node:crypto';
import { studioDate } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 28, item 7: 12 × ₦9,500 came in and neither Income & Expenses nor the supplier showed ₦114,000 spent or
// owed. A restock with a unit cost is now paid now (an expense "Stock purchases" by method, in the day close when cash)
// or owed to the supplier (its payables, paid later against what is owed).

let t: TestApp;
let admin: string;
let pos: ReturnType<typeof posHelpers>;
const today = studioDate(new Date(), 'Africa/Lagos');
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const summary = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data as { expense: number; expense_by_category: Record<string, number> };
const expectedCash = async () => (await call('GET', `/api/day-close/salon/${today}`)).json().data.expected.cash as number;

let supplier: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  pos = posHelpers(t, () => admin);
  const s = await call('POST', '/api/suppliers', { name: `Lash House ${crypto.randomBytes(3).toString('hex')}` });
  expect(s.statusCode, s.body).toBe(201);
  supplier = s.json().data.id;
});
afterAll(() => t.close());

describe('a restock records what it cost', () => {
  it('paid now in cash: an expense "Stock purchases" of ₦114,000, out of the day close\'s cash', async () => {
    const p = await pos.product({ outlet: 'salon', price: 15000, quantity: 0 });
    const [before, cashBefore] = [await summary(), await expectedCash()];
    const res = await call('PUT', `/api/products/quantity/${p.id}`, { quantity: 12, unit_cost: 9500, supplier_id: supplier, paid: 'now', payment_method: 'cash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.quantity).toBe(12);
    const after = await summary();
    expect(after.expense - before.expense).toBe(114_000);
    expect((after.expense_by_category['Stock purchases'] ?? 0) - (before.expense_by_category['Stock purchases'] ?? 0)).toBe(114_000);
    expect(cashBefore - (await expectedCash())).toBe(114_000);
    const entries = (await call('GET', `/api/finances?category=${encodeURIComponent('Stock purchases')}`)).json().data as { amount: number; type: string }[];
    expect(entries.some((e) => e.type === 'expense' && e.amount === 114_000)).toBe(true);
  });

  it('owed to the supplier: its payables show ₦114,000 owed and no expense yet; payments clear it (over it is 422), each an expense', async () => {
    const p = await pos.product({ outlet: 'salon', price: 15000, quantity: 0 });
    const before = await summary();
    const res = await call('PUT', `/api/products/quantity/${p.id}`, { quantity: 12, unit_cost: 9500, supplier_id: supplier, paid: 'owed' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await summary()).expense).toBe(before.expense);
    const owed = (await call('GET', `/api/suppliers/${supplier}/payables`)).json().data;
    expect(owed.owed).toBe(114_000);
    expect(owed.lines.at(-1)).toMatchObject({ amount: 114_000, product_id: p.id });

    const over = await call('POST', `/api/suppliers/${supplier}/payments`, { amount: 114_000.01, method: 'transfer', client_ref: crypto.randomUUID() });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toBeDefined();
    const ref = crypto.randomUUID();
    const paid = await call('POST', `/api/suppliers/${supplier}/payments`, { amount: 100_000, method: 'transfer', client_ref: ref });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.owed).toBe(14_000);
    // a retry takes nothing twice
    const again = await call('POST', `/api/suppliers/${supplier}/payments`, { amount: 100_000, method: 'transfer', client_ref: ref });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.owed).toBe(14_000);
    expect((await summary()).expense - before.expense).toBe(100_000);
    const rest = await call('POST', `/api/suppliers/${supplier}/payments`, { amount: 14_000, method: 'cash', outlet: 'salon', client_ref: crypto.randomUUID() });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.owed).toBe(0);
    expect((await call('POST', `/api/suppliers/${supplier}/payments`, { amount: 1, method: 'cash', client_ref: crypto.randomUUID() })).statusCode).toBe(422);
  });

  it('refuses what cannot be: owed without a supplier, paid now without a method, paid without a unit cost, a write-off paid', async () => {
    const p = await pos.product({ outlet: 'salon', price: 15000, quantity: 5 });
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 2, unit_cost: 100, paid: 'owed' }, 'supplier_id'],
      [{ quantity: 2, unit_cost: 100, paid: 'now' }, 'payment_method'],
      [{ quantity: 2, paid: 'now', payment_method: 'cash' }, 'unit_cost'],
      [{ quantity: -1, paid: 'now', payment_method: 'cash', unit_cost: 100 }, 'paid'],
    ];
    for (const [body, field] of cases) {
      const res = await call('PUT', `/api/products/quantity/${p.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toBeDefined();
    }
    expect((await pos.getProduct(p.id)).quantity).toBe(5);
  });

  it('a restock with a unit cost and no choice keeps the cost on its movement and records no purchase (as before)', async () => {
    const p = await pos.product({ outlet: 'salon', price: 15000, quantity: 0 });
    const before = await summary();
    const res = await call('PUT', `/api/products/quantity/${p.id}`, { quantity: 3, unit_cost: 9500, supplier_id: supplier });
    expect(res.statusCode, res.body).toBe(200);
    expect((await summary()).expense).toBe(before.expense);
  });
});
