import { studioDate } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { sellAt } from './helpers/sales.js';

let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<TestApp['staff']>>;
let b: Awaited<ReturnType<TestApp['staff']>>;
let idle: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
let product: { id: number };
let service: { id: number };
let voided: { id: number };

const DAY = '2025-03-14';
const get = (token: string, url: string) => t.call(token, { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  a = await t.staff({ name: 'Amara' });
  b = await t.staff({ name: 'Boma' });
  idle = await t.staff({ name: 'Idle' });
  pos = posHelpers(t, () => admin);
  product = await pos.product({ outlet: 'store', name: 'Silk Foundation', price: 5000, cost_price: 3000, quantity: 50 });
  service = await pos.product({ outlet: 'store', name: 'Soft Glam Makeup', kind: 'service', price: 15000, cost_price: 0 });
  const salonWig = await pos.product({ outlet: 'salon', name: 'Wig Install', kind: 'service', price: 20000 });

  await sellAt(t, a.id, `${DAY}T09:15:00+01:00`, { items: [{ product_id: product.id, quantity: 2 }], payment_method: 'cash', amount_paid: 12000 });
  await sellAt(t, a.id, `${DAY}T11:00:00+01:00`, {
    items: [{ product_id: service.id, quantity: 1 }],
    discount: 1000,
    payments: [
      { method: 'transfer', amount: 10000, reference: null },
      { method: 'transfer', amount: 4000, reference: null },
    ],
  });
  await sellAt(t, b.id, `${DAY}T15:40:00+01:00`, {
    items: [{ product_id: product.id, quantity: 1 }],
    payments: [
      { method: 'pos', amount: 3000, reference: null },
      { method: 'cash', amount: 2000, reference: null },
    ],
  });
  voided = await sellAt(t, b.id, `${DAY}T18:00:00+01:00`, { items: [{ product_id: product.id, quantity: 1 }] });
  // the studio day ends at midnight in Lagos: 23:30 UTC is already the next day
  await sellAt(t, a.id, `${DAY}T23:30:00Z`, { items: [{ product_id: product.id, quantity: 1 }] });
  // another outlet the same day
  await sellAt(t, a.id, `${DAY}T12:00:00+01:00`, { outlet: 'salon', items: [{ product_id: salonWig.id, quantity: 1 }] });
  // voided the next morning: still counted against the day of the sale
  expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${voided.id}` })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/day-close/{outlet}/{date}', () => {
  it('gives an admin the till: sales by method, expected cash, voids, items, staff and gross profit', async () => {
    const res = await get(admin, `/api/day-close/store/${DAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      outlet: 'store',
      date: DAY,
      count: 3,
      total: 29000,
      discount: 1000,
      by_method: { cash: 14000, transfer: 14000, card: 0, pos: 3000 },
      change_given: 2000,
      expected_cash: 12000,
      voids: { count: 1, total: 5000 },
      items: [
        // equal totals: by name
        { product_id: product.id, name: 'Silk Foundation', quantity: 3, total: 15000 },
        { product_id: service.id, name: 'Soft Glam Makeup', quantity: 1, total: 15000 },
      ],
      by_staff: [
        { id: a.id, name: 'Amara', count: 2, total: 24000 },
        { id: b.id, name: 'Boma', count: 1, total: 5000 },
      ],
      gross_profit: 29000 - 3 * 3000,
    });
  });

  it('counts the sale after midnight Lagos time on the next day', async () => {
    const next = (await get(admin, '/api/day-close/store/2025-03-15')).json().data;
    expect(next).toMatchObject({ count: 1, total: 5000, by_method: { cash: 5000 } });
  });

  it('an empty day is zeros, not an error', async () => {
    const res = await get(admin, '/api/day-close/office/2025-03-14');
    expect(res.json().data).toMatchObject({ count: 0, total: 0, expected_cash: 0, voids: { count: 0, total: 0 }, items: [], by_staff: [], by_method: { cash: 0, transfer: 0, card: 0, pos: 0 } });
  });

  it('lets staff read the till they worked that day: their own row only, never profit or cost', async () => {
    const res = await get(a.token, `/api/day-close/store/${DAY}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ count: 3, total: 29000, expected_cash: 12000 });
    expect(data.by_staff).toEqual([{ id: a.id, name: 'Amara', count: 2, total: 24000 }]);
    expect(data).not.toHaveProperty('gross_profit');
    expect(res.body).not.toMatch(/profit|cost/);
    // a staff member whose only sale that day was voided still worked that till
    expect((await get(b.token, `/api/day-close/store/${DAY}`)).json().data.by_staff).toEqual([{ id: b.id, name: 'Boma', count: 1, total: 5000 }]);
  });

  it('refuses staff a till they did not work (403)', async () => {
    for (const [token, url] of [
      [idle.token, `/api/day-close/store/${DAY}`],
      [b.token, `/api/day-close/salon/${DAY}`],
      [a.token, '/api/day-close/store/2025-03-13'],
    ] as const) {
      const res = await get(token, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
  });

  it('lets staff read today’s close of a till after a sale there through the POS', async () => {
    const today = studioDate(new Date(), 'Africa/Lagos');
    expect((await get(idle.token, `/api/day-close/store/${today}`)).statusCode).toBe(403);
    expect((await pos.sell(idle.token, { items: [{ product_id: product.id, quantity: 1 }] })).statusCode).toBe(201);
    const res = await get(idle.token, `/api/day-close/store/${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.by_staff).toEqual([expect.objectContaining({ id: idle.id, count: 1, total: 5000 })]);
  });

  it('answers a bad date or outlet with 422 and no token with 401', async () => {
    for (const url of ['/api/day-close/store/2025-02-30', '/api/day-close/store/14-03-2025', '/api/day-close/store/today', '/api/day-close/mall/2025-03-14']) {
      const res = await get(admin, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
    expect((await t.call(null, { method: 'GET', url: `/api/day-close/store/${DAY}` })).statusCode).toBe(401);
  });
});
