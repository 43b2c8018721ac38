import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { sellAt } from './helpers/sales.js';

let t: TestApp;
let admin: string;
let adminId: number;
let a: Awaited<ReturnType<TestApp['staff']>>;
let b: Awaited<ReturnType<TestApp['staff']>>;
let gone: Awaited<ReturnType<TestApp['staff']>>;
let quiet: Awaited<ReturnType<TestApp['staff']>>;
let voidedId: number;

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = (await get(admin, '/api/user')).json().data.id;
  a = await t.staff({ name: 'Amara' });
  b = await t.staff({ name: 'Boma' });
  gone = await t.staff({ name: 'Former Staff' });
  quiet = await t.staff({ name: 'Quiet' });
  const pos = posHelpers(t, () => admin);
  const store = await pos.product({ outlet: 'store', price: 2500.5, quantity: 100 });
  const office = await pos.product({ outlet: 'office', kind: 'service', price: 150000 });
  const salon = await pos.product({ outlet: 'salon', kind: 'service', price: 30000 });

  await sellAt(t, a.id, '2025-03-01T08:00:00+01:00', { outlet: 'store', items: [{ product_id: store.id, quantity: 2 }] });
  await sellAt(t, a.id, '2025-03-10T12:00:00+01:00', { outlet: 'office', items: [{ product_id: office.id, quantity: 1 }] });
  await sellAt(t, a.id, '2025-03-31T23:30:00+01:00', { outlet: 'salon', items: [{ product_id: salon.id, quantity: 1 }] });
  // 23:30 UTC on 31 March is 1 April in Lagos: outside March
  await sellAt(t, a.id, '2025-03-31T23:30:00Z', { outlet: 'salon', items: [{ product_id: salon.id, quantity: 1 }] });
  await sellAt(t, a.id, '2025-02-28T12:00:00+01:00', { outlet: 'store', items: [{ product_id: store.id, quantity: 1 }] });
  await sellAt(t, b.id, '2025-03-05T12:00:00+01:00', { outlet: 'salon', items: [{ product_id: salon.id, quantity: 2 }] });
  voidedId = (await sellAt(t, b.id, '2025-03-06T12:00:00+01:00', { outlet: 'office', items: [{ product_id: office.id, quantity: 1 }] })).id;
  await sellAt(t, gone.id, '2025-03-07T12:00:00+01:00', { outlet: 'store', items: [{ product_id: store.id, quantity: 1 }] });
  expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${voidedId}`, payload: { reason: 'Rung up by mistake' } })).statusCode).toBe(200);
  expect((await t.call(admin, { method: 'PUT', url: `/api/users/${gone.id}`, payload: { active: false } })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/orders-staff/{staffId}/{from}/{to}', () => {
  it('gives a staff member their own orders in the range with a summary by outlet', async () => {
    const res = await get(a.token, `/api/orders-staff/${a.id}/2025-03-01/2025-03-31`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((o: { business_date: string }) => o.business_date)).toEqual(['2025-03-31', '2025-03-10', '2025-03-01']);
    expect(body.data.every((o: { staff: { id: number } }) => o.staff.id === a.id)).toBe(true);
    expect(body.summary).toEqual({
      count: 3,
      total: 5001 + 150000 + 30000,
      sold: 5001 + 150000 + 30000,
      refunded: 0,
      by_outlet: { store: { count: 1, total: 5001 }, office: { count: 1, total: 150000 }, salon: { count: 1, total: 30000 } },
    });
    // contract §2: 20 a page unless asked
    expect(body).toMatchObject({ current_page: 1, total: 3, per_page: 20 });
    expect(res.body).not.toMatch(/cost|profit/);
  });

  it('lists a voided order but leaves it out of the summary', async () => {
    const body = (await get(b.token, `/api/orders-staff/${b.id}/2025-03-01/2025-03-31`)).json();
    expect(body.data.map((o: { id: number; status: string }) => [o.id, o.status])).toContainEqual([voidedId, 'void']);
    expect(body.summary).toEqual({ count: 1, total: 60000, sold: 60000, refunded: 0, by_outlet: { store: { count: 0, total: 0 }, office: { count: 0, total: 0 }, salon: { count: 1, total: 60000 } } });
  });

  it('pages on request', async () => {
    const body = (await get(a.token, `/api/orders-staff/${a.id}/2025-01-01/2025-12-31?page=2&per_page=2`)).json();
    expect(body).toMatchObject({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
    expect(body.data).toHaveLength(2);
    expect(body.summary.count).toBe(5);
  });

  it('refuses another staff member’s id with 403; admins may read anyone', async () => {
    const res = await get(a.token, `/api/orders-staff/${b.id}/2025-03-01/2025-03-31`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    expect((await get(admin, `/api/orders-staff/${b.id}/2025-03-01/2025-03-31`)).json().summary.count).toBe(1);
    expect((await get(admin, `/api/orders-staff/999999/2025-03-01/2025-03-31`)).json()).toMatchObject({ data: [], summary: { count: 0, total: 0 } });
  });

  it('answers bad dates with 422', async () => {
    for (const url of [`/api/orders-staff/${a.id}/2025-03-31/2025-03-01`, `/api/orders-staff/${a.id}/2025-02-30/2025-03-01`, `/api/orders-staff/${a.id}/march/2025-03-01`, `/api/orders-staff/${a.id}/2025-03-01/2025-03-01?page=0`]) {
      const res = await get(a.token, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
    expect((await get(a.token, '/api/orders-staff/abc/2025-03-01/2025-03-31')).statusCode).toBe(404);
  });
});

describe('GET /api/staff-performances/{from}/{to}', () => {
  it('is one row per staff member with count, total and by_outlet, best first (admin)', async () => {
    const res = await get(admin, '/api/staff-performances/2025-03-01/2025-03-31');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { staff: { id: number; name: string }; count: number; total: number; by_outlet: Record<string, { count: number; total: number }> }[];
    expect(rows[0]).toEqual({
      staff: { id: a.id, name: 'Amara', role: 'Sales' },
      count: 3,
      total: 185001,
      sold: 185001,
      refunded: 0,
      by_outlet: { store: { count: 1, total: 5001 }, office: { count: 1, total: 150000 }, salon: { count: 1, total: 30000 } },
      // the lines they did (issue 32): every line of their sales, none named for another artist
      work: { lines: 3, total: 185001 },
    });
    expect(rows[1]).toMatchObject({ staff: { id: b.id }, count: 1, total: 60000 });
    // a deactivated member still shows for a range they sold in; active members with no sales show zeros
    expect(rows.find((r) => r.staff.id === gone.id)).toMatchObject({ count: 1, total: 2500.5 });
    expect(rows.find((r) => r.staff.id === quiet.id)).toMatchObject({ count: 0, total: 0 });
    expect(rows.find((r) => r.staff.id === adminId)).toMatchObject({ count: 0 });
    expect(res.json()).toMatchObject({ from: '2025-03-01', to: '2025-03-31' });
    const april = (await get(admin, '/api/staff-performances/2025-04-01/2025-04-30')).json().data;
    expect(april.find((r: { staff: { id: number } }) => r.staff.id === gone.id)).toBeUndefined();
    expect(april[0]).toMatchObject({ staff: { id: a.id }, count: 1, total: 30000 });
  });

  it('nets a partial refund off the seller of the sale, in the sale’s range whenever it was made (as the invoice lists do)', async () => {
    const march = (await get(admin, `/api/orders-staff/${a.id}/2025-03-01/2025-03-31`)).json().data as { id: number; outlet: string; items: { id: number }[] }[];
    const storeSale = march.find((o) => o.outlet === 'store')!;
    // one of the two units (2 × ₦2,500.50) comes back today
    const res = await t.call(admin, { method: 'POST', url: `/api/orders/${storeSale.id}/refunds`, payload: { items: [{ order_item_id: storeSale.items[0]!.id, quantity: 1 }], method: 'cash', reason: 'Wrong shade' } });
    expect(res.statusCode).toBe(201);
    const rows = (await get(admin, '/api/staff-performances/2025-03-01/2025-03-31')).json().data as { staff: { id: number }; count: number; total: number; sold: number; refunded: number; by_outlet: Record<string, { count: number; total: number }> }[];
    const amara = rows.find((r) => r.staff.id === a.id)!;
    expect(amara).toMatchObject({ count: 3, total: 185001 - 2500.5, sold: 185001, refunded: 2500.5 });
    expect(amara.by_outlet.store).toEqual({ count: 1, total: 2500.5 });
    // the other sellers and ranges are untouched
    expect(rows.find((r) => r.staff.id === b.id)).toMatchObject({ total: 60000, refunded: 0 });
    expect((await get(admin, '/api/staff-performances/2025-04-01/2025-04-30')).json().data[0]).toMatchObject({ staff: { id: a.id }, total: 30000, refunded: 0 });
    // the seller's own view agrees
    expect((await get(a.token, `/api/orders-staff/${a.id}/2025-03-01/2025-03-31`)).json().summary).toMatchObject({ total: 185001 - 2500.5, sold: 185001, refunded: 2500.5 });
  });

  it('is admin only, and 422s bad dates', async () => {
    expect((await get(a.token, '/api/staff-performances/2025-03-01/2025-03-31')).statusCode).toBe(403);
    expect((await get(admin, '/api/staff-performances/2025-03-31/2025-03-01')).statusCode).toBe(422);
    expect((await get(admin, '/api/staff-performances/2025-3-1/2025-03-31')).statusCode).toBe(422);
  });
});
