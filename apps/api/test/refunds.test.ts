import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { studioDate, type DayClose, type Order } from '@studio/shared';
import { activityLogTable } from '../src/db/schema.js';
import { ADMIN, createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 17, item 6: a partial refund of a sale. Items given back (stock back, each a ledger line), the money paid out
// in cash or by transfer with a reason; the sale's income and the day close net it (daily_totals equals its recount);
// a closed day refuses it; no more than was sold; a staff member needs an admin's approval; client_ref replays.
let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const tz = 'Africa/Lagos';
const today = studioDate(new Date(), tz);

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const kobo = (n: number) => Math.round(n * 100);
const dayClose = async (outlet: string) => (await call('GET', `/api/day-close/${outlet}/${today}`)).json().data as DayClose;
const income = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data as { income: number; income_by_source: { sales_office: number }; refunds: number };

/** Kept daily_totals rows against a full recount (rows at zero are as good as absent). */
async function expectRecount() {
  const shape = (from: string) =>
    sql.raw(`select grain, source, day::text as day, key, count, amount::text as amount, extra::text as extra from ${from} where count <> 0 or amount <> 0 or extra <> 0 order by 1, 2, 3, 4`);
  expect(await rows(shape('daily_totals'))).toEqual(await rows(shape('daily_totals_recount()')));
}

/** A sale at the office till: 3 serums (₦10,000.10 each) and a service (₦5,000), ₦1,000.30 off, paid in cash. */
async function sale(token = admin) {
  const serum = await pos.product({ outlet: 'office', price: 10_000.1, cost_price: 4_000, quantity: 10 });
  const brows = await pos.product({ outlet: 'office', kind: 'service', price: 5_000, cost_price: 0, quantity: null });
  const res = await pos.sell(token, { outlet: 'office', items: [{ product_id: serum.id, quantity: 3 }, { product_id: brows.id, quantity: 1 }], discount: 1_000.3, payment_method: 'cash', amount_paid: 35_000 });
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json().data as Order, serum, brows };
}
const refund = (orderId: number, body: Record<string, unknown>, token = admin) => call('POST', `/api/orders/${orderId}/refunds`, { method: 'cash', reason: 'Wrong shade', ...body }, token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff({ name: 'Boma Till' });
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

describe('POST /api/orders/{id}/refunds', () => {
  it('gives items back: stock and a refund ledger line, the invoice shows it, income and the day close net it, daily_totals equals its recount', async () => {
    const { order, serum } = await sale();
    const [serumLine, browsLine] = order.items;
    const [day0, income0] = [await dayClose('office'), await income()];
    const res = await refund(order.id, { items: [{ order_item_id: serumLine!.id, quantity: 1 }], reason: 'Wrong shade' });
    expect(res.statusCode, res.body).toBe(201);
    const after = res.json().data as Order;
    // 30,000.30 of serums and 5,000 of brows, 1,000.30 off: the serums' share of what was paid is 29,142.89 (largest
    // remainder), a third of it 9,714.30; what is left of the line gives back the rest, to the kobo
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({ amount: 9_714.3, method: 'cash', reason: 'Wrong shade', business_date: today, staff: { name: 'Studio Admin' }, approved_by: null });
    expect(after.refunds[0]!.items).toEqual([{ order_item_id: serumLine!.id, product_id: serum.id, name: serumLine!.name, quantity: 1, amount: 9_714.3 }]);
    expect(after.items.map((i) => i.refunded_quantity)).toEqual([1, 0]);
    expect(after.refunded).toBe(9_714.3);
    expect((await pos.getProduct(serum.id)).quantity).toBe(8);
    const ledger = await pos.ledger(serum.id);
    expect(ledger.at(-1)).toMatchObject({ reason: 'refund', change: 1, quantity_after: 8, order_id: order.id, note: order.invoice_no });
    const [log] = await t.database.db.select().from(activityLogTable).where(eq(activityLogTable.action, 'refund'));
    expect(log).toMatchObject({ resource: 'orders', record_id: order.id, user_name: 'Studio Admin' });

    // the day close: the refund apart, cash expected less it; income net of it, the refund shown for the record
    const [day1, income1] = [await dayClose('office'), await income()];
    expect(day1.refunds.count).toBe(day0.refunds.count + 1);
    expect(kobo(day1.refunds.by_method.cash) - kobo(day0.refunds.by_method.cash)).toBe(971_430);
    expect(kobo(day0.expected.cash) - kobo(day1.expected.cash)).toBe(971_430);
    expect(day1.total).toBe(day0.total);
    expect(kobo(income0.income) - kobo(income1.income)).toBe(971_430);
    expect(kobo(income0.income_by_source.sales_office) - kobo(income1.income_by_source.sales_office)).toBe(971_430);
    expect(kobo(income1.refunds) - kobo(income0.refunds)).toBe(971_430);

    // the rest, by product, back by transfer: the whole sale given back is its total exactly
    const rest = await refund(order.id, { items: [{ product_id: serum.id, quantity: 2 }, { order_item_id: browsLine!.id, quantity: 1 }], method: 'transfer', reference: 'GTB-REF-1', reason: 'Reaction' });
    expect(rest.statusCode, rest.body).toBe(201);
    const all = rest.json().data as Order;
    expect(all.refunded).toBe(order.total);
    expect(all.refunds[1]).toMatchObject({ method: 'transfer', reference: 'GTB-REF-1' });
    expect(all.items.map((i) => i.refunded_quantity)).toEqual([3, 1]);
    expect((await pos.getProduct(serum.id)).quantity).toBe(10);
    const day2 = await dayClose('office');
    expect(kobo(day2.refunds.by_method.transfer) - kobo(day1.refunds.by_method.transfer)).toBe(kobo(order.total) - 971_430);
    await expectRecount();
    const kept = await rows<{ count: number; amount: string }>(sql`select count, amount::text as amount from daily_totals where grain = 'd' and source = 'refund' and day = ${today} and key = 'office'`);
    expect(kept[0]!.count).toBeGreaterThanOrEqual(2);

    // a refunded sale is not voided (the rest would come back twice)
    const voided = await call('DELETE', `/api/orders/${order.id}`, { reason: 'Mistake' });
    expect(voided.statusCode).toBe(422);
    expect(voided.json().errors.status[0]).toMatch(/has refunds/);
    // an order deleted outright (no call does it) takes its refunds out of daily_totals too
    await t.database.db.execute(sql`delete from orders where id = ${order.id}`);
    await expectRecount();
  });

  it('refuses more than was sold, an item not on the invoice, a void sale and bad input, with a 422 and nothing changed', async () => {
    const { order, serum } = await sale();
    const line = order.items[0]!;
    expect((await refund(order.id, { items: [{ order_item_id: line.id, quantity: 2 }] })).statusCode).toBe(201);
    const over = await refund(order.id, { items: [{ order_item_id: line.id, quantity: 2 }] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['items.0.quantity']).toEqual([`Only 1 of ${line.name} can be refunded (3 sold, 2 refunded before).`]);
    // twice the same line in one call counts together
    const twice = await refund(order.id, { items: [{ product_id: serum.id, quantity: 1 }, { order_item_id: line.id, quantity: 1 }] });
    expect(twice.json().errors['items.1.quantity'][0]).toMatch(/^No .* is left to refund/);
    const other = await pos.product({ outlet: 'office' });
    const bad = [
      [{ items: [{ product_id: other.id, quantity: 1 }] }, 'items.0.product_id'],
      [{ items: [{ order_item_id: 999_999, quantity: 1 }] }, 'items.0.order_item_id'],
      [{ items: [{ order_item_id: line.id, product_id: serum.id, quantity: 1 }] }, 'items.0.order_item_id'],
      [{ items: [] }, 'items'],
      [{ items: [{ order_item_id: line.id, quantity: 0 }] }, 'items.0.quantity'],
      [{ items: [{ order_item_id: line.id, quantity: 1 }], method: 'card' }, 'method'],
      [{ items: [{ order_item_id: line.id, quantity: 1 }], reason: ' ' }, 'reason'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await refund(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect((await refund(999_999, { items: [{ order_item_id: line.id, quantity: 1 }] })).statusCode).toBe(404);
    const after = (await call('GET', `/api/orders/${order.id}`)).json().data as Order;
    expect(after.refunds).toHaveLength(1);
    expect((await pos.getProduct(serum.id)).quantity).toBe(9);

    const { order: gone } = await sale();
    expect((await call('DELETE', `/api/orders/${gone.id}`, { reason: 'Mistake' })).statusCode).toBe(200);
    expect((await refund(gone.id, { items: [{ order_item_id: gone.items[0]!.id, quantity: 1 }] })).json().errors.status[0]).toMatch(/is void/);
  });

  it('a sale paid by a transfer nobody confirmed is not refunded (422 on payments, nothing changed); confirmed, it is; not received, never', async () => {
    const balm = await pos.product({ outlet: 'store', price: 8_000, quantity: 10 });
    const byTransfer = async () => {
      const res = await pos.sell(admin, { outlet: 'store', items: [{ product_id: balm.id, quantity: 2 }], payments: [{ method: 'transfer', amount: 16_000, reference: `GTB-${crypto.randomUUID().slice(0, 6)}` }] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Order & { payments: { id: number }[] };
    };
    const order = await byTransfer();
    const refused = await refund(order.id, { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.payments).toEqual([`Invoice ${order.invoice_no} was paid by a transfer nobody has confirmed yet (₦16,000.00): an admin who has seen it arrive confirms it with this refund, or on Transfers to confirm, before any money goes back.`]);
    expect((await call('GET', `/api/orders/${order.id}`)).json().data.refunds).toEqual([]);
    expect((await pos.getProduct(balm.id)).quantity).toBe(8);

    // confirmed by an admin: the money is in, a refund may go back
    expect((await call('POST', '/api/transfers/confirm', { items: [{ kind: 'sale', id: order.payments[0]!.id }] })).statusCode).toBe(200);
    const ok = await refund(order.id, { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }], method: 'transfer', reference: 'GTB-BACK' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await pos.getProduct(balm.id)).quantity).toBe(9);

    // marked not received: nothing came in to give back
    const fake = await byTransfer();
    expect((await call('POST', '/api/transfers/not-received', { items: [{ kind: 'sale', id: fake.payments[0]!.id }], reason: 'Fake alert' })).statusCode).toBe(200);
    const never = await refund(fake.id, { items: [{ order_item_id: fake.items[0]!.id, quantity: 2 }] });
    expect(never.statusCode).toBe(422);
    expect(never.json().errors.payments[0]).toMatch(/marked not received \(₦16,000\.00\): nothing came in to refund/);
    expect((await pos.getProduct(balm.id)).quantity).toBe(7);
  });

  it('the approving admin confirms the unconfirmed transfer with the refund (confirm_transfers): one transaction, logged as theirs; never one not received', async () => {
    const lipstick = await pos.product({ outlet: 'store', price: 5_000, quantity: 10 });
    const byTransfer = async () => {
      const res = await pos.sell(staff.token, { outlet: 'store', items: [{ product_id: lipstick.id, quantity: 2 }], payments: [{ method: 'transfer', amount: 10_000, reference: `ZEN-${crypto.randomUUID().slice(0, 6)}` }] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Order & { payments: { id: number; transfer_status: string | null; confirmed_by: { id: number; name: string } | null }[] };
    };
    const adminId = (await call('GET', '/api/user')).json().data.id as number;
    const approval = { username: ADMIN.username, password: ADMIN.password };

    // a staff member's refund, approved by an admin who confirms the transfer there
    const order = await byTransfer();
    const items = [{ order_item_id: order.items[0]!.id, quantity: 1 }];
    // a refund refused for another reason confirms nothing (one transaction)
    const tooMany = await refund(order.id, { items: [{ order_item_id: order.items[0]!.id, quantity: 5 }], approval, confirm_transfers: true }, staff.token);
    expect(tooMany.statusCode).toBe(422);
    expect((await call('GET', `/api/orders/${order.id}`)).json().data.payments[0].transfer_status).toBe('unconfirmed');
    const ok = await refund(order.id, { items, approval, confirm_transfers: true }, staff.token);
    expect(ok.statusCode, ok.body).toBe(201);
    const after = ok.json().data as typeof order;
    expect(after.payments[0]).toMatchObject({ transfer_status: 'confirmed', confirmed_by: { id: adminId } });
    expect(after.refunds).toHaveLength(1);
    const logged = await t.database.db.select().from(activityLogTable).where(eq(activityLogTable.action, 'transfer_confirmed'));
    expect(logged.filter((l) => l.record_id === order.id).map((l) => l.user_id)).toEqual([adminId]);

    // an admin's own refund may confirm it too
    const own = await byTransfer();
    const mine = await refund(own.id, { items: [{ order_item_id: own.items[0]!.id, quantity: 1 }], confirm_transfers: true });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data.payments[0].transfer_status).toBe('confirmed');

    // one marked not received is not confirmed by it: nothing came in
    const fake = await byTransfer();
    expect((await call('POST', '/api/transfers/not-received', { items: [{ kind: 'sale', id: fake.payments[0]!.id }], reason: 'Fake alert' })).statusCode).toBe(200);
    const never = await refund(fake.id, { items: [{ order_item_id: fake.items[0]!.id, quantity: 1 }], approval, confirm_transfers: true }, staff.token);
    expect(never.statusCode).toBe(422);
    expect(never.json().errors.payments[0]).toMatch(/marked not received/);
    expect((await call('GET', `/api/orders/${fake.id}`)).json().data.payments[0].transfer_status).toBe('not_received');
  });

  it('a staff member needs an admin approval: none or a wrong one is a 422, an admin signing in approves it', async () => {
    const { order } = await sale(staff.token);
    const body = { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }] };
    const none = await refund(order.id, body, staff.token);
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['approval']);
    const wrong = await refund(order.id, { ...body, approval: { username: 'admin', password: 'not-the-password' } }, staff.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.approval).toEqual(['These credentials do not match our records.']);
    const ownPassword = await refund(order.id, { ...body, approval: { username: staff.username, password: staff.password } }, staff.token);
    expect(ownPassword.json().errors.approval[0]).toBe('Boma Till is not an admin: only an admin can approve a refund.');
    expect(((await call('GET', `/api/orders/${order.id}`)).json().data as Order).refunds).toEqual([]);

    const approved = await refund(order.id, { ...body, approval: ADMIN }, staff.token);
    expect(approved.statusCode, approved.body).toBe(201);
    expect((approved.json().data as Order).refunds[0]).toMatchObject({ staff: { id: staff.id, name: 'Boma Till' }, approved_by: { name: 'Studio Admin' } });
  });

  it('a closed day refuses it as it refuses a void; a client_ref replays the first refund, another body with it is a 422', async () => {
    const { order } = await sale();
    const body = { items: [{ order_item_id: order.items[0]!.id, quantity: 1 }], client_ref: crypto.randomUUID() };
    const closed = await call('POST', `/api/day-close/office/${today}`, { counted: { cash: 0, transfer: 0, card: 0, pos: 0 } });
    expect(closed.statusCode, closed.body).toBe(201);
    try {
      const refused = await refund(order.id, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.business_date[0]).toMatch(/was closed by Studio Admin\. An admin must reopen the day before a refund is recorded on it\./);
      expect(((await call('GET', `/api/orders/${order.id}`)).json().data as Order).refunds).toEqual([]);
    } finally {
      expect((await call('POST', `/api/day-close/office/${today}/reopen`, { reason: 'Refund test' })).statusCode).toBe(200);
    }
    // the refused call did not use up the key
    const first = await refund(order.id, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await refund(order.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect((again.json().data as Order).refunds).toHaveLength(1);
    const other = await refund(order.id, { ...body, items: [{ order_item_id: order.items[0]!.id, quantity: 2 }] });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['client_ref']);
    expect(((await call('GET', `/api/orders/${order.id}`)).json().data as Order).refunds).toHaveLength(1);
  });
});

describe('GET /api/orders/getmonth/{month}/{outlet} after refunds', () => {
  it("the invoices' month list: its total is net of the listed sales' refunds, with what was sold and refunded beside it", async () => {
    const month = today.slice(0, 7);
    const summary = async () => (await call('GET', `/api/orders/getmonth/${month}/office?per_page=1`)).json().summary as { count: number; total: number; sold: number; refunded: number };
    const storeRefunded = async () => ((await call('GET', `/api/orders/getmonth/${month}/store?per_page=1`)).json().summary as { refunded: number }).refunded;
    const store0 = await storeRefunded();
    const s0 = await summary();
    expect(kobo(s0.sold) - kobo(s0.refunded)).toBe(kobo(s0.total));
    const { order } = await sale();
    const s1 = await summary();
    expect(s1.count).toBe(s0.count + 1);
    expect(kobo(s1.total) - kobo(s0.total)).toBe(kobo(order.total));
    const res = await refund(order.id, { items: [{ order_item_id: order.items[1]!.id, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    const back = (res.json().data as Order).refunded;
    expect(back).toBeGreaterThan(0);
    const s2 = await summary();
    // still one more paid invoice; the month's total less what it gave back, the sold figure as it was
    expect(s2.count).toBe(s1.count);
    expect(kobo(s2.sold)).toBe(kobo(s1.sold));
    expect(kobo(s2.refunded) - kobo(s1.refunded)).toBe(kobo(back));
    expect(kobo(s1.total) - kobo(s2.total)).toBe(kobo(back));
    expect(kobo(s2.sold) - kobo(s2.refunded)).toBe(kobo(s2.total));
    // another outlet's list is not touched
    expect(await storeRefunded()).toBe(store0);
  });
});
