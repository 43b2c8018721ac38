import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { activityLogTable, ordersTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 9, item 6: the staff discount limit (a setting), an admin's approval at the till above it, and a void's reason.
let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
/** A second admin who approves at the till (its failed attempts must not throttle the first admin's sign-ins). */
let approver: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff({ name: 'Chiamaka Eze' });
  approver = await t.staff({ name: 'Ngozi Manager', role: 'Manager', is_admin: 1 });
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const putSettings = (token: string, payload: unknown) => t.call(token, { method: 'PUT', url: '/api/settings', payload: payload as Record<string, unknown> });
const orderCount = async () => (await t.database.db.select({ n: count() }).from(ordersTable))[0]!.n;
const activity = (resource: string, action: string) =>
  t.database.db.select().from(activityLogTable).where(and(eq(activityLogTable.resource, resource), eq(activityLogTable.action, action))).orderBy(activityLogTable.id);

/** A ₦10,000 cart of one product (10 in stock) at the store. */
async function cart() {
  const p = await pos.product({ name: `Bridal Glow Kit ${crypto.randomBytes(2).toString('hex')}`, price: 10_000, quantity: 10 });
  return { product: p, items: [{ product_id: p.id, quantity: 1 }] };
}

describe('GET/PUT /api/settings: the staff discount limit', () => {
  it('is 10% until an admin sets it, and every signed-in user can read it', async () => {
    for (const token of [admin, staff.token]) {
      const res = await get(token, '/api/settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { max_staff_discount_percent: 10, token_idle_days: 30, offline_stale_hours: 24, offline_backdate_days: 2, reminder_skip_days: 3, bank_account: null, overdue_attendance: 'warn', certificate_needs_balance: true, time_format: '24h' } });
    }
    expect((await t.call(null, { method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });

  it('only an admin changes it; a bad value is a 422 on the field and changes nothing', async () => {
    expect((await putSettings(staff.token, { max_staff_discount_percent: 50 })).statusCode).toBe(403);
    for (const bad of [101, -1, '15', null, 12.345]) {
      const res = await putSettings(admin, { max_staff_discount_percent: bad });
      expect(res.statusCode, `value ${String(bad)}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['max_staff_discount_percent']);
    }
    expect((await putSettings(admin, {})).statusCode).toBe(422);
    expect((await get(admin, '/api/settings')).json().data.max_staff_discount_percent).toBe(10);
    expect(await activity('settings', 'update')).toHaveLength(0);
  });

  it('an admin sets it (logged, with before and after) and the till follows it at once', async () => {
    const res = await putSettings(admin, { max_staff_discount_percent: 25.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ max_staff_discount_percent: 25.5, token_idle_days: 30, offline_stale_hours: 24, offline_backdate_days: 2, reminder_skip_days: 3, bank_account: null, overdue_attendance: 'warn', certificate_needs_balance: true, time_format: '24h' });
    expect((await get(staff.token, '/api/settings')).json().data.max_staff_discount_percent).toBe(25.5);
    const [row] = await activity('settings', 'update');
    expect(row).toMatchObject({ user_name: 'Studio Admin', before: { max_staff_discount_percent: 10 }, after: { max_staff_discount_percent: 25.5 } });

    // 25% of ₦10,000 is now within the staff limit; 25.51% is not
    const c = await cart();
    expect((await pos.sell(staff.token, { items: c.items, discount: 2550 })).statusCode).toBe(201);
    const over = await pos.sell(staff.token, { items: c.items, discount: 2551 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.discount).toEqual(["A discount above 25.5% needs an admin's approval."]);

    expect((await putSettings(admin, { max_staff_discount_percent: 10 })).statusCode).toBe(200);
  });
});

describe('POST /api/orders: a staff discount above the limit needs an admin at the till', () => {
  it('refuses a staff discount above 10% without an approval: a 422 on discount, nothing sold, no stock moved', async () => {
    const c = await cart();
    const before = await orderCount();
    const res = await pos.sell(staff.token, { items: c.items, discount: 1000.01 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: "A discount above 10% needs an admin's approval.", errors: { discount: ["A discount above 10% needs an admin's approval."] } });
    expect(await orderCount()).toBe(before);
    expect((await pos.getProduct(c.product.id)).quantity).toBe(10);
    expect((await pos.ledger(c.product.id)).map((l) => l.reason)).toEqual(['opening']);
  });

  it('lets a staff member give exactly the limit, recording no approver', async () => {
    const c = await cart();
    const res = await pos.sell(staff.token, { items: c.items, discount: 1000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ discount: 1000, total: 9000, discount_approved_by: null, staff: { id: staff.id } });
  });

  it('sells with an admin approval: the approver is recorded on the order, shown by GET and in the sale log', async () => {
    const c = await cart();
    const res = await pos.sell(staff.token, { items: c.items, discount: 5000, discount_approval: { username: `  ${approver.username.toUpperCase()} `, password: approver.password } });
    expect(res.statusCode).toBe(201);
    const o = res.json().data;
    expect(o).toMatchObject({ discount: 5000, total: 5000, staff: { id: staff.id, name: 'Chiamaka Eze' }, discount_approved_by: { id: approver.id, name: 'Ngozi Manager' } });
    expect(JSON.stringify(o)).not.toContain(approver.password);
    expect((await get(admin, `/api/orders/${o.id}`)).json().data.discount_approved_by).toEqual({ id: approver.id, name: 'Ngozi Manager' });
    expect((await pos.getProduct(c.product.id)).quantity).toBe(9);
    const sale = (await activity('orders', 'sale')).find((r) => r.record_id === o.id)!;
    expect(sale.after).toMatchObject({ discount: 5000, discount_approved_by: { id: approver.id, name: 'Ngozi Manager' } });
    const [row] = await t.database.db.select().from(ordersTable).where(eq(ordersTable.id, o.id));
    expect(row!.discount_approved_by).toBe(approver.id);
  });

  it('refuses a wrong password (logged as a failed sign-in) and a staff member as approver: 422 on discount_approval, nothing sold', async () => {
    const c = await cart();
    const other = await t.staff({ name: 'Blessing Staff' });
    const before = await orderCount();
    const failedBefore = (await activity('auth', 'login_failed')).length;

    const wrong = await pos.sell(staff.token, { items: c.items, discount: 5000, discount_approval: { username: approver.username, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ discount_approval: ['These credentials do not match our records.'] });
    const failed = await activity('auth', 'login_failed');
    expect(failed).toHaveLength(failedBefore + 1);
    expect(failed.at(-1)).toMatchObject({ record_id: approver.id, after: { username: approver.username, for: 'discount_approval', by: staff.id } });
    expect(JSON.stringify(failed.at(-1))).not.toContain('not-the-password');

    const unknown = await pos.sell(staff.token, { items: c.items, discount: 5000, discount_approval: { username: 'nobody-here', password: 'whatever' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ discount_approval: ['These credentials do not match our records.'] });

    // right password, but not an admin: a staff member cannot approve (their own or another's discount)
    for (const who of [other, staff]) {
      const res = await pos.sell(staff.token, { items: c.items, discount: 5000, discount_approval: { username: who.username, password: who.password } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.discount_approval[0]).toMatch(/is not an admin: only an admin can approve a discount above 10%\.$/);
    }

    // a malformed approval is the schema's 422
    const empty = await pos.sell(staff.token, { items: c.items, discount: 5000, discount_approval: { username: '', password: '' } });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['discount_approval.password', 'discount_approval.username']);

    expect(await orderCount()).toBe(before);
    expect((await pos.getProduct(c.product.id)).quantity).toBe(10);
    expect((await pos.ledger(c.product.id)).map((l) => l.reason)).toEqual(['opening']);
  });

  it('an admin selling needs no approval, even for the whole subtotal', async () => {
    const c = await cart();
    const res = await pos.sell(admin, { items: c.items, discount: 10_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ total: 0, discount_approved_by: null });
  });

  it('leaves the sale its own 422s (a discount above the subtotal, a product of another outlet) and replays a made sale', async () => {
    const c = await cart();
    const above = await pos.sell(staff.token, { items: c.items, discount: 10_000.01 });
    expect(above.statusCode).toBe(422);
    expect(Object.keys(above.json().errors)).toEqual(['discount']);
    expect(above.json().errors.discount[0]).toMatch(/cannot be more than the subtotal/);
    const salon = await pos.product({ outlet: 'salon', price: 10_000 });
    const elsewhere = await pos.sell(staff.token, { items: [{ product_id: salon.id, quantity: 1 }], discount: 5000 });
    expect(elsewhere.statusCode).toBe(422);
    expect(Object.keys(elsewhere.json().errors)).toEqual(['items.0.product_id']);

    // the same approved sale sent twice (a retry after a lost answer) is one order, its approver kept
    const client_ref = crypto.randomUUID();
    const body = { items: c.items, discount: 3000, client_ref, discount_approval: { username: approver.username, password: approver.password } };
    const first = await pos.sell(staff.token, body);
    const again = await pos.sell(staff.token, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(again.json().data.discount_approved_by).toEqual({ id: approver.id, name: 'Ngozi Manager' });
    expect((await pos.getProduct(c.product.id)).quantity).toBe(9);
  });
});

describe('an approval at the till is a sign-in: the login throttle holds', () => {
  it('after the allowed failures it refuses even the right password, and POST /api/login for that admin too', async () => {
    const t2 = await createTestApp({ throttle: { max: 3, windowSeconds: 60 } });
    try {
      const a = await t2.login();
      const p2 = posHelpers(t2, () => a);
      const s = await t2.staff();
      const boss = await t2.staff({ name: 'Second Admin', is_admin: 1 });
      const product = await p2.product({ price: 10_000 });
      const sell = (password: string) => p2.sell(s.token, { items: [{ product_id: product.id, quantity: 1 }], discount: 5000, discount_approval: { username: boss.username, password } });
      for (let i = 0; i < 3; i++) expect((await sell(`wrong-${i}`)).statusCode).toBe(422);
      const refused = await sell(boss.password);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.discount_approval[0]).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const login = await t2.call(null, { method: 'POST', url: '/api/login', payload: { username: boss.username, password: boss.password } });
      expect(login.statusCode).toBe(429);
      expect((await p2.getProduct(product.id)).quantity).toBe(10);
    } finally {
      await t2.close();
    }
  });
});

describe('DELETE /api/orders/{id}: a void needs a reason', () => {
  it('without a reason (no body, empty, blank, too long) is a 422 on reason and changes nothing', async () => {
    const c = await cart();
    const o = (await pos.sell(staff.token, { items: c.items })).json().data;
    const attempts = [
      { payload: undefined },
      { payload: {} },
      { payload: { reason: '' } },
      { payload: { reason: '   ' } },
      { payload: { reason: 42 } },
      { payload: { reason: 'x'.repeat(201) } },
    ];
    for (const a of attempts) {
      const res = await t.call(admin, { method: 'DELETE', url: `/api/orders/${o.id}`, ...(a.payload === undefined ? {} : { payload: a.payload }) });
      expect(res.statusCode, JSON.stringify(a.payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['reason']);
    }
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orders/${o.id}?reason=` })).statusCode).toBe(422);
    const after = (await get(admin, `/api/orders/${o.id}`)).json().data;
    expect(after).toMatchObject({ status: 'paid', voided_at: null, voided_by: null, void_reason: null });
    expect((await pos.getProduct(c.product.id)).quantity).toBe(9);
    expect((await activity('orders', 'void')).filter((r) => r.record_id === o.id)).toHaveLength(0);
    // staff still cannot void, with or without a reason
    expect((await t.call(staff.token, { method: 'DELETE', url: `/api/orders/${o.id}`, payload: { reason: 'Mistake' } })).statusCode).toBe(403);
  });

  it('with a reason: the order keeps who voided it, when and why (trimmed), the stock returns, and the log has the reason', async () => {
    const c = await cart();
    const o = (await pos.sell(staff.token, { items: c.items })).json().data;
    const res = await t.call(admin, { method: 'DELETE', url: `/api/orders/${o.id}`, payload: { reason: '  Customer changed her mind  ' } });
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    expect(v).toMatchObject({ status: 'void', voided_by: { id: expect.any(Number), name: 'Studio Admin' }, void_reason: 'Customer changed her mind' });
    expect(Date.parse(v.voided_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(staff.token, `/api/orders/${o.id}`)).json().data).toEqual(v);
    expect((await pos.getProduct(c.product.id)).quantity).toBe(10);
    const [row] = (await activity('orders', 'void')).filter((r) => r.record_id === o.id);
    expect(row).toMatchObject({ user_name: 'Studio Admin', after: { status: 'void', reason: 'Customer changed her mind' } });
  });

  it('takes the reason from ?reason= for a client that sends no body', async () => {
    const c = await cart();
    const o = (await pos.sell(staff.token, { items: c.items })).json().data;
    const res = await t.call(admin, { method: 'DELETE', url: `/api/orders/${o.id}?reason=${encodeURIComponent('Rung up twice')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'void', void_reason: 'Rung up twice' });
  });
});
