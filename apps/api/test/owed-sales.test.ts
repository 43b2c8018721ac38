import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { studioDate, type Order } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 28, item 3 (decision 027): a sale whose transfer is marked not received owes it. The order carries `balance`,
// the client's balance and the payment reminders count it, income loses it, and POST /api/orders/{id}/payments
// settles it later (over the balance: 422; retry-safe; a transfer waits for confirmation).

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = studioDate(new Date(), 'Africa/Lagos');
const ref = () => crypto.randomUUID();
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const order = async (id: number) => (await call('GET', `/api/orders/${id}`)).json().data as Order;
const income = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data as { income: number; income_by_source: { sales: number } };
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The kept daily totals equal a recount from scratch (the balance ledger included). */
async function expectRecount() {
  const shape = (from: string) => sql.raw(`select grain, source, day::text as day, key, count, amount::text as amount from ${from} where count <> 0 or amount <> 0 or extra <> 0 order by 1, 2, 3, 4`);
  expect(await rows(shape('daily_totals'))).toEqual(await rows(shape('daily_totals_recount()')));
}

/** ₦7,000 paid ₦3,000 cash + ₦4,000 transfer, to a client by phone; the transfer marked not received. */
async function owingSale(phone: string) {
  const p = await pos.product({ price: 7000, quantity: 20 });
  const res = await pos.sell(staff.token, {
    items: [{ product_id: p.id, quantity: 1 }],
    customer_name: 'Ada Owes',
    customer_phone: phone,
    payment_method: undefined,
    payments: [
      { method: 'cash', amount: 3000 },
      { method: 'transfer', amount: 4000, reference: 'GTB-1' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const sale = res.json().data as Order;
  const line = sale.payments.find((x) => x.method === 'transfer')!;
  const flagged = await call('POST', '/api/transfers/not-received', { items: [{ kind: 'sale', id: line.id }], reason: 'No credit on the statement' });
  expect(flagged.statusCode, flagged.body).toBe(200);
  return sale;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff({ name: 'Kemi Till' });
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

describe('a transfer not received: the sale owes it', () => {
  it('the order, the client and the reminders show ₦4,000 owed, and income loses it; status stays paid', async () => {
    const before = await income();
    const sale = await owingSale('08035550001');
    const o = await order(sale.id);
    expect(o.status).toBe('paid');
    expect(o.balance).toBe(4000);
    expect(o.balance_payments.map((l) => l.amount)).toEqual([-4000]);
    // the list pages (JSON built in SQL) say the same
    const month = (await call('GET', `/api/orders/getmonth/${today.slice(0, 7)}/store`)).json().data as Order[];
    expect(month.find((x) => x.id === sale.id)).toEqual(o);
    // the client
    const history = (await call('GET', `/api/clients/${o.client_id}/history`)).json().data;
    expect(history.summary.balance_owed).toBe(4000);
    // the reminders
    const dues = (await call('GET', '/api/reminders/dues')).json().data as { kind: string; id: number; balance: number }[];
    expect(dues.find((d) => d.kind === 'sale' && d.id === sale.id)?.balance).toBe(4000);
    // income: ₦7,000 sold, ₦4,000 never came
    const after = await income();
    expect(after.income - before.income).toBe(3000);
    expect(after.income_by_source.sales - before.income_by_source.sales).toBe(3000);
    await expectRecount();
  });

  it('POST /api/orders/{id}/payments: over the balance is 422 on amount; a payment clears it, income and the day close get it', async () => {
    const sale = await owingSale('08035550002');
    const over = await call('POST', `/api/orders/${sale.id}/payments`, { method: 'cash', amount: 4000.01, client_ref: ref() }, staff.token);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toBeDefined();
    const noRef = await call('POST', `/api/orders/${sale.id}/payments`, { method: 'cash', amount: 1000 }, staff.token);
    expect(noRef.statusCode).toBe(422);

    const before = await income();
    const closeBefore = (await call('GET', `/api/day-close/store/${today}`)).json().data;
    const key = ref();
    const paid = await call('POST', `/api/orders/${sale.id}/payments`, { method: 'cash', amount: 4000, client_ref: key }, staff.token);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.balance).toBe(0);
    // a retry answers the first payment; the same key with another body is refused
    const again = await call('POST', `/api/orders/${sale.id}/payments`, { method: 'cash', amount: 4000, client_ref: key }, staff.token);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(paid.json());
    const other = await call('POST', `/api/orders/${sale.id}/payments`, { method: 'card', amount: 4000, client_ref: key }, staff.token);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.client_ref).toBeDefined();

    const o = await order(sale.id);
    expect(o.balance).toBe(0);
    expect(o.balance_payments.map((l) => [l.amount, l.method])).toEqual([[-4000, 'transfer'], [4000, 'cash']]);
    expect((await income()).income - before.income).toBe(4000);
    const closeAfter = (await call('GET', `/api/day-close/store/${today}`)).json().data;
    expect(closeAfter.expected.cash - closeBefore.expected.cash).toBe(4000);
    // nothing more is owed
    const more = await call('POST', `/api/orders/${sale.id}/payments`, { method: 'cash', amount: 1, client_ref: ref() });
    expect(more.statusCode).toBe(422);
    expect(more.json().errors.amount).toBeDefined();
    const history = (await call('GET', `/api/clients/${o.client_id}/history`)).json().data;
    expect(history.summary.balance_owed).toBe(0);
    await expectRecount();
  });

  it('a payment by transfer waits on Transfers to confirm; marked not received, it is owed again', async () => {
    const sale = await owingSale('08035550003');
    const paid = await call('POST', `/api/orders/${sale.id}/payments`, { method: 'transfer', amount: 4000, reference: 'GTB-2', client_ref: ref() });
    expect(paid.statusCode, paid.body).toBe(201);
    const line = (paid.json().data as Order).balance_payments.at(-1)!;
    expect(line.transfer_status).toBe('unconfirmed');
    const waiting = (await call('GET', '/api/transfers/unconfirmed')).json().data as { kind: string; id: number; amount: number }[];
    expect(waiting.find((w) => w.kind === 'sale-balance' && w.id === line.id)?.amount).toBe(4000);
    const before = await income();
    const flagged = await call('POST', '/api/transfers/not-received', { items: [{ kind: 'sale-balance', id: line.id }], reason: 'Bounced' });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect((await order(sale.id)).balance).toBe(4000);
    expect((await income()).income - before.income).toBe(-4000);
    await expectRecount();
  });

  it('a void of a sale that owes: nothing owed, nothing of it in income', async () => {
    const before = await income();
    const sale = await owingSale('08035550004');
    const voided = await call('DELETE', `/api/orders/${sale.id}`, { reason: 'Rung up twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.balance).toBe(0);
    expect((await income()).income).toBe(before.income);
    const pay = await call('POST', `/api/orders/${sale.id}/payments`, { method: 'cash', amount: 100, client_ref: ref() });
    expect(pay.statusCode).toBe(422);
    await expectRecount();
  });

  it('a sale paid in full owes nothing; an unknown order is 404', async () => {
    const p = await pos.product({ price: 500 });
    const res = await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 1 }] });
    const o = res.json().data as Order;
    expect(o.balance).toBe(0);
    expect(o.balance_payments).toEqual([]);
    expect((await call('POST', `/api/orders/${o.id}/payments`, { method: 'cash', amount: 1, client_ref: ref() })).statusCode).toBe(422);
    expect((await call('POST', '/api/orders/999999/payments', { method: 'cash', amount: 1, client_ref: ref() })).statusCode).toBe(404);
  });
});
