import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { studioDate } from '@studio/shared';
import { bridalBookingsTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// Issue 28, item 4: a cancellation settles the money paid. Cancelling a booking or an appointment that holds money
// names deposit_outcome (422 without): refunded (paid back now by refund_method, a negative ledger line that day),
// forfeited (the studio keeps it) or kept (the client's credit, held on their page). A cancelled record never owes
// and never reads "paid in full".
let t: TestApp;
let admin: string;
let staff: { id: number; token: string };
let service: { id: number };
let packageId: number;
const today = studioDate(new Date(), 'Africa/Lagos');

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
let phoneSeq = 500000;
const newPhone = () => `0808${String(++phoneSeq).padStart(7, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  service = await posHelpers(t, () => admin).product({ outlet: 'salon', kind: 'service', name: uniqueName('Lashes'), price: 20000, cost_price: 0, quantity: null });
  const pkg = await call('POST', '/api/bridalpackages', { name: uniqueName('Bridal'), price: 150000 });
  packageId = pkg.json().data.id;
});
afterAll(() => t.close());

async function booking(paid = 50000, method = 'cash') {
  const res = await call('POST', '/api/bridalbookings', { client_name: uniqueName('Bride'), phone: newPhone(), event_date: '2027-06-12', package_id: packageId, ...(paid ? { amount_paid: paid, payment_method: method } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { id: number; amount_paid: number; status: string };
  // the record does not show its client: the link the server made from the phone
  const [row] = await t.database.db.select({ client_id: bridalBookingsTable.client_id }).from(bridalBookingsTable).where(eq(bridalBookingsTable.id, data.id));
  return { ...data, client_id: row!.client_id! };
}
async function appointment(paid = 5000, method = 'cash') {
  const res = await call('POST', '/api/appointments', { client_name: uniqueName('Client'), client_phone: newPhone(), service_id: service.id, artist_id: staff.id, starts_at: '2027-03-10T10:00:00+01:00', ...(paid ? { amount_paid: paid, payment_method: method } : {}) }, staff.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; client_id: number; amount_paid: number };
}
const held = async (clientId: number) => (await call('GET', `/api/clients/${clientId}/history`)).json().data.summary.deposits_held as number;
const lines = async (path: string, id: number) => (await call('GET', `/api/${path}/${id}/payments`)).json().data as { amount: number; method: string; date: string; note: string | null }[];

describe('cancelling a booking that holds money', () => {
  it('without deposit_outcome is a 422 on it, and nothing changes; with refunded, refund_method is required', async () => {
    const b = await booking();
    const before = await snapshotDatabase(t.database.db);
    const bare = await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'cancelled' });
    expect(bare.statusCode, bare.body).toBe(422);
    expect(bare.json().errors.deposit_outcome.join(' ')).toMatch(/₦50,000.00 is paid/);
    const noMethod = await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'cancelled', deposit_outcome: 'refunded' });
    expect(noMethod.statusCode).toBe(422);
    expect(noMethod.json().errors.refund_method).toBeDefined();
    const bad = await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'cancelled', deposit_outcome: 'lost' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.deposit_outcome).toBeDefined();
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('refunded: paid back now by the method chosen, a line of money out today; the booking then holds and owes nothing', async () => {
    const income = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data.income_by_source.bookings as number;
    const income0 = await income();
    const b = await booking();
    expect(await income()).toBe(income0 + 50000);
    const res = await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'cancelled', deposit_outcome: 'refunded', refund_method: 'transfer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', deposit_outcome: 'refunded', amount_paid: 0, balance: 0 });
    expect((await lines('bridalbookings', b.id)).map((l) => [l.amount, l.method, l.date])).toEqual([
      [50000, 'cash', today],
      [-50000, 'transfer', today],
    ]);
    // the booking income of the day nets to nothing: in 50,000, out 50,000
    expect(await income()).toBe(income0);
  });

  it('forfeited: the studio keeps it (the payment stays in income); kept: held as the client’s credit on their page', async () => {
    const f = await booking(30000);
    const forfeited = await call('PUT', `/api/bridalbookings/${f.id}`, { status: 'cancelled', deposit_outcome: 'forfeited' });
    expect(forfeited.json().data).toMatchObject({ status: 'cancelled', deposit_outcome: 'forfeited', amount_paid: 30000, balance: 0 });
    expect(await held(f.client_id)).toBe(0);
    const k = await booking(40000);
    const kept = await call('PUT', `/api/bridalbookings/${k.id}`, { status: 'cancelled', deposit_outcome: 'kept' });
    expect(kept.json().data).toMatchObject({ deposit_outcome: 'kept', amount_paid: 40000 });
    expect(await held(k.client_id)).toBe(40000);
    // reopened, the cancellation's outcome no longer holds
    const reopened = await call('PUT', `/api/bridalbookings/${k.id}`, { status: 'pending' });
    expect(reopened.json().data).toMatchObject({ status: 'pending', deposit_outcome: null });
  });

  it("kept: a booking's deposit leaves the bookings' income on the day it is kept and is income again only when the credit is spent (decision 032)", async () => {
    const summary = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data as { income: number; income_by_source: { bookings: number; sales: number } };
    const phone = newPhone();
    const res = await call('POST', '/api/bridalbookings', { client_name: uniqueName('Bride'), phone, event_date: '2027-06-12', package_id: packageId, amount_paid: 20000, payment_method: 'cash' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const paid = await summary();
    expect((await call('PUT', `/api/bridalbookings/${id}`, { status: 'cancelled', deposit_outcome: 'kept' })).statusCode).toBe(200);
    const kept = await summary();
    // the ₦20,000 is the client's credit now: owed in service, not income
    expect(kept.income_by_source.bookings).toBe(paid.income_by_source.bookings - 20000);
    expect(kept.income).toBe(paid.income - 20000);
    // spent at the till on a ₦20,000 service: income once, as a sale
    const sale = await posHelpers(t, () => admin).sell(admin, { outlet: 'salon', items: [{ product_id: service.id, quantity: 1 }], payments: [{ method: 'credit', amount: 20000 }], payment_method: undefined, customer_name: 'Bride', customer_phone: phone });
    expect(sale.statusCode, sale.body).toBe(201);
    const spent = await summary();
    expect(spent.income_by_source.sales).toBe(kept.income_by_source.sales + 20000);
    expect(spent.income).toBe(paid.income);
    // the kept daily totals are what a recount from scratch gives
    const shape = (from: string) => sql.raw(`select grain, source, day::text as day, key, count, amount::text as amount from ${from} where count <> 0 or amount <> 0 or extra <> 0 order by 1, 2, 3, 4`);
    const rows = async (q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: unknown[] }).rows;
    expect(await rows(shape('daily_totals'))).toEqual(await rows(shape('daily_totals_recount()')));
  });

  it('a booking with nothing paid is cancelled without a question', async () => {
    const b = await booking(0);
    const res = await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deposit_outcome).toBeNull();
  });

  it('a transfer not yet confirmed is not refunded until it is', async () => {
    const b = await booking(20000, 'transfer');
    const res = await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'cancelled', deposit_outcome: 'refunded', refund_method: 'cash' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.deposit_outcome.join(' ')).toMatch(/not confirmed/);
  });
});

describe('cancelling an appointment that holds a deposit', () => {
  it('needs deposit_outcome (staff too); refunded pays it back by the method today', async () => {
    const a = await appointment();
    const bare = await call('PUT', `/api/appointments/${a.id}`, { status: 'cancelled' }, staff.token);
    expect(bare.statusCode, bare.body).toBe(422);
    expect(bare.json().errors.deposit_outcome).toBeDefined();
    const res = await call('PUT', `/api/appointments/${a.id}`, { status: 'cancelled', deposit_outcome: 'refunded', refund_method: 'cash' }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', deposit_outcome: 'refunded', amount_paid: 0 });
    expect((await lines('appointments', a.id)).map((l) => [l.amount, l.method])).toEqual([
      [5000, 'cash'],
      [-5000, 'cash'],
    ]);
    expect(await held(a.client_id)).toBe(0);
  });

  it('kept is held on the client; forfeited is not; a no-show may be refunded too', async () => {
    const k = await appointment(3000);
    expect((await call('PUT', `/api/appointments/${k.id}`, { status: 'cancelled', deposit_outcome: 'kept' }, staff.token)).json().data).toMatchObject({ deposit_outcome: 'kept', amount_paid: 3000 });
    expect(await held(k.client_id)).toBe(3000);
    const f = await appointment(3000);
    expect((await call('PUT', `/api/appointments/${f.id}`, { status: 'cancelled', deposit_outcome: 'forfeited' }, staff.token)).json().data).toMatchObject({ deposit_outcome: 'forfeited' });
    expect(await held(f.client_id)).toBe(0);
    const n = await appointment(2000);
    const noShow = await call('PUT', `/api/appointments/${n.id}`, { status: 'no_show', deposit_outcome: 'refunded', refund_method: 'cash' }, staff.token);
    expect(noShow.json().data).toMatchObject({ status: 'no_show', deposit_outcome: 'refunded', amount_paid: 0 });
    // the outcome of a no-show kept may become a refund later; a refund is not undone by another outcome
    expect((await call('PUT', `/api/appointments/${n.id}`, { deposit_outcome: 'kept' }, staff.token)).statusCode).toBe(422);
  });

  it('an appointment without a deposit is cancelled without a question', async () => {
    const a = await appointment(0);
    const res = await call('PUT', `/api/appointments/${a.id}`, { status: 'cancelled' }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
  });
});
