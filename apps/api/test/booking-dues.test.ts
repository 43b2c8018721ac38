import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, monthRange, studioDate } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { uniqueName } from './helpers/fixtures.js';

// One definition of what bookings owe (issue 17, item 2): a cancelled booking is out of its own balance, the totals
// of Manage Bookings, the owing filter, the dashboard and the finance summaries, and those three readers agree.
// A pending booking's first payment confirms it, in the log.

let t: TestApp;
let admin: string;
let pkg: number;
const today = studioDate(new Date(), 'Africa/Lagos');
const month = today.slice(0, 7);
const { from, to } = monthRange(month);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
type Booking = { id: number; status: string; price: number; amount_paid: number; balance: number };
async function book(over: Record<string, unknown>): Promise<Booking> {
  const res = await call('POST', '/api/bridalbookings', { client_name: uniqueName('Bride'), phone: '08031234567', event_date: today, package_id: pkg, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const cancel = async (b: Booking, deposit_outcome?: string) => (await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'cancelled', ...(deposit_outcome ? { deposit_outcome } : {}) })).json().data as Booking;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  pkg = (await call('POST', '/api/bridalpackages', { name: uniqueName('Gold'), price: 250000 })).json().data.id;
});
afterAll(() => t.close());

describe('what bookings owe', () => {
  it('a cancelled booking owes nothing; Manage Bookings, the dashboard and the finance summary read the same figure', async () => {
    const owing = await book({ price: 200000, amount_paid: 50000, payment_method: 'transfer' }); // owes 150,000
    const unpaid = await book({ price: 100000, event_date: to }); // owes 100,000 on the month's last day
    const cancelledUnpaid = await cancel(await book({ price: 200000 }));
    // its deposit forfeited: the studio keeps the money, and the booking owes nothing (issue 28, item 4)
    const cancelledDeposit = await cancel(await book({ price: 300000, amount_paid: 105000, payment_method: 'cash' }), 'forfeited');
    await book({ price: 70000, event_date: addDays(to, 1) }); // next month: not this month's

    expect(cancelledUnpaid).toMatchObject({ status: 'cancelled', price: 200000, amount_paid: 0, balance: 0 });
    expect(cancelledDeposit).toMatchObject({ status: 'cancelled', price: 300000, amount_paid: 105000, balance: 0 });

    const list = (await call('GET', `/api/bridalbookings/getmonth/${month}`)).json();
    expect(list.data).toHaveLength(4);
    // the calendar's "owes" is each row's balance: none on a cancelled booking
    const byId = new Map((list.data as Booking[]).map((b) => [b.id, b.balance]));
    expect([byId.get(owing.id), byId.get(unpaid.id), byId.get(cancelledUnpaid.id), byId.get(cancelledDeposit.id)]).toEqual([150000, 100000, 0, 0]);
    // totals of the bookings that count: listed 4, booked 300,000, paid 50,000, due 250,000
    expect(list.summary).toEqual({ count: 4, price: 300000, amount_paid: 50000, balance: 250000 });

    const dashboard = (await call('GET', '/api/dashboard')).json().data;
    const finance = (await call('GET', `/api/finances/summary-range/${from}/${to}`)).json().data;
    expect(dashboard.bookings.month_balance_due).toBe(250000);
    expect(finance.bookings_due).toBe(250000);
    expect(list.summary.balance).toBe(dashboard.bookings.month_balance_due);
    expect(finance.bookings_due).toBe(dashboard.bookings.month_balance_due);
    // the dashboard's next 14 days: no cancelled booking, each one's balance its due
    expect((dashboard.bookings.upcoming as Booking[]).map((b) => b.id)).not.toContain(cancelledDeposit.id);
    expect((dashboard.bookings.upcoming as Booking[]).find((b) => b.id === owing.id)?.balance).toBe(150000);

    // owing (balance ≥ one kobo) and sorting by balance read the same due
    const owingIds = ((await call('GET', `/api/bridalbookings/getmonth/${month}?balance_min=0.01`)).json().data as Booking[]).map((b) => b.id).sort((a, b) => a - b);
    expect(owingIds).toEqual([owing.id, unpaid.id].sort((a, b) => a - b));
    expect((await call('GET', `/api/bridalbookings?sort=balance&order=desc`)).statusCode).toBe(200);

    // reopened, it owes again
    const reopened = (await call('PUT', `/api/bridalbookings/${cancelledUnpaid.id}`, { status: 'pending' })).json().data as Booking;
    expect(reopened.balance).toBe(200000);
    expect((await call('GET', `/api/finances/summary-range/${from}/${to}`)).json().data.bookings_due).toBe(450000);
    expect((await call('GET', '/api/dashboard')).json().data.bookings.month_balance_due).toBe(450000);
    expect((await call('GET', `/api/bridalbookings/getmonth/${month}`)).json().summary.balance).toBe(450000);
  });
});

describe('the first payment confirms a pending booking', () => {
  it('a deposit with the booking, or a later first payment, confirms it, logged; a confirmed one stays so', async () => {
    const withDeposit = await book({ price: 100000, amount_paid: 30000, payment_method: 'pos' });
    expect(withDeposit.status).toBe('confirmed');

    const later = await book({ price: 100000 });
    expect(later.status).toBe('pending');
    const paid = await call('POST', `/api/bridalbookings/${later.id}/payments`, { amount: 40000, method: 'transfer', date: today });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.record).toMatchObject({ status: 'confirmed', amount_paid: 40000, balance: 60000 });
    const log = (await call('GET', `/api/activity-log?resource=bridalbookings&record_id=${later.id}`)).json().data as { action: string; before: unknown; after: { status?: string; reason?: string } }[];
    const confirm = log.find((l) => l.action === 'confirm');
    expect(confirm).toMatchObject({ before: { status: 'pending' }, after: { status: 'confirmed', reason: 'Confirmed by its first payment.' } });

    const again = await call('POST', `/api/bridalbookings/${later.id}/payments`, { amount: 60000, method: 'cash', date: today });
    expect(again.json().data.record).toMatchObject({ status: 'confirmed', balance: 0 });
    const confirms = ((await call('GET', `/api/activity-log?resource=bridalbookings&record_id=${later.id}`)).json().data as { action: string }[]).filter((l) => l.action === 'confirm');
    expect(confirms).toHaveLength(1);

    // a reversal takes nothing back of the status: the desk decides
    const lines = (await call('GET', `/api/bridalbookings/${later.id}/payments`)).json().data as { id: number }[];
    const rev = await call('POST', `/api/bridalbookings/${later.id}/payments/${lines[0]!.id}/reverse`, { reason: 'Entered twice' });
    expect(rev.json().data.record.status).toBe('confirmed');
  });
});
