import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, studioDate, type DayClose, type GiftVoucher, type Order, type PrepaidLiability } from '@studio/shared';
import { giftVouchersTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { snapshotDatabase } from './helpers/fixtures.js';

// Issue 31, items 1, 2, 3, 7 (decision 032): gift vouchers and store credit on one ledger, drawn at the till by their
// tender handlers in the sale's transaction, put back by a void or a refund; what is owed in service.

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = studioDate(new Date(), 'Africa/Lagos');

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

async function sellVoucher(body: Record<string, unknown> = {}): Promise<GiftVoucher> {
  const res = await call('POST', '/api/gift-vouchers', { face_value: 50_000, payment_method: 'cash', client_ref: crypto.randomUUID(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as GiftVoucher;
}
const voucher = async (id: number) => (await call('GET', `/api/gift-vouchers/${id}`)).json().data as GiftVoucher;
/** A sale of `n` × a ₦10,000 product at the store, paid as `payments`. */
async function sale(productId: number, payments: Record<string, unknown>[], extra: Record<string, unknown> = {}, n = 1) {
  return pos.sell(admin, { items: [{ product_id: productId, quantity: n }], payments, payment_method: undefined, ...extra });
}
const liability = async () => (await call('GET', '/api/prepaid/liability')).json().data as PrepaidLiability;

let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  pos = posHelpers(t, () => admin);
  productId = (await pos.product({ price: 10_000, cost_price: 5_000, quantity: 1000 })).id;
});
afterAll(() => t.close());

describe('gift vouchers', () => {
  it('sells one: a short unambiguous code, its balance, in the day close and prepaid sold, not in income; a retry answers the first', async () => {
    const income0 = (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data.income as number;
    const day0 = (await call('GET', `/api/day-close/store/${today}`)).json().data as DayClose;
    const ref = crypto.randomUUID();
    const body = { face_value: 25_000, expires_on: addDays(today, 90), buyer_phone: '08031230001', buyer_name: 'Mama Ada', recipient_name: 'Ada', payment_method: 'cash', client_ref: ref };
    const res = await call('POST', '/api/gift-vouchers', body);
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().data as GiftVoucher;
    expect(v.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(v).toMatchObject({ face_value: 25_000, balance: 25_000, status: 'active', expires_on: addDays(today, 90), buyer_name: 'Mama Ada', recipient_name: 'Ada', outlet: 'store' });
    expect(v.client_id).not.toBeNull();
    const again = await call('POST', '/api/gift-vouchers', body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect((await call('GET', '/api/gift-vouchers')).json().data.filter((x: GiftVoucher) => x.buyer_name === 'Mama Ada')).toHaveLength(1);
    expect(again.json().data.id).toBe(v.id);
    // the till reads it by its code, typed any way
    const typed = `${v.code.slice(0, 4).toLowerCase()}-${v.code.slice(4)}`;
    const byCode = await call('GET', `/api/gift-vouchers/code/${typed}`, undefined, staff.token);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().data.id).toBe(v.id);
    expect((await call('GET', '/api/gift-vouchers/code/ZZZZ-ZZZZ', undefined, staff.token)).statusCode).toBe(404);
    // money in the drawer, not income
    const day1 = (await call('GET', `/api/day-close/store/${today}`)).json().data as DayClose;
    expect(day1.expected.cash - day0.expected.cash).toBe(25_000);
    expect(day1.prepaid_sold!.total - (day0.prepaid_sold?.total ?? 0)).toBe(25_000);
    expect((await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data.income).toBe(income0);
    expect((await call('GET', '/api/gift-vouchers')).json().data.some((x: GiftVoucher) => x.id === v.id)).toBe(true);
  });

  it('bad input is a 422 on its field and sells nothing; staff are refused the admin calls', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const [body, field] of [
      [{ face_value: 0 }, 'face_value'],
      [{ payment_method: 'voucher' }, 'payment_method'],
      [{ expires_on: addDays(today, -1) }, 'expires_on'],
      [{ buyer_phone: 'not a phone' }, 'buyer_phone'],
    ] as const) {
      const res = await call('POST', '/api/gift-vouchers', { ...{ face_value: 1000, payment_method: 'cash' }, ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await call('POST', '/api/gift-vouchers', { face_value: 1000, payment_method: 'cash' }, staff.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/gift-vouchers', undefined, staff.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/prepaid/liability', undefined, staff.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/clients/1/credit', { amount: 100, method: 'cash', client_ref: crypto.randomUUID() }, staff.token)).statusCode).toBe(403);
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('redeems in part at the till; over the balance is 422 on payments.N.amount, unknown, used and expired codes on payments.N.reference', async () => {
    const v = await sellVoucher({ face_value: 15_000 });
    const income0 = (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data.income as number;
    const res = await sale(productId, [{ method: 'voucher', amount: 10_000, reference: v.code }]);
    expect(res.statusCode, res.body).toBe(201);
    expect((await voucher(v.id)).balance).toBe(5_000);
    // the sale is income when the value is used
    expect((await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data.income).toBe(income0 + 10_000);

    const before = await snapshotDatabase(t.database.db);
    const over = await sale(productId, [{ method: 'cash', amount: 4_000 }, { method: 'voucher', amount: 6_000, reference: v.code }]);
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().errors).toEqual({ 'payments.1.amount': [expect.stringContaining('5,000')] });
    const unknown = await sale(productId, [{ method: 'voucher', amount: 10_000, reference: 'ZZZZZZZZ' }]);
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['payments.0.reference']);
    const missing = await sale(productId, [{ method: 'voucher', amount: 10_000 }]);
    expect(Object.keys(missing.json().errors)).toEqual(['payments.0.reference']);
    expect(await snapshotDatabase(t.database.db)).toBe(before);

    // used up
    expect((await sale(productId, [{ method: 'voucher', amount: 5_000, reference: v.code }, { method: 'cash', amount: 5_000 }])).statusCode).toBe(201);
    expect((await voucher(v.id)).status).toBe('used');
    const used = await sale(productId, [{ method: 'voucher', amount: 1_000, reference: v.code }, { method: 'cash', amount: 9_000 }]);
    expect(used.statusCode).toBe(422);
    expect(Object.keys(used.json().errors)).toEqual(['payments.0.reference']);

    // expired (its date moved back: an expiry cannot be set in the past through the API)
    const old = await sellVoucher({ face_value: 20_000, expires_on: addDays(today, 10) });
    await t.database.db.update(giftVouchersTable).set({ expires_on: addDays(today, -1) }).where(eq(giftVouchersTable.id, old.id));
    expect((await voucher(old.id)).status).toBe('expired');
    const expired = await sale(productId, [{ method: 'voucher', amount: 10_000, reference: old.code }]);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors['payments.0.reference'][0]).toMatch(/expired/);
    // an admin extends it (logged) and it is taken again
    const ext = await call('POST', `/api/gift-vouchers/${old.id}/extend`, { expires_on: addDays(today, 30), reason: 'Bride postponed' });
    expect(ext.statusCode, ext.body).toBe(200);
    expect(ext.json().data.status).toBe('active');
    const [log] = await rows<{ before: unknown; after: unknown }>(sql`select before, after from activity_log where resource = 'gift-vouchers' and action = 'extend' and record_id = ${old.id}`);
    expect(log).toMatchObject({ before: { expires_on: addDays(today, -1) }, after: { expires_on: addDays(today, 30), reason: 'Bride postponed' } });
    expect((await sale(productId, [{ method: 'voucher', amount: 10_000, reference: old.code }])).statusCode).toBe(201);
  });

  it('twenty sales at once against one voucher never take it below zero', async () => {
    const v = await sellVoucher({ face_value: 50_000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => sale(productId, [{ method: 'voucher', amount: 10_000, reference: v.code }])));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(Object.keys(r.json().errors)[0]).toMatch(/^payments\.0\.(amount|reference)$/);
    const after = await voucher(v.id);
    expect(after.balance).toBe(0);
    expect(after.lines!.filter((l) => l.kind === 'redeemed')).toHaveLength(5);
  });

  it('a void puts the value back on the voucher; a refund to the voucher too, and money refunds never pay out its part', async () => {
    const v = await sellVoucher({ face_value: 30_000 });
    const sold = (await sale(productId, [{ method: 'voucher', amount: 10_000, reference: v.code }])).json().data as Order;
    expect((await voucher(v.id)).balance).toBe(20_000);
    const voided = await call('DELETE', `/api/orders/${sold.id}`, { reason: 'Wrong client' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await voucher(v.id)).balance).toBe(30_000);

    // two items of ₦10,000: ₦12,000 from the voucher, ₦8,000 cash
    const split = (await sale(productId, [{ method: 'voucher', amount: 12_000, reference: v.code }, { method: 'cash', amount: 8_000 }], {}, 2)).json().data as Order;
    expect((await voucher(v.id)).balance).toBe(18_000);
    const item = split.items[0]!.id;
    const cash = await call('POST', `/api/orders/${split.id}/refunds`, { items: [{ order_item_id: item, quantity: 1 }], method: 'cash', reason: 'Allergy' });
    expect(cash.statusCode, cash.body).toBe(422);
    expect(Object.keys(cash.json().errors)).toEqual(['method']);
    const back = await call('POST', `/api/orders/${split.id}/refunds`, { items: [{ order_item_id: item, quantity: 1 }], method: 'voucher', reason: 'Allergy' });
    expect(back.statusCode, back.body).toBe(201);
    expect((await voucher(v.id)).balance).toBe(28_000);
    // a cash sale has nothing to put back on a voucher
    const plain = (await sale(productId, [{ method: 'cash', amount: 10_000 }])).json().data as Order;
    const none = await call('POST', `/api/orders/${plain.id}/refunds`, { items: [{ order_item_id: plain.items[0]!.id, quantity: 1 }], method: 'voucher', reason: 'x' });
    expect(none.statusCode).toBe(422);
  });
});

describe('store credit', () => {
  it('tops up (admin), is drawn by a sale to the client, over the balance is 422; a void and a refund put it back', async () => {
    const phone = '08039990001';
    const first = (await sale(productId, [{ method: 'cash', amount: 10_000 }], { customer_name: 'Ngozi Credit', customer_phone: phone })).json().data as Order;
    const clientId = first.client_id!;
    const ref = crypto.randomUUID();
    const top = await call('POST', `/api/clients/${clientId}/credit`, { amount: 15_000, method: 'transfer', note: 'Prepaid for lashes', client_ref: ref });
    expect(top.statusCode, top.body).toBe(201);
    expect(top.json().data.balance).toBe(15_000);
    expect((await call('POST', `/api/clients/${clientId}/credit`, { amount: 15_000, method: 'transfer', note: 'Prepaid for lashes', client_ref: ref })).json().data.balance).toBe(15_000);

    const before = await snapshotDatabase(t.database.db);
    const noPhone = await sale(productId, [{ method: 'credit', amount: 10_000 }]);
    expect(noPhone.statusCode).toBe(422);
    expect(Object.keys(noPhone.json().errors)).toEqual(['customer_phone']);
    const over = await sale(productId, [{ method: 'credit', amount: 20_000 }], { customer_name: 'Ngozi Credit', customer_phone: phone }, 2);
    expect(over.statusCode).toBe(422);
    expect(Object.keys(over.json().errors)).toEqual(['payments.0.amount']);
    expect(await snapshotDatabase(t.database.db)).toBe(before);

    const paid = (await sale(productId, [{ method: 'credit', amount: 10_000 }], { customer_name: 'Ngozi Credit', customer_phone: phone })).json().data as Order;
    const credit = async () => (await call('GET', `/api/clients/${clientId}/credit`, undefined, staff.token)).json().data as { balance: number; lines: { kind: string; amount: number }[] };
    expect((await credit()).balance).toBe(5_000);
    expect((await call('DELETE', `/api/orders/${paid.id}`, { reason: 'Rung twice' })).statusCode).toBe(200);
    expect((await credit()).balance).toBe(15_000);
    // a refund of a cash sale to credit instead of cash
    const refund = await call('POST', `/api/orders/${first.id}/refunds`, { items: [{ order_item_id: first.items[0]!.id, quantity: 1 }], method: 'credit', reason: 'Changed her mind' });
    expect(refund.statusCode, refund.body).toBe(201);
    const c = await credit();
    expect(c.balance).toBe(25_000);
    expect(c.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['topped_up', 15_000],
      ['redeemed', -10_000],
      ['voided', 10_000],
      ['refunded', 10_000],
    ]);
  });

  it("an appointment's deposit kept on a cancellation lands on the client's credit", async () => {
    const client = await call('POST', '/api/clients', { name: 'Kept Deposit', phone: '08037770001' });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().data.id as number;
    const service = await pos.product({ outlet: 'salon', kind: 'service', price: 8_000, cost_price: 0, quantity: null });
    const appt = await call('POST', '/api/appointments', {
      client_id: clientId,
      service_id: service.id,
      artist_id: staff.id,
      starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      amount_paid: 3_000,
      payment_method: 'cash',
      client_ref: crypto.randomUUID(),
    });
    expect(appt.statusCode, appt.body).toBe(201);
    const id = appt.json().data.id as number;
    const cancel = await t.call(admin, { method: 'PUT', url: `/api/appointments/${id}`, payload: { status: 'cancelled', deposit_outcome: 'kept' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const credit = (await call('GET', `/api/clients/${clientId}/credit`)).json().data as { balance: number; lines: { kind: string }[] };
    expect(credit.balance).toBe(3_000);
    expect(credit.lines.map((l) => l.kind)).toEqual(['kept']);
  });
});

describe('GET /api/prepaid/liability', () => {
  it('is what vouchers and credit hold, equal to a recount of the ledger lines; an expired voucher counts until written off', async () => {
    const l = await liability();
    const recount = async (col: 'voucher_id' | 'client_id') => {
      const [r] = await rows<{ n: number; k: string }>(sql.raw(`select count(*)::int as n, coalesce(sum(b), 0)::text as k from (select ${col}, sum(amount) as b from prepaid_lines where ${col} is not null group by 1 having sum(amount) > 0) x`));
      return { n: Number(r!.n), k: Number(r!.k) };
    };
    const [v, c] = [await recount('voucher_id'), await recount('client_id')];
    expect(l.vouchers).toEqual({ count: v.n, balance: v.k });
    expect(l.credit).toEqual({ clients: c.n, balance: c.k });
    expect(l.total).toBeCloseTo(v.k + c.k, 2);
    expect(l.vouchers.balance).toBeGreaterThan(0);

    const old = await sellVoucher({ face_value: 7_000, expires_on: addDays(today, 5) });
    await t.database.db.update(giftVouchersTable).set({ expires_on: addDays(today, -2) }).where(eq(giftVouchersTable.id, old.id));
    expect((await liability()).vouchers.balance).toBe(l.vouchers.balance + 7_000);
    const off = await call('POST', `/api/gift-vouchers/${old.id}/write-off`, { reason: 'Expired a year ago', client_ref: crypto.randomUUID() });
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json().data).toMatchObject({ balance: 0, status: 'expired' });
    expect((await liability()).vouchers.balance).toBe(l.vouchers.balance);
  });
});
