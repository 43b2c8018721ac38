import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthRange, studioDate } from '@studio/shared';
import { and, eq, sql } from 'drizzle-orm';
import { ordersTable, usersTable } from '../src/db/schema.js';
import { createOrder } from '../src/features/pos/orders.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers, sum } from './helpers/pos.js';

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const TZ = 'Africa/Lagos';
const thisMonth = () => studioDate(new Date(), TZ).slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff({ name: 'Chiamaka Eze' });
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });

describe('POST /api/orders', () => {
  it('prices items from the database, ignoring any client price, and writes items, payments and stock in one go', async () => {
    const lipstick = await pos.product({ name: 'Velvet Lipstick Ruby', price: 4500.5, cost_price: 2000, quantity: 10 });
    const service = await pos.product({ name: 'Brow Shaping', kind: 'service', price: 3000 });
    const res = await pos.sell(staff.token, {
      customer_name: 'Ada Obi',
      customer_phone: '0803 000 1111',
      items: [
        { product_id: lipstick.id, quantity: 2, price: 1, unit_price: 1, total: 2 },
        { product_id: service.id, quantity: 1 },
      ],
      subtotal: 5,
      total: 5,
      discount: 1.01,
      note: 'Gift wrap',
    });
    expect(res.statusCode).toBe(201);
    const o = res.json().data;
    expect(o).toMatchObject({
      outlet: 'store',
      customer_name: 'Ada Obi',
      customer_phone: '0803 000 1111',
      subtotal: 12001,
      discount: 1.01,
      total: 11999.99,
      amount_paid: 11999.99,
      change: 0,
      payment_method: 'cash',
      status: 'paid',
      staff: { id: staff.id, name: 'Chiamaka Eze' },
      note: 'Gift wrap',
      business_date: studioDate(new Date(), TZ),
      voided_at: null,
    });
    expect(o.invoice_no).toMatch(/^STO-\d{6}$/);
    expect(o.items).toEqual([
      expect.objectContaining({ product_id: lipstick.id, name: 'Velvet Lipstick Ruby', unit_price: 4500.5, quantity: 2, total: 9001 }),
      expect.objectContaining({ product_id: service.id, name: 'Brow Shaping', unit_price: 3000, quantity: 1, total: 3000 }),
    ]);
    expect(o.payments).toEqual([expect.objectContaining({ method: 'cash', amount: 11999.99, reference: null, transfer_status: null })]);
    expect(res.body).not.toContain('cost');
    expect((await pos.getProduct(lipstick.id)).quantity).toBe(8);
    const sale = (await pos.ledger(lipstick.id)).at(-1)!;
    expect(sale).toMatchObject({ reason: 'sale', change: -2, quantity_after: 8, order_id: o.id, user_id: staff.id, note: o.invoice_no });
    expect(await pos.ledger(service.id)).toHaveLength(0);
    expect((await get(staff.token, `/api/orders/${o.id}`)).json().data).toEqual(o);
  });

  it('numbers invoices per outlet, each sequence independent and without gaps', async () => {
    const t2 = await createTestApp();
    try {
      const a = await t2.login();
      const p2 = posHelpers(t2, () => a);
      const items = { store: await p2.product({ outlet: 'store' }), office: await p2.product({ outlet: 'office' }), salon: await p2.product({ outlet: 'salon' }) };
      const sell = (outlet: 'store' | 'office' | 'salon') => p2.sell(a, { outlet, items: [{ product_id: items[outlet].id, quantity: 1 }] });
      const numbers: string[] = [];
      for (const outlet of ['store', 'office', 'store', 'salon', 'office', 'store'] as const) numbers.push((await sell(outlet)).json().data.invoice_no);
      // a refused sale takes no number
      expect((await p2.sell(a, { outlet: 'store', items: [{ product_id: items.store.id, quantity: 999 }] })).statusCode).toBe(422);
      numbers.push((await sell('store')).json().data.invoice_no);
      expect(numbers).toEqual(['STO-000001', 'PMU-000001', 'STO-000002', 'SAL-000001', 'PMU-000002', 'STO-000003', 'STO-000004']);
    } finally {
      await t2.close();
    }
  });

  it('refuses items from another outlet and unknown products with 422 on the item, selling nothing', async () => {
    const mine = await pos.product({ outlet: 'store', quantity: 5 });
    const salonWig = await pos.product({ outlet: 'salon', name: 'Bone Straight Wig', quantity: 5 });
    const res = await pos.sell(staff.token, { items: [{ product_id: mine.id, quantity: 1 }, { product_id: salonWig.id, quantity: 1 }, { product_id: 999999, quantity: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['items.1.product_id'][0]).toBe('Bone Straight Wig is not sold at this outlet.');
    expect(res.json().errors['items.2.product_id'][0]).toBe('The selected product does not exist.');
    expect((await pos.getProduct(mine.id)).quantity).toBe(5);
    expect((await pos.getProduct(salonWig.id)).quantity).toBe(5);
  });

  it('refuses short stock with 422 naming the items, and changes nothing', async () => {
    const a = await pos.product({ name: 'Setting Spray', quantity: 5 });
    const b = await pos.product({ name: 'Beauty Blender', quantity: 1 });
    const res = await pos.sell(staff.token, { items: [{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 2 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Not enough stock: Beauty Blender (1 left).');
    expect(res.json().errors['items.1.quantity'][0]).toBe('Not enough stock of Beauty Blender: 1 left, 2 wanted.');
    expect((await pos.getProduct(a.id)).quantity).toBe(5);
    expect(await pos.ledger(a.id)).toHaveLength(1);
    // the same product on two lines counts together
    const twice = await pos.sell(staff.token, { items: [{ product_id: a.id, quantity: 3 }, { product_id: a.id, quantity: 3 }] });
    expect(twice.statusCode).toBe(422);
  });

  it('answers every malformed sale with 422 and field errors, never a 500', async () => {
    const p = await pos.product();
    const bad: [Record<string, unknown>, string][] = [
      [{ items: [] }, 'items'],
      [{ items: undefined }, 'items'],
      [{ items: [{ product_id: p.id, quantity: 0 }] }, 'items.0.quantity'],
      [{ items: [{ product_id: p.id, quantity: 1.5 }] }, 'items.0.quantity'],
      [{ items: [{ product_id: 'abc', quantity: 1 }] }, 'items.0.product_id'],
      [{ items: [{ product_id: p.id, quantity: 1 }], outlet: 'mall' }, 'outlet'],
      [{ items: [{ product_id: p.id, quantity: 1 }], customer_name: '' }, 'customer_name'],
      [{ items: [{ product_id: p.id, quantity: 1 }], payment_method: 'bitcoin' }, 'payment_method'],
      [{ items: [{ product_id: p.id, quantity: 1 }], payment_method: undefined }, 'payment_method'],
      [{ items: [{ product_id: p.id, quantity: 1 }], client_ref: 'not-a-uuid' }, 'client_ref'],
      [{ items: [{ product_id: p.id, quantity: 1 }], discount: -5 }, 'discount'],
      [{ items: [{ product_id: p.id, quantity: 1 }], discount: 1.005 }, 'discount'],
      [{ items: [{ product_id: p.id, quantity: 1 }], amount_paid: 'lots' }, 'amount_paid'],
      [{ items: [{ product_id: p.id, quantity: 1 }], payments: [{ method: 'cash', amount: 0 }] }, 'payments.0.amount'],
      [{ items: [{ product_id: p.id, quantity: 1 }], payments: [] }, 'payments'],
      [{ items: [{ product_id: p.id, quantity: 1 }], discount: 1001 }, 'discount'],
      [{ items: [{ product_id: 99_999_999_999, quantity: 1 }] }, 'items.0.product_id'],
      [{ items: [{ product_id: p.id, quantity: 1 }], payments: Array(10).fill({ method: 'cash', amount: 999_999_999_999 }) }, 'payments'],
    ];
    for (const [body, field] of bad) {
      const res = await pos.sell(staff.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    const dear = await pos.product({ price: 999_999_999_999, kind: 'service' });
    const huge = await pos.sell(staff.token, { items: [{ product_id: dear.id, quantity: 100_000 }] });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.items[0]).toBe('The order total is too large.');
    const notJson = await t.call(staff.token, { method: 'POST', url: '/api/orders', payload: '{"items": [', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(422);
    expect((await pos.getProduct(p.id)).quantity).toBe(10);
  });

  it('needs a token', async () => {
    expect((await t.call(null, { method: 'POST', url: '/api/orders', payload: {} })).statusCode).toBe(401);
  });
});

describe('payments', () => {
  let p: { id: number };
  beforeAll(async () => {
    p = await pos.product({ price: 7500, quantity: 100 });
  });
  const items = () => [{ product_id: p.id, quantity: 1 }];

  it('cash above the total gives change', async () => {
    const o = (await pos.sell(staff.token, { items: items(), payment_method: 'cash', amount_paid: 10000 })).json().data;
    expect(o).toMatchObject({ total: 7500, amount_paid: 10000, change: 2500, payment_method: 'cash', payments: [{ method: 'cash', amount: 10000, reference: null }] });
  });

  it('splits across two transfers (one method) or several methods (split)', async () => {
    const two = await pos.sell(staff.token, {
      items: items(),
      payment_method: undefined,
      payments: [
        { method: 'transfer', amount: 5000, reference: 'GTB-1' },
        { method: 'transfer', amount: 2500, reference: 'OPAY-2' },
      ],
    });
    expect(two.statusCode).toBe(201);
    expect(two.json().data).toMatchObject({ payment_method: 'transfer', amount_paid: 7500, change: 0 });
    // each a line of its own, waiting for a person to confirm it (issue 17)
    expect(two.json().data.payments).toEqual([
      expect.objectContaining({ method: 'transfer', amount: 5000, reference: 'GTB-1', transfer_status: 'unconfirmed', confirmed_at: null }),
      expect.objectContaining({ method: 'transfer', amount: 2500, reference: 'OPAY-2', transfer_status: 'unconfirmed', confirmed_at: null }),
    ]);
    const mixed = await pos.sell(staff.token, { items: items(), payments: [{ method: 'pos', amount: 5000 }, { method: 'cash', amount: 3000 }] });
    expect(mixed.json().data).toMatchObject({ payment_method: 'split', amount_paid: 8000, change: 500 });
  });

  it('refuses payments that do not cover the total, and change from anything but cash', async () => {
    const short = await pos.sell(staff.token, { items: items(), payments: [{ method: 'transfer', amount: 5000 }, { method: 'transfer', amount: 2499.99 }] });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.payments[0]).toMatch(/do not cover the total/);
    const shortCash = await pos.sell(staff.token, { items: items(), payment_method: 'cash', amount_paid: 7000 });
    expect(shortCash.statusCode).toBe(422);
    expect(shortCash.json().errors).toHaveProperty('amount_paid');
    const overCard = await pos.sell(staff.token, { items: items(), payment_method: 'card', amount_paid: 8000 });
    expect(overCard.statusCode).toBe(422);
    const overTransfer = await pos.sell(staff.token, { items: items(), payments: [{ method: 'transfer', amount: 7000 }, { method: 'cash', amount: 100 }, { method: 'transfer', amount: 1000 }] });
    expect(overTransfer.statusCode).toBe(422);
    expect(overTransfer.json().errors.payments[0]).toMatch(/change is given in cash/);
  });

  it('adds money exactly in kobo (no floating-point drift)', async () => {
    const cheap = await pos.product({ price: 0.1, quantity: 1000 });
    const o = (await pos.sell(staff.token, { items: [{ product_id: cheap.id, quantity: 3 }], payments: [{ method: 'transfer', amount: 0.1 }, { method: 'transfer', amount: 0.2 }] })).json().data;
    expect(o).toMatchObject({ subtotal: 0.3, total: 0.3, amount_paid: 0.3, change: 0 });
  });
});

describe('concurrent sales', () => {
  it('20 parallel sales of 1 against a stock of 5: exactly 5 succeed, the rest 422, never below 0, ledger sums match', async () => {
    const p = await pos.product({ name: 'Last Few Lash Glue', quantity: 5 });
    const seller = await t.staff();
    const res = await Promise.all(Array.from({ length: 20 }, () => pos.sell(seller.token, { items: [{ product_id: p.id, quantity: 1 }] })));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(15);
    for (const r of res.filter((x) => x.statusCode === 422)) expect(r.json().errors['items.0.quantity'][0]).toMatch(/Not enough stock of Last Few Lash Glue: 0 left/);
    expect((await pos.getProduct(p.id)).quantity).toBe(0);
    const lines = await pos.ledger(p.id);
    expect(lines.filter((l) => l.reason === 'sale')).toHaveLength(5);
    expect(sum(lines.map((l) => l.change))).toBe(0);
    expect(lines.every((l) => l.quantity_after >= 0)).toBe(true);
    expect(lines.map((l) => l.quantity_after)).toEqual([5, 4, 3, 2, 1, 0]);
    const orders = await t.database.db.select().from(ordersTable).where(eq(ordersTable.staff_id, seller.id));
    expect(orders).toHaveLength(5);
    // invoice numbers stay a gapless sequence even with refused sales in between
    const nums = orders.map((o) => Number(o.invoice_no.slice(4))).sort((a, b) => a - b);
    expect(nums).toEqual(Array.from({ length: 5 }, (_, i) => nums[0]! + i));
  });

  it('parallel carts taking the same products in opposite orders neither deadlock nor oversell', async () => {
    const a = await pos.product({ quantity: 12 });
    const b = await pos.product({ quantity: 12 });
    const res = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        pos.sell(staff.token, {
          items: i % 2 ? [{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 2 }] : [{ product_id: b.id, quantity: 2 }, { product_id: a.id, quantity: 1 }],
        }),
      ),
    );
    const ok = res.filter((r) => r.statusCode === 201).length;
    expect(ok).toBe(6); // b runs out after 6 carts of 2
    expect(res.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    expect((await pos.getProduct(a.id)).quantity).toBe(12 - ok);
    expect((await pos.getProduct(b.id)).quantity).toBe(0);
    expect(sum((await pos.ledger(a.id)).map((l) => l.change))).toBe(12 - ok);
  });
});

describe('client_ref idempotency', () => {
  it('a sequential replay returns the first order and sells nothing twice', async () => {
    const p = await pos.product({ quantity: 10 });
    const client_ref = crypto.randomUUID();
    const first = await pos.sell(staff.token, { client_ref, items: [{ product_id: p.id, quantity: 3 }] });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replay']).toBe('false');
    const again = await pos.sell(staff.token, { client_ref, items: [{ product_id: p.id, quantity: 3 }] });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    expect(first.json().data.client_ref).toBe(client_ref);
    expect((await pos.getProduct(p.id)).quantity).toBe(7);
    expect((await pos.ledger(p.id)).filter((l) => l.reason === 'sale')).toHaveLength(1);
  });

  it('concurrent duplicates make one order and decrement stock once, even when the stock covers only one', async () => {
    const p = await pos.product({ quantity: 2 });
    const client_ref = crypto.randomUUID();
    const res = await Promise.all(Array.from({ length: 10 }, () => pos.sell(staff.token, { client_ref, items: [{ product_id: p.id, quantity: 2 }] })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([...Array(9).fill(200), 201]);
    const ids = new Set(res.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(await t.database.db.select().from(ordersTable).where(eq(ordersTable.client_ref, client_ref))).toHaveLength(1);
    expect((await pos.getProduct(p.id)).quantity).toBe(0);
    expect((await pos.ledger(p.id)).filter((l) => l.reason === 'sale')).toHaveLength(1);
  });

  it('a refused sale keeps its client_ref free for the corrected retry', async () => {
    const p = await pos.product({ quantity: 1 });
    const client_ref = crypto.randomUUID();
    expect((await pos.sell(staff.token, { client_ref, items: [{ product_id: p.id, quantity: 2 }] })).statusCode).toBe(422);
    expect((await pos.sell(staff.token, { client_ref, items: [{ product_id: p.id, quantity: 1 }] })).statusCode).toBe(201);
  });
});

describe('PUT /api/orders/{id}', () => {
  it('edits customer, note and payment method only; amounts, items and staff never change', async () => {
    const p = await pos.product({ price: 2000 });
    const o = (await pos.sell(staff.token, { customer_name: 'Ngozi', customer_phone: '0809', note: 'first', items: [{ product_id: p.id, quantity: 2 }], payment_method: 'cash' })).json().data;
    const res = await t.call(admin, {
      method: 'PUT',
      url: `/api/orders/${o.id}`,
      payload: { id: o.id, customer_name: 'Ngozi Amadi', total: 1, subtotal: 1, discount: 500, items: [], status: 'void', outlet: 'salon', invoice_no: 'X', staff: { id: 1 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...o, customer_name: 'Ngozi Amadi', updated_at: expect.any(String) });
    const method = await t.call(admin, { method: 'PUT', url: `/api/orders/${o.id}`, payload: { payment_method: 'transfer', note: 'paid by transfer after all' } });
    expect(method.json().data).toMatchObject({ payment_method: 'transfer', payments: [{ method: 'transfer', amount: 4000 }], note: 'paid by transfer after all', customer_phone: '0809', total: 4000 });
    const cleared = await t.call(admin, { method: 'PUT', url: `/api/orders/${o.id}`, payload: { customer_phone: null } });
    expect(cleared.json().data).toMatchObject({ customer_phone: null, note: 'paid by transfer after all' });
  });

  it('keeps a sale that gave change as cash; refuses bad values with 422', async () => {
    const p = await pos.product({ price: 2000 });
    const o = (await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 1 }], amount_paid: 5000 })).json().data;
    const res = await t.call(admin, { method: 'PUT', url: `/api/orders/${o.id}`, payload: { payment_method: 'card' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('payment_method');
    for (const payload of [{ customer_name: '' }, { payment_method: 'split' }, { note: 'x'.repeat(501) }]) {
      expect((await t.call(admin, { method: 'PUT', url: `/api/orders/${o.id}`, payload })).statusCode).toBe(422);
    }
    expect((await t.call(admin, { method: 'PUT', url: '/api/orders/999999', payload: { note: 'x' } })).statusCode).toBe(404);
  });

  it('is admin only', async () => {
    const p = await pos.product();
    const o = (await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 1 }] })).json().data;
    const res = await t.call(staff.token, { method: 'PUT', url: `/api/orders/${o.id}`, payload: { customer_name: 'Mine now' } });
    expect(res.statusCode).toBe(403);
    expect((await get(admin, `/api/orders/${o.id}`)).json().data.customer_name).toBe('Walk-in Customer');
  });
});

describe('DELETE /api/orders/{id} (void)', () => {
  it('voids: stock restored with ledger lines, excluded from the month summary; twice is 422', async () => {
    const month = thisMonth();
    const a = await pos.product({ outlet: 'salon', price: 10000, quantity: 5 });
    const svc = await pos.product({ outlet: 'salon', kind: 'service', price: 25000 });
    const before = (await get(admin, `/api/orders/getmonth/${month}/salon?page=1`)).json().summary;
    const o = (await pos.sell(staff.token, { outlet: 'salon', items: [{ product_id: a.id, quantity: 3 }, { product_id: svc.id, quantity: 1 }] })).json().data;
    expect((await get(admin, `/api/orders/getmonth/${month}/salon?page=1`)).json().summary).toEqual({ count: before.count + 1, total: before.total + 55000, sold: before.sold + 55000, refunded: before.refunded });

    expect((await t.call(staff.token, { method: 'DELETE', url: `/api/orders/${o.id}`, payload: { reason: 'Rung up by mistake' } })).statusCode).toBe(403);
    const res = await t.call(admin, { method: 'DELETE', url: `/api/orders/${o.id}`, payload: { reason: 'Rung up by mistake' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: o.id, status: 'void', total: 55000 });
    expect(res.json().data.voided_at).toEqual(expect.any(String));
    expect((await pos.getProduct(a.id)).quantity).toBe(5);
    const lines = await pos.ledger(a.id);
    expect(lines.map((l) => [l.reason, l.change, l.quantity_after])).toEqual([
      ['opening', 5, 5],
      ['sale', -3, 2],
      ['void', 3, 5],
    ]);
    expect(lines.at(-1)).toMatchObject({ order_id: o.id, note: o.invoice_no });
    expect((await get(admin, `/api/orders/getmonth/${month}/salon?page=1`)).json().summary).toEqual(before);
    // the void invoice is still listed, marked void
    expect((await get(admin, `/api/orders/search/${o.invoice_no}`)).json().data[0]).toMatchObject({ id: o.id, status: 'void' });

    const again = await t.call(admin, { method: 'DELETE', url: `/api/orders/${o.id}`, payload: { reason: 'Rung up by mistake' } });
    expect(again.statusCode).toBe(422);
    expect((await pos.getProduct(a.id)).quantity).toBe(5);
    expect((await t.call(admin, { method: 'PUT', url: `/api/orders/${o.id}`, payload: { note: 'x' } })).statusCode).toBe(422);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/orders/999999' })).statusCode).toBe(404);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/orders/abc' })).statusCode).toBe(404);
  });
});

describe('invoice lists', () => {
  let t3: TestApp;
  let adm: string;
  let p3: ReturnType<typeof posHelpers>;
  let seller: Awaited<ReturnType<TestApp['staff']>>;
  beforeAll(async () => {
    t3 = await createTestApp();
    adm = await t3.login();
    seller = await t3.staff();
    p3 = posHelpers(t3, () => adm);
  });
  afterAll(() => t3.close());
  const get = (token: string, url: string) => t3.call(token, { method: 'GET', url });

  it('getmonth/{month}/{outlet}?page=n pages newest first with a summary of the whole month', async () => {
    const p = await p3.product({ outlet: 'office', price: 1000.25, quantity: 1000 });
    const made: number[] = [];
    for (let i = 0; i < 25; i++) made.push((await p3.sell(seller.token, { outlet: 'office', customer_name: `Client ${i}`, items: [{ product_id: p.id, quantity: 1 + (i % 3) }] })).json().data.id);
    const seller2 = await t3.staff();
    // last month's sale, made through the same service with a past time
    const [u] = await t3.database.db.select().from(usersTable).where(eq(usersTable.id, seller2.id));
    const { from } = monthRange(thisMonth());
    const lastMonth = new Date(`${from}T00:30:00+01:00`);
    lastMonth.setUTCDate(lastMonth.getUTCDate() - 2);
    await createOrder(t3.database.db, u!, { outlet: 'office', customer_name: 'Old', items: [{ product_id: p.id, quantity: 1 }], payment_method: 'cash', discount: 0, customer_phone: null, note: null }, TZ, { at: lastMonth });
    // a void one is listed but not summed
    await t3.call(adm, { method: 'DELETE', url: `/api/orders/${made[0]}`, payload: { reason: 'Rung up by mistake' } });

    const page1 = await get(seller.token, `/api/orders/getmonth/${thisMonth()}/office?page=1`);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(body.data).toHaveLength(20);
    expect(body.data[0].id).toBe(made[24]);
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([...made].reverse().slice(0, 20));
    // 24 paid sales: quantities cycle 1,2,3 from i=1..24 -> 8 of each = 48 items at 1000.25
    expect(body.summary).toEqual({ count: 24, total: 48012, sold: 48012, refunded: 0 });
    const page2 = (await get(seller.token, `/api/orders/getmonth/${thisMonth()}/office?page=2`)).json();
    expect(page2.data.map((o: { id: number }) => o.id)).toEqual([...made].reverse().slice(20));
    expect(page2.summary).toEqual(body.summary);
    expect((await get(seller.token, `/api/orders/getmonth/${thisMonth()}/office?page=9`)).json().data).toEqual([]);
    expect((await get(seller.token, `/api/orders/getmonth/${thisMonth()}/office?page=1&per_page=5`)).json()).toMatchObject({ per_page: 5, last_page: 5 });
    // without ?page it is still the paged envelope, page 1
    expect((await get(seller.token, `/api/orders/getmonth/${thisMonth()}/office`)).json()).toMatchObject({ current_page: 1, total: 25 });
    const prev = studioDate(lastMonth, TZ).slice(0, 7);
    expect((await get(seller.token, `/api/orders/getmonth/${prev}/office?page=1`)).json()).toMatchObject({ total: 1, summary: { count: 1, total: 1000.25 } });
    expect((await get(seller.token, `/api/orders/getmonth/${thisMonth()}/store?page=1`)).json()).toMatchObject({ total: 0, summary: { count: 0, total: 0 }, data: [] });
  });

  it('rejects a bad month, outlet or page with 422', async () => {
    for (const url of ['/api/orders/getmonth/2025-13/store', '/api/orders/getmonth/2025-1/store', '/api/orders/getmonth/june/store', '/api/orders/getmonth/2025-06/mall', '/api/orders/getmonth/2025-06/store?page=0', '/api/orders/getmonth/2025-06/store?page=x', '/api/orders/getmonth/2025-06/store?per_page=101']) {
      const res = await get(seller.token, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
  });

  it('name-search/{text} finds by customer name; search/{text} by invoice number', async () => {
    const p = await p3.product({ outlet: 'store', quantity: 100 });
    const o = (await p3.sell(seller.token, { customer_name: 'Tonye Briggs-West', items: [{ product_id: p.id, quantity: 1 }] })).json().data;
    await p3.sell(seller.token, { customer_name: 'Someone Else', items: [{ product_id: p.id, quantity: 1 }] });
    const byName = (await get(seller.token, '/api/orders/name-search/briggs-w')).json();
    expect(byName.data.map((x: { id: number }) => x.id)).toEqual([o.id]);
    expect((await get(seller.token, '/api/orders/name-search/100%25')).json().data).toEqual([]);
    const byNo = (await get(seller.token, `/api/orders/search/${o.invoice_no.toLowerCase()}`)).json();
    expect(byNo.data.map((x: { id: number }) => x.id)).toEqual([o.id]);
    expect((await get(seller.token, '/api/orders/search/STO-?outlet=office')).json().data).toEqual([]);
    expect((await get(seller.token, `/api/orders/search/${'x'.repeat(101)}`)).statusCode).toBe(422);
  });

  it('GET /api/orders lists newest first, filtered by outlet and status; GET {id} 404s an unknown one', async () => {
    const res = (await get(seller.token, '/api/orders?outlet=office&status=void')).json();
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data.every((o: { outlet: string; status: string }) => o.outlet === 'office' && o.status === 'void')).toBe(true);
    expect((await get(seller.token, '/api/orders/999999')).statusCode).toBe(404);
    expect((await get(seller.token, '/api/orders?status=open')).statusCode).toBe(422);
  });
});

describe('GET /api/orders totals (kept by the database in order_counts)', () => {
  it('equal a count of the orders for every filter, through sales, a void and an edit', async () => {
    const seller = await t.staff();
    const p = await pos.product({ outlet: 'salon', quantity: 10 });
    const sold = [];
    for (let i = 0; i < 3; i++) sold.push((await pos.sell(seller.token, { outlet: 'salon', items: [{ product_id: p.id, quantity: 1 }] })).json().data);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${sold[0].id}`, payload: { reason: 'Rung up by mistake' } })).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'PUT', url: `/api/orders/${sold[1].id}`, payload: { note: 'edited' } })).statusCode).toBe(200);
    const count = async (outlet?: string, status?: string) =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ordersTable).where(and(outlet ? eq(ordersTable.outlet, outlet as 'salon') : undefined, status ? eq(ordersTable.status, status as 'paid') : undefined)))[0]!.n;
    for (const outlet of [undefined, 'salon', 'store']) {
      for (const status of [undefined, 'paid', 'void']) {
        const query = new URLSearchParams({ ...(outlet ? { outlet } : {}), ...(status ? { status } : {}), per_page: '2' });
        const res = (await get(seller.token, `/api/orders?${query}`)).json();
        const n = await count(outlet, status);
        expect(res.total, `${outlet} ${status}`).toBe(n);
        expect(res.last_page).toBe(Math.max(1, Math.ceil(n / 2)));
      }
    }
    expect(await count('salon', 'void')).toBeGreaterThan(0);
  });
});

describe('studio time', () => {
  it('dates a sale by the studio day, not the server clock (23:30 UTC is the next day in Lagos)', async () => {
    expect(studioDate(new Date('2025-01-31T23:30:00Z'), TZ)).toBe('2025-02-01');
    expect(studioDate(new Date('2025-01-31T22:59:00Z'), TZ)).toBe('2025-01-31');
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    const p = await pos.product({ quantity: 5 });
    const [u] = await t.database.db.select().from(usersTable).where(eq(usersTable.id, staff.id));
    const { order } = await createOrder(t.database.db, u!, { outlet: 'store', customer_name: 'Late', items: [{ product_id: p.id, quantity: 1 }], payment_method: 'cash', discount: 0, customer_phone: null, note: null }, TZ, {
      at: new Date('2025-01-31T23:30:00Z'),
    });
    expect(order.business_date).toBe('2025-02-01');
    const feb = (await get(admin, '/api/orders/getmonth/2025-02/store?page=1')).json();
    expect(feb.data.map((o: { id: number }) => o.id)).toContain(order.id);
    expect((await get(admin, '/api/orders/getmonth/2025-01/store?page=1')).json().total).toBe(0);
  });
});
