import { and, eq } from 'drizzle-orm';
import { studioDate } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogTable, dayClosesTable, invoiceCountersTable } from '../src/db/schema.js';
import { snapshotDatabase } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { sellAt } from './helpers/sales.js';

// the backup a close asks for (and a refused close does not) is checked with a running schedule: day-close-backup.test.ts

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
  expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${voided.id}`, payload: { reason: 'Rung up by mistake' } })).statusCode).toBe(200);
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
      by_method: { cash: 14000, transfer: 14000, card: 0, pos: 3000, voucher: 0, credit: 0, package: 0 },
      change_given: 2000,
      expected_cash: 12000,
      voids: { count: 1, total: 5000 },
      // the day's two transfer lines wait for a person (issue 17)
      transfers: { unconfirmed: { count: 2, amount: 14000 }, not_received: { count: 0, amount: 0 } },
      // no partial refund paid out that day (refunds.test.ts)
      refunds: { count: 0, total: 0, by_method: { cash: 0, transfer: 0, card: 0, pos: 0, voucher: 0, credit: 0, package: 0 } },
      deposits: { count: 0, total: 0, by_method: { cash: 0, transfer: 0, card: 0, pos: 0, voucher: 0, credit: 0, package: 0 } },
      prepaid_sold: { count: 0, total: 0, by_method: { cash: 0, transfer: 0, card: 0, pos: 0, voucher: 0, credit: 0, package: 0 } },
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
      // what each method should hold: cash as tendered (14,000) less the change given (2,000)
      expected: { cash: 12000, transfer: 14000, card: 0, pos: 3000, voucher: 0, credit: 0, package: 0 },
      close: null,
      reopened: [],
      // no till has offline sales waiting, none kept for review (issue 18)
      devices_waiting: [],
      offline_review: 0,
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

  it('gives any staff member the whole outlet’s day (every method and staff line), never profit or cost', async () => {
    // Idle sold nothing that day, at that outlet: whoever closes the till sees all of it
    for (const token of [a.token, idle.token]) {
      const res = await get(token, `/api/day-close/store/${DAY}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ count: 3, total: 29000, expected_cash: 12000, expected: { cash: 12000, transfer: 14000, card: 0, pos: 3000 }, close: null });
      expect(data.by_staff).toEqual([
        { id: a.id, name: 'Amara', count: 2, total: 24000 },
        { id: b.id, name: 'Boma', count: 1, total: 5000 },
      ]);
      expect(data).not.toHaveProperty('gross_profit');
      expect(res.body).not.toMatch(/profit|cost/);
    }
    expect((await get(b.token, `/api/day-close/salon/${DAY}`)).json().data).toMatchObject({ count: 1, total: 20000 });
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

const close = (token: string, url: string, payload: unknown) => t.call(token, { method: 'POST', url, payload: payload as Record<string, unknown> });
const counted = (c: Partial<Record<'cash' | 'transfer' | 'card' | 'pos', unknown>>) => ({ counted: { cash: 0, transfer: 0, card: 0, pos: 0, ...c } });
const activity = (action: string, recordId: number) =>
  t.database.db
    .select()
    .from(activityLogTable)
    .where(and(eq(activityLogTable.resource, 'day_closes'), eq(activityLogTable.action, action), eq(activityLogTable.record_id, recordId)));

describe('POST /api/day-close/{outlet}/{date}: closing the day', () => {
  it('refuses bad counts, a future day and a bad outlet with 422 naming the field, and writes nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    const cases: [string, unknown, string][] = [
      [`/api/day-close/store/${DAY}`, counted({ cash: -1 }), 'counted.cash'],
      [`/api/day-close/store/${DAY}`, counted({ transfer: 10.005 }), 'counted.transfer'],
      [`/api/day-close/store/${DAY}`, counted({ pos: '3000' }), 'counted.pos'],
      [`/api/day-close/store/${DAY}`, { counted: { cash: 1, transfer: 0, pos: 0 } }, 'counted.card'],
      [`/api/day-close/store/${DAY}`, {}, 'counted'],
      [`/api/day-close/store/${DAY}`, { ...counted({}), note: 'x'.repeat(501) }, 'note'],
      [`/api/day-close/store/${studioDate(tomorrow, 'Africa/Lagos')}`, counted({}), 'date'],
      ['/api/day-close/store/2025-02-30', counted({}), 'date'],
      [`/api/day-close/mall/${DAY}`, counted({}), 'outlet'],
    ];
    for (const [url, body, field] of cases) {
      const res = await close(a.token, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.keys(res.json().errors), `${url} ${JSON.stringify(body)}`).toEqual([field]);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('records the close: expected per method as at the close, counted, over/short exact in kobo, who and when', async () => {
    const res = await close(b.token, `/api/day-close/store/${DAY}`, { ...counted({ cash: 11999.7, transfer: 14000.2, pos: 3000.1 }), note: '  Float of 5,000 kept aside  ' });
    expect(res.statusCode).toBe(201);
    const { close: record, ...day } = res.json().data;
    expect(day).toMatchObject({ count: 3, total: 29000, reopened: [] });
    expect(day).not.toHaveProperty('gross_profit');
    expect(record).toEqual({
      id: expect.any(Number),
      outlet: 'store',
      date: DAY,
      status: 'closed',
      expected: { cash: 12000, transfer: 14000, card: 0, pos: 3000, voucher: 0, credit: 0, package: 0 },
      counted: { cash: 11999.7, transfer: 14000.2, card: 0, pos: 3000.1, voucher: 0, credit: 0, package: 0 },
      // -0.3 + 0.2 + 0.1 is 2.8e-17 in floating point: the totals are summed in kobo
      over_short: { cash: -0.3, transfer: 0.2, card: 0, pos: 0.1, voucher: 0, credit: 0, package: 0 },
      expected_total: 29000,
      counted_total: 29000,
      over_short_total: 0,
      sales: { count: 3, total: 29000 },
      note: 'Float of 5,000 kept aside',
      closed_by: { id: b.id, name: 'Boma' },
      closed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reopened_by: null,
      reopened_at: null,
      reopen_reason: null,
    });
    expect(Object.is(record.over_short_total, -0)).toBe(false);
    expect(Math.abs(Date.now() - Date.parse(record.closed_at))).toBeLessThan(60_000);
    // the admin reads the same record
    expect((await get(admin, `/api/day-close/store/${DAY}`)).json().data.close).toEqual(record);
    const [line] = await activity('close', record.id);
    expect(line).toMatchObject({ user_id: b.id, user_name: 'Boma', after: { outlet: 'store', date: DAY, counted: { cash: 11999.7, transfer: 14000.2, card: 0, pos: 3000.1 }, expected: record.expected, over_short: 0 } });
  });

  it('a closed day cannot be closed again or edited (422 / no such call), and the record stays as it was', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const token of [a.token, admin]) {
      const res = await close(token, `/api/day-close/store/${DAY}`, counted({ cash: 12000, transfer: 14000, pos: 3000 }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'The Makeup Store day of Mar 14, 2025 is already closed (by Boma). An admin may reopen it.', errors: { date: [expect.any(String)] } });
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.call(admin, { method, url: `/api/day-close/store/${DAY}`, payload: counted({ cash: 12000 }) });
      expect(res.statusCode, method).toBe(404);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('refuses a sale, a void and a payment relabelling on the closed day with 422, changing nothing; other days still sell', async () => {
    const [order] = (await get(admin, `/api/orders/getmonth/2025-03/store?per_page=100`)).json().data.filter((o: { business_date: string; status: string }) => o.business_date === DAY && o.status === 'paid');
    const before = await snapshotDatabase(t.database.db);
    await expect(sellAt(t, a.id, `${DAY}T20:00:00+01:00`, { items: [{ product_id: product.id, quantity: 1 }] })).rejects.toMatchObject({
      statusCode: 422,
      message: 'The Makeup Store day of Mar 14, 2025 was closed by Boma. An admin must reopen the day before more sales are recorded on it.',
      errors: { business_date: [expect.any(String)] },
    });
    const voided = await t.call(admin, { method: 'DELETE', url: `/api/orders/${order.id}`, payload: { reason: 'Rung up by mistake' } });
    expect(voided.statusCode).toBe(422);
    expect(voided.json().message).toBe(`The Makeup Store day of Mar 14, 2025 was closed by Boma. An admin must reopen the day before invoice ${order.invoice_no} is voided.`);
    const relabel = await t.call(admin, { method: 'PUT', url: `/api/orders/${order.id}`, payload: { payment_method: order.payment_method === 'card' ? 'transfer' : 'card' } });
    expect(relabel.statusCode).toBe(422);
    expect(relabel.json().errors).toHaveProperty('business_date');
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    // the customer's details are not the day's money: they may still be corrected
    expect((await t.call(admin, { method: 'PUT', url: `/api/orders/${order.id}`, payload: { customer_name: 'Ada Obi' } })).statusCode).toBe(200);
    // the same outlet another day, and another outlet the same day, are open
    expect((await sellAt(t, a.id, `2025-03-13T12:00:00+01:00`, { items: [{ product_id: product.id, quantity: 1 }] })).business_date).toBe('2025-03-13');
    expect((await get(admin, `/api/day-close/salon/${DAY}`)).json().data.close).toBeNull();
  });

  it('refuses a sale through the POS once today is closed, without using an invoice number', async () => {
    const today = studioDate(new Date(), 'Africa/Lagos');
    const officeItem = await pos.product({ outlet: 'office', name: 'Brow Pencil', price: 2500, quantity: 5 });
    expect((await pos.sell(idle.token, { outlet: 'office', items: [{ product_id: officeItem.id, quantity: 1 }], amount_paid: 3000 })).statusCode).toBe(201);
    const closed = await close(idle.token, `/api/day-close/office/${today}`, counted({ cash: 2500 }));
    expect(closed.statusCode).toBe(201);
    expect(closed.json().data.close).toMatchObject({ expected: { cash: 2500 }, over_short: { cash: 0 }, over_short_total: 0, closed_by: { id: idle.id } });
    const counter = async () => (await t.database.db.select().from(invoiceCountersTable).where(eq(invoiceCountersTable.outlet, 'office')))[0]!.last;
    const last = await counter();
    const res = await pos.sell(a.token, { outlet: 'office', items: [{ product_id: officeItem.id, quantity: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^The PMU Office day of .* was closed by .*\. An admin must reopen the day before more sales are recorded on it\.$/);
    expect(await counter()).toBe(last);
    expect((await pos.getProduct(officeItem.id)).quantity).toBe(4);
  });

  it('a close racing with sales of the same day either counts a sale or refuses it, never misses one', async () => {
    const today = studioDate(new Date(), 'Africa/Lagos');
    const salonItem = await pos.product({ outlet: 'salon', name: 'Lash Glue', price: 1000, quantity: 50 });
    const sales = Array.from({ length: 6 }, () => pos.sell(a.token, { outlet: 'salon', items: [{ product_id: salonItem.id, quantity: 1 }] }));
    const [closed, ...sold] = await Promise.all([close(admin, `/api/day-close/salon/${today}`, counted({})), ...sales]);
    expect(closed.statusCode).toBe(201);
    const ok = sold.filter((r) => r.statusCode === 201).length;
    expect(sold.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    expect(closed.json().data.close.expected.cash).toBe(1000 * ok);
    expect((await get(admin, `/api/day-close/salon/${today}`)).json().data.by_method.cash).toBe(1000 * ok);
  });
});

describe('POST /api/day-close/{outlet}/{date}/reopen (admin)', () => {
  it('refuses staff (403) and a reopen without a reason (422), changing nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    const url = `/api/day-close/store/${DAY}/reopen`;
    for (const token of [a.token, b.token]) {
      const res = await close(token, url, { reason: 'Count again' });
      expect(res.statusCode).toBe(403);
    }
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await close(admin, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['reason']);
    }
    const notClosed = await close(admin, `/api/day-close/salon/${DAY}/reopen`, { reason: 'Count again' });
    expect(notClosed.statusCode).toBe(422);
    expect(notClosed.json().message).toBe('The Salon day of Mar 14, 2025 is not closed.');
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('reopens with the reason in the record and the activity log; the day then takes a void and closes again, keeping the history', async () => {
    const first = (await get(admin, `/api/day-close/store/${DAY}`)).json().data.close;
    const res = await close(admin, `/api/day-close/store/${DAY}/reopen`, { reason: '  A transfer was recorded as cash  ' });
    expect(res.statusCode).toBe(200);
    const reopenedDay = res.json().data;
    expect(reopenedDay.close).toBeNull();
    expect(reopenedDay.reopened).toEqual([
      { ...first, status: 'reopened', reopened_by: { id: expect.any(Number), name: expect.any(String) }, reopened_at: expect.stringMatching(/T/), reopen_reason: 'A transfer was recorded as cash' },
    ]);
    const [line] = await activity('reopen', first.id);
    expect(line).toMatchObject({ user_name: reopenedDay.reopened[0].reopened_by.name, before: { status: 'closed' }, after: { status: 'reopened', reason: 'A transfer was recorded as cash' } });
    // reopening twice: nothing is closed any more
    expect((await close(admin, `/api/day-close/store/${DAY}/reopen`, { reason: 'again' })).statusCode).toBe(422);

    // now the day's money may change, and the next close expects what it then holds
    const [order] = (await get(admin, `/api/orders/getmonth/2025-03/store?per_page=100`)).json().data.filter((o: { business_date: string; status: string; payment_method: string }) => o.business_date === DAY && o.status === 'paid' && o.payment_method === 'split');
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${order.id}`, payload: { reason: 'Rung up by mistake' } })).statusCode).toBe(200);
    const again = await close(a.token, `/api/day-close/store/${DAY}`, counted({ cash: 10000, transfer: 14000 }));
    expect(again.statusCode).toBe(201);
    const day = again.json().data;
    expect(day.close).toMatchObject({ status: 'closed', expected: { cash: 10000, transfer: 14000, card: 0, pos: 0 }, over_short_total: 0, closed_by: { id: a.id } });
    expect(day.close.id).not.toBe(first.id);
    expect(day.reopened.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect(await t.database.db.select().from(dayClosesTable).where(and(eq(dayClosesTable.outlet, 'store'), eq(dayClosesTable.business_date, DAY)))).toHaveLength(2);
  });
});
