import { and, eq } from 'drizzle-orm';
import { addDays, studioDate, type Digest, type DigestOutlet } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaymentsTable, orderRefundsTable, ordersTable } from '../src/features/pos/orders.table.js';
import { ADMIN, createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { sellAt } from './helpers/sales.js';

// The owner's daily digest (issue 30, item 5; docs/decisions/042-owner-digest.md). The day is today (the API sells
// "now": an above-limit discount approved at the till, a close and an edit after it); the history is put on past days.

let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<TestApp['staff']>>;
let b: Awaited<ReturnType<TestApp['staff']>>;
let c: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
let DAY: string;
const ids = {} as Record<'cashSale' | 'unconfirmed' | 'notReceived' | 'voided' | 'discounted', { id: number; invoice_no: string; payments: { id: number }[] }>;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => t.call(token, { method, url, payload: payload as never });
const digest = async (query = '') => {
  const res = await call(admin, 'GET', `/api/digest${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Digest;
};
const section = (d: Digest, outlet: string) => d.outlets.find((o) => o.outlet === outlet) as DigestOutlet;
const created = <T>(res: { statusCode: number; body: string; json(): { data: T } }) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  a = await t.staff({ name: 'Amara' });
  b = await t.staff({ name: 'Boma' });
  c = await t.staff({ name: 'Chidi' });
  pos = posHelpers(t, () => admin);
  DAY = studioDate(new Date(), 'Africa/Lagos');
  const foundation = await pos.product({ outlet: 'store', name: 'Silk Foundation', price: 5000, cost_price: 3000, quantity: 1000 });
  const glam = await pos.product({ outlet: 'store', name: 'Soft Glam Makeup', kind: 'service', price: 15000, cost_price: 0 });
  const wig = await pos.product({ outlet: 'salon', name: 'Wig Install', kind: 'service', price: 20000, cost_price: 0 });

  // the last 8 same weekdays: the store took 100,000 each, the salon 20,000
  for (let w = 1; w <= 8; w++) {
    const day = addDays(DAY, -7 * w);
    await sellAt(t, a.id, `${day}T10:00:00+01:00`, { items: [{ product_id: foundation.id, quantity: 20 }] });
    await sellAt(t, c.id, `${day}T10:00:00+01:00`, { outlet: 'salon', items: [{ product_id: wig.id, quantity: 1 }] });
  }
  // Boma's two earlier voids in the last 30 days (and the one today below): three, where Amara has none
  for (const back of [2, 3]) {
    const v = await sellAt(t, b.id, `${addDays(DAY, -back)}T11:00:00+01:00`, { items: [{ product_id: foundation.id, quantity: 1 }] });
    created(await call(admin, 'DELETE', `/api/orders/${v.id}`, { reason: 'Rung twice' }));
  }

  // today at the store
  ids.cashSale = created(await pos.sell(a.token, { items: [{ product_id: foundation.id, quantity: 2 }], payment_method: 'cash', amount_paid: 12000 }));
  ids.unconfirmed = created(await pos.sell(a.token, { items: [{ product_id: foundation.id, quantity: 1 }], payments: [{ method: 'transfer', amount: 5000, reference: 'FT-A1' }] }));
  ids.notReceived = created(await pos.sell(b.token, { items: [{ product_id: foundation.id, quantity: 1 }], payments: [{ method: 'transfer', amount: 5000, reference: 'FT-B1' }] }));
  ids.voided = created(await pos.sell(b.token, { items: [{ product_id: foundation.id, quantity: 1 }], payments: [{ method: 'pos', amount: 5000, reference: null }] }));
  ids.discounted = created(
    await pos.sell(a.token, { items: [{ product_id: glam.id, quantity: 1 }], discount: 5000, payment_method: 'cash', amount_paid: 10000, discount_approval: { username: ADMIN.username, password: ADMIN.password } }),
  );
  created(await call(admin, 'DELETE', `/api/orders/${ids.voided.id}`, { reason: 'Card declined after all' }));
  created(await call(admin, 'POST', `/api/orders/${ids.cashSale.id}/refunds`, { items: [{ product_id: foundation.id, quantity: 1 }], method: 'cash', reason: 'Wrong shade' }));
  created(await call(admin, 'POST', '/api/transfers/not-received', { items: [{ kind: 'sale', id: ids.notReceived.payments[0]!.id }], reason: 'Not in the account' }));
  // today at the salon: an ordinary day
  created(await pos.sell(c.token, { outlet: 'salon', items: [{ product_id: wig.id, quantity: 1 }], payment_method: 'transfer', payments: undefined }));
  // a credit nothing explains
  const when = `${DAY}T09:00:00`;
  const csv = ['Moniepoint MFB', 'Account Statement', '', 'Date,Narration,Reference,Debit,Credit,Balance', `${when},"TRANSFER FROM STRANGER",S4,,"1,250.00","101,250.00"`].join('\n');
  created(await call(admin, 'POST', '/api/bank-statements', { filename: 'moniepoint.csv', content: csv, account: '8012345678' }));
});
afterAll(() => t.close());

describe('GET /api/digest', () => {
  it("recounts the day's figures from the ledgers: sales by method, the void, the refund, the approved discount, the transfers", async () => {
    const d = await digest(`?date=${DAY}`);
    expect(d.date).toBe(DAY);
    expect(d.outlets.map((o) => o.outlet)).toEqual(['store', 'office', 'salon']);
    const store = section(d, 'store');

    // the ledgers, read straight from the tables
    const db = t.database.db;
    const paid = await db.select().from(ordersTable).where(and(eq(ordersTable.outlet, 'store'), eq(ordersTable.business_date, DAY), eq(ordersTable.status, 'paid')));
    const lines = await db.select({ method: orderPaymentsTable.method, amount: orderPaymentsTable.amount, order_id: orderPaymentsTable.order_id }).from(orderPaymentsTable);
    const paidIds = new Set(paid.map((o) => o.id));
    const byMethod: Record<string, number> = {};
    for (const l of lines.filter((x) => paidIds.has(x.order_id))) byMethod[l.method] = (byMethod[l.method] ?? 0) + Math.round(Number(l.amount) * 100);
    expect(store.sales.count).toBe(paid.length);
    expect(store.sales.count).toBe(4);
    expect(Math.round(store.sales.total * 100)).toBe(paid.reduce((k, o) => k + Math.round(Number(o.total) * 100), 0));
    expect(store.sales.total).toBe(10000 + 5000 + 5000 + 10000);
    for (const [m, k] of Object.entries(byMethod)) expect(Math.round(store.sales.by_method[m as 'cash'] * 100), m).toBe(k);
    expect(store.sales.by_method).toMatchObject({ cash: 22000, transfer: 10000, pos: 0 });

    expect(store.voids).toEqual([{ who: 'Boma', voided_by: expect.any(String), invoice: ids.voided.invoice_no, order_id: ids.voided.id, amount: 5000, reason: 'Card declined after all' }]);
    const refunds = await db.select().from(orderRefundsTable).where(eq(orderRefundsTable.business_date, DAY));
    expect(store.refunds).toEqual(refunds.map((r) => ({ who: r.staff_name, approved_by: r.approved_by_name, invoice: ids.cashSale.invoice_no, order_id: ids.cashSale.id, amount: Number(r.amount), reason: 'Wrong shade' })));
    expect(store.refunds.map((r) => r.amount)).toEqual([5000]);
    expect(store.discounts_above_limit).toEqual([{ who: 'Amara', approved_by: expect.any(String), invoice: ids.discounted.invoice_no, order_id: ids.discounted.id, amount: 5000 }]);
    expect(store.discounts_above_limit[0]!.approved_by.length).toBeGreaterThan(0);
    expect(store.transfers).toEqual({ unconfirmed: { count: 1, total: 5000 }, not_received: { count: 1, total: 5000 } });
    expect(store.offline_reviews).toEqual({ open: 0 });
    expect(store.cash).toBeNull(); // no close yet
    expect(d.credits_with_no_record).toEqual({ count: 1, total: 1250 });
  });

  it('flags takings under half the median of the same weekday, with the figures, and not an ordinary day', async () => {
    const d = await digest(`?date=${DAY}`);
    const low = section(d, 'store').exceptions.find((e) => e.kind === 'low_takings');
    expect(low).toMatchObject({ figure: 30000, median: 100000, spread: 0, link: '/invoices/product-invoices/store' });
    expect(low!.message).toMatch(/took ₦30,000\.00/);
    expect(low!.message).toMatch(/median of the last 8 .*₦100,000\.00/);
    // the salon took its usual 20,000; the PMU office has no history to judge by
    expect(section(d, 'salon').exceptions.filter((e) => e.kind === 'low_takings')).toEqual([]);
    expect(section(d, 'office').exceptions).toEqual([]);
  });

  it("flags a staff member's voids well above their colleagues' over 30 days, and not the colleague", async () => {
    const store = section(await digest(`?date=${DAY}&outlet=store`), 'store');
    const voids = store.exceptions.filter((e) => e.kind === 'staff_voids');
    expect(voids).toHaveLength(1);
    expect(voids[0]).toMatchObject({ figure: 3, median: 0, spread: 0 });
    expect(voids[0]!.message).toMatch(/^Boma has 3 voided sales/);
    expect(store.exceptions.some((e) => e.message.startsWith('Amara'))).toBe(false);
    // one refund, one transfer not received: nobody stands out
    expect(store.exceptions.filter((e) => e.kind === 'staff_refunds' || e.kind === 'staff_not_received')).toEqual([]);
  });

  it('after the day is closed: the cash counted against expected, and a sale edited after the close is an exception', async () => {
    expect(section(await digest(`?date=${DAY}&outlet=store`), 'store').exceptions.filter((e) => e.kind === 'edited_after_close')).toEqual([]);
    created(await call(a.token, 'POST', `/api/day-close/store/${DAY}`, { counted: { cash: 4500, transfer: 5000, card: 0, pos: 0 } }));
    created(await call(admin, 'PUT', `/api/orders/${ids.unconfirmed.id}`, { customer_name: 'Someone Else' }));
    const store = section(await digest(`?date=${DAY}&outlet=store`), 'store');
    // cash: 12,000 + 10,000 tendered, 2,000 change, 5,000 refunded
    expect(store.cash).toEqual({ expected: 15000, counted: 4500, over_short: -10500 });
    const edited = store.exceptions.filter((e) => e.kind === 'edited_after_close');
    expect(edited).toHaveLength(1);
    expect(edited[0]!.message).toContain(`edited invoice ${ids.unconfirmed.invoice_no}`);
    expect(edited[0]!.message).toContain('after that day was closed (by Amara)');
    expect(edited[0]!.link).toBe(`/finances/daily-digest?date=${DAY}&outlet=store&sale=${ids.unconfirmed.id}`);
  });

  it('takes pmu for the PMU office, defaults to today, refuses staff (403) and a bad date or outlet (422)', async () => {
    const one = await digest('?outlet=pmu');
    expect(one.date).toBe(DAY);
    expect(one.outlets.map((o) => o.outlet)).toEqual(['office']);
    expect((await call(a.token, 'GET', '/api/digest')).statusCode).toBe(403);
    for (const q of ['?date=2025-02-30', '?date=yesterday', '?outlet=kitchen', '?outlet=']) {
      const res = await call(admin, 'GET', `/api/digest${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors, q).toBeTruthy();
    }
  });
});
