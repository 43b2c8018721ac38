import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDate, type Order } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { uniqueName } from './helpers/fixtures.js';

// Issue 28, item 2: a deposit is spent once. Checked out (or a booking completed), its lines are not reversed by any
// path; a refund of the sale pays back at most what came in. Money in and out is counted across every path.
let t: TestApp;
let admin: string;
let staff: { id: number; token: string };
let pos: ReturnType<typeof posHelpers>;
let service: { id: number; price: number };
const tz = 'Africa/Lagos';
const today = studioDate(new Date(), tz);
const kobo = (n: number) => Math.round(n * 100);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });

let phoneSeq = 400000;
const newPhone = () => `0806${String(++phoneSeq).padStart(7, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  pos = posHelpers(t, () => admin);
  service = await pos.product({ outlet: 'salon', kind: 'service', name: uniqueName('Gel nails'), price: 5000, cost_price: 0, quantity: null });
});
afterAll(() => t.close());

/** A done appointment for the ₦5,000 service with a deposit taken at booking. */
async function doneWithDeposit(amount: number, method = 'cash', token = staff.token) {
  const res = await call('POST', '/api/appointments', { client_name: uniqueName('Client'), client_phone: newPhone(), service_id: service.id, artist_id: staff.id, starts_at: `${today}T10:00:00+01:00`, amount_paid: amount, payment_method: method }, token);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  for (const status of ['arrived', 'done']) expect((await call('PUT', `/api/appointments/${id}`, { status }, token)).statusCode).toBe(200);
  return id;
}
const linesOf = async (id: number) => (await call('GET', `/api/appointments/${id}/payments`)).json().data as { id: number; amount: number; method: string; reversed_by: number | null }[];

describe('a deposit is spent once', () => {
  it('₦5,000 service, ₦1,000 cash deposit, check-out paying ₦4,000: the deposit is not reversed, a refund gives back at most ₦5,000', async () => {
    const id = await doneWithDeposit(1000);
    const [deposit] = await linesOf(id);
    const checkout = await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash', amount_paid: 4000 }, staff.token);
    expect(checkout.statusCode, checkout.body).toBe(201);
    const order = checkout.json().data as Order;
    expect(order).toMatchObject({ total: 5000, deposit: 1000, amount_paid: 4000 });

    // the reversal is refused, for staff and for the admin alike, saying why; nothing is written
    for (const token of [staff.token, admin]) {
      const res = await call('POST', `/api/appointments/${id}/payments/${deposit!.id}/reverse`, { reason: 'Client asked for it back' }, token);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.payment.join(' ')).toMatch(/spent at the check-out/);
    }
    expect((await linesOf(id)).map((l) => l.amount)).toEqual([1000]);
    expect((await call('GET', `/api/appointments/${id}`)).json().data.amount_paid).toBe(1000);

    // the sale's line refunded: the whole ₦5,000 that came in (₦1,000 deposit + ₦4,000 at the till), not a naira more
    const refund = await call('POST', `/api/orders/${order.id}/refunds`, { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }], method: 'cash', reason: 'Unhappy' });
    expect(refund.statusCode, refund.body).toBe(201);
    const refunded = refund.json().data as Order;
    expect(refunded.refunded).toBe(5000);
    // nothing is left to give back by any path
    const again = await call('POST', `/api/orders/${order.id}/refunds`, { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }], method: 'cash', reason: 'Again' });
    expect(again.statusCode).toBe(422);
    const reverse = await call('POST', `/api/appointments/${id}/payments/${deposit!.id}/reverse`, { reason: 'After the refund' });
    expect(reverse.statusCode).toBe(422);
    const inK = kobo(1000) + kobo(order.amount_paid) - kobo(order.change);
    const lines = await linesOf(id);
    const outK = kobo(refunded.refunded) - lines.filter((l) => l.amount < 0).reduce((k, l) => k + kobo(l.amount), 0);
    expect(inK).toBe(kobo(5000));
    expect(outK).toBeLessThanOrEqual(inK);
  });

  it('before check-out the deposit may still be reversed (a mistake), and the check-out then counts nothing for it', async () => {
    const id = await doneWithDeposit(1000);
    const [deposit] = await linesOf(id);
    const res = await call('POST', `/api/appointments/${id}/payments/${deposit!.id}/reverse`, { reason: 'Typed on the wrong client' }, staff.token);
    expect(res.statusCode, res.body).toBe(201);
    const checkout = await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash', amount_paid: 5000 }, staff.token);
    expect(checkout.json().data).toMatchObject({ total: 5000, deposit: 0, amount_paid: 5000 });
  });

  it('a transfer deposit spent at check-out cannot be flagged not received (which reverses it) either', async () => {
    const id = await doneWithDeposit(1000, 'transfer');
    const [deposit] = await linesOf(id);
    expect((await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash', amount_paid: 4000 }, staff.token)).statusCode).toBe(201);
    const res = await call('POST', '/api/transfers/not-received', { items: [{ kind: 'appointment', id: deposit!.id }], reason: 'Never arrived' });
    expect(res.statusCode, res.body).toBe(422);
    expect((await linesOf(id)).map((l) => l.amount)).toEqual([1000]);
  });

  it('the deposit is a tender with its own handler: a void of the sale releases the appointment, whose deposit is held again and counts once at its next check-out', async () => {
    const id = await doneWithDeposit(1000);
    const [deposit] = await linesOf(id);
    const first = (await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash', amount_paid: 4000 }, staff.token)).json().data as Order;
    expect(first.deposit).toBe(1000);
    expect((await call('GET', `/api/appointments/${id}`)).json().data.order_id).toBe(first.id);

    const voided = await call('DELETE', `/api/orders/${first.id}`, { reason: 'Wrong price keyed' });
    expect(voided.statusCode, voided.body).toBe(200);
    // not checked out any more: the void sale holds no deposit (before, it stayed spent on a void sale: neither income nor refundable)
    const released = (await call('GET', `/api/appointments/${id}`)).json().data;
    expect(released.order_id).toBeNull();
    expect(released.amount_paid).toBe(1000);
    const history = (await call('GET', `/api/activity-log?resource=appointments&record_id=${id}`)).json().data as { action: string }[];
    expect(history.map((h) => h.action)).toContain('checkout_voided');

    // checked out again: a new sale (not the void one answered again), the deposit counted once more, in it only
    const second = await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash', amount_paid: 4000 }, staff.token);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ status: 'paid', deposit: 1000, amount_paid: 4000 });
    expect(second.json().data.id).not.toBe(first.id);
    // and spent again: no reversal
    expect((await call('POST', `/api/appointments/${id}/payments/${deposit!.id}/reverse`, { reason: 'x' })).statusCode).toBe(422);

    // voided once more, the deposit can now be paid back to the client (a reversal), and the appointment checks out with none
    expect((await call('DELETE', `/api/orders/${second.json().data.id}`, { reason: 'Client left' })).statusCode).toBe(200);
    expect((await call('POST', `/api/appointments/${id}/payments/${deposit!.id}/reverse`, { reason: 'Paid back' })).statusCode).toBe(201);
    const third = await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash', amount_paid: 5000 }, staff.token);
    expect(third.json().data).toMatchObject({ deposit: 0, amount_paid: 5000 });
  });

  it("a completed booking's payments are not reversed; a confirmed one's still are", async () => {
    const pkg = await call('POST', '/api/bridalpackages', { name: uniqueName('Bridal'), price: 50000 });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const make = async () => {
      const res = await call('POST', '/api/bridalbookings', { client_name: uniqueName('Bride'), phone: newPhone(), event_date: today, package_id: pkg.json().data.id, amount_paid: 20000, payment_method: 'cash' });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as number;
      const [line] = (await call('GET', `/api/bridalbookings/${id}/payments`)).json().data as { id: number }[];
      return { id, line: line!.id };
    };
    const done = await make();
    expect((await call('PUT', `/api/bridalbookings/${done.id}`, { status: 'completed' })).statusCode).toBe(200);
    const refused = await call('POST', `/api/bridalbookings/${done.id}/payments/${done.line}/reverse`, { reason: 'x' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.payment.join(' ')).toMatch(/completed/);
    const open = await make();
    expect((await call('POST', `/api/bridalbookings/${open.id}/payments/${open.line}/reverse`, { reason: 'Wrong booking' })).statusCode).toBe(201);
  });
});

describe('appointment deposits in the money figures', () => {
  type DayCloseFigures = { expected: Record<string, number>; deposits: { count: number; total: number; by_method: Record<string, number> } };
  const dayClose = async () => (await call('GET', `/api/day-close/salon/${today}`)).json().data as DayCloseFigures;
  const income = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data.income as number;

  it('a deposit by transfer waits on Transfers to confirm; a refund of its sale waits for it too', async () => {
    const id = await doneWithDeposit(1000, 'transfer');
    const [deposit] = await linesOf(id);
    const waiting = (await call('GET', '/api/transfers/unconfirmed')).json().data as { kind: string; id: number; amount: number; parent_id: number }[];
    expect(waiting.find((l) => l.kind === 'appointment' && l.id === deposit!.id)).toMatchObject({ amount: 1000, parent_id: id });
    const order = (await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash', amount_paid: 4000 }, staff.token)).json().data as Order;
    const early = await call('POST', `/api/orders/${order.id}/refunds`, { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }], method: 'cash', reason: 'Unhappy' });
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().errors.payments.join(' ')).toMatch(/transfer nobody has confirmed yet.*on Transfers to confirm/);
    const confirmed = await call('POST', '/api/transfers/confirm', { items: [{ kind: 'appointment', id: deposit!.id }] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('GET', '/api/transfers/unconfirmed')).json().data.some((l: { kind: string; id: number }) => l.kind === 'appointment' && l.id === deposit!.id)).toBe(false);
    const refund = await call('POST', `/api/orders/${order.id}/refunds`, { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }], method: 'cash', reason: 'Unhappy' });
    expect(refund.statusCode, refund.body).toBe(201);
  });

  it('a cash deposit is in the drawer the day it is taken, and out of it the day it is paid back', async () => {
    const day0 = await dayClose();
    const res = await call('POST', '/api/appointments', { client_name: uniqueName('Client'), client_phone: newPhone(), service_id: service.id, artist_id: staff.id, starts_at: `${today}T15:00:00+01:00`, amount_paid: 1500, payment_method: 'cash' }, staff.token);
    const id = res.json().data.id as number;
    const day1 = await dayClose();
    expect(kobo(day1.deposits.by_method.cash) - kobo(day0.deposits.by_method.cash)).toBe(150_000);
    expect(kobo(day1.expected.cash) - kobo(day0.expected.cash)).toBe(150_000);
    expect(day1.deposits.count).toBe(day0.deposits.count + 1);
    await call('PUT', `/api/appointments/${id}`, { status: 'cancelled', deposit_outcome: 'refunded', refund_method: 'cash' }, staff.token);
    const day2 = await dayClose();
    expect(day2.expected.cash).toBe(day0.expected.cash);
  });

  it('income counts a deposit once: at its check-out inside the sale, or when forfeited; never when taken or kept', async () => {
    const i0 = await income();
    const id = await doneWithDeposit(1000);
    expect(await income()).toBe(i0);
    await call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'cash', amount_paid: 4000 }, staff.token);
    expect(kobo(await income()) - kobo(i0)).toBe(kobo(5000));

    const res = await call('POST', '/api/appointments', { client_name: uniqueName('Client'), client_phone: newPhone(), service_id: service.id, artist_id: staff.id, starts_at: `${today}T16:00:00+01:00`, amount_paid: 2000, payment_method: 'cash' }, staff.token);
    const other = res.json().data.id as number;
    const i1 = await income();
    await call('PUT', `/api/appointments/${other}`, { status: 'no_show', deposit_outcome: 'kept' }, staff.token);
    expect(await income()).toBe(i1);
    await call('PUT', `/api/appointments/${other}`, { deposit_outcome: 'forfeited' }, staff.token);
    expect(kobo(await income()) - kobo(i1)).toBe(kobo(2000));
    // reopened: the forfeit no longer holds, nor its income
    await call('PUT', `/api/appointments/${other}`, { status: 'booked' }, staff.token);
    expect(await income()).toBe(i1);
  });

  it("the dashboard's methods and the deposit line add up to the month's total", async () => {
    await doneWithDeposit(1000).then((id) => call('POST', `/api/appointments/${id}/checkout`, { payment_method: 'card', amount_paid: 4000 }, staff.token));
    const d = (await call('GET', '/api/dashboard')).json().data as { sales: { month: { total: number }; payment_methods: Record<string, number> } };
    expect(d.sales.payment_methods.deposit).toBeGreaterThanOrEqual(1000);
    const sumK = Object.values(d.sales.payment_methods).reduce((k, n) => k + kobo(n), 0);
    expect(sumK).toBe(kobo(d.sales.month.total));
  });
});
