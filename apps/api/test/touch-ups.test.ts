import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addCalendarMonths, addDays, studioDate, type Order, type TouchUpPlan } from '@studio/shared';
import { ordersTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 31, item 5 (decision 040): a PMU service declares its touch-up rule; the procedure's sale line keeps it (the
// client's plan); a touch-up is priced from it by the time since the procedure; touch-ups due: week 5 to 10, none booked.

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = studioDate(new Date(), 'Africa/Lagos');
const rule = { free_from_week: 4, free_to_week: 10, bands: [{ months: 6, price: 40_000 }, { months: 12, price: 60_000 }, { months: 24, price: 90_000 }] };
let brows: number;
let clientId: number;
const phone = '08036660101';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const plans = async (on?: string) => (await call('GET', `/api/clients/${clientId}/touch-ups${on ? `?on=${on}` : ''}`, undefined, staff.token)).json().data as TouchUpPlan[];
const due = async () => (await call('GET', '/api/touch-ups/due', undefined, staff.token)).json().data as TouchUpPlan[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  pos = posHelpers(t, () => admin);
  brows = (await pos.product({ outlet: 'office', kind: 'service', price: 150_000, quantity: null, duration_minutes: 120, touch_up: rule })).id;
  const c = await call('POST', '/api/clients', { name: 'Brow Client', phone });
  clientId = c.json().data.id;
});
afterAll(() => t.close());

describe('touch-up plans', () => {
  let order: Order;
  it('a PMU service declares its rule; a bad rule is a 422 on its field', async () => {
    expect((await call('GET', `/api/products/${brows}`)).json().data.touch_up).toEqual(rule);
    const bad = await call('PUT', `/api/products/${brows}`, { touch_up: { free_from_week: 8, free_to_week: 4, bands: [] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('touch_up.free_to_week');
  });

  it("the procedure's sale makes the client's plan, priced at week 6 (included), month 5 (the 6-month band) and month 30 (full)", async () => {
    const res = await pos.sell(admin, { outlet: 'office', customer_name: 'Brow Client', customer_phone: phone, items: [{ product_id: brows, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    order = res.json().data as Order;
    const [plan] = await plans(addDays(today, 42));
    expect(plan).toMatchObject({ order_id: order.id, service_id: brows, procedure_date: today, rule, full_price: 150_000, quote: { band: 'included', price: 0 }, booked: null });
    expect((await plans(addCalendarMonths(today, 5)))[0]!.quote).toMatchObject({ band: 'band', months: 6, price: 40_000 });
    expect((await plans(addCalendarMonths(today, 30)))[0]!.quote).toMatchObject({ band: 'full', price: 150_000 });
    // a rule changed later does not change what was sold
    await call('PUT', `/api/products/${brows}`, { touch_up: { ...rule, bands: [{ months: 6, price: 1 }] } });
    expect((await plans(addCalendarMonths(today, 5)))[0]!.quote.price).toBe(40_000);
    expect((await call('GET', '/api/clients/999999/touch-ups', undefined, staff.token)).statusCode).toBe(404);
  });

  it('is due from week 5 to week 10 while no touch-up is booked', async () => {
    expect((await due()).some((p) => p.order_id === order.id)).toBe(false);
    await t.database.db.update(ordersTable).set({ business_date: addDays(today, -42) }).where(eq(ordersTable.id, order.id));
    expect((await due()).filter((p) => p.order_id === order.id)).toHaveLength(1);
    const artist = (await call('GET', '/api/auth/user')).json().data?.id ?? (await call('GET', '/api/users')).json().data[0].id;
    const booked = await call('POST', '/api/appointments', { client_id: clientId, service_id: brows, artist_id: artist, starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await due()).some((p) => p.order_id === order.id)).toBe(false);
    expect((await plans())[0]!.booked).toMatchObject({ appointment_id: booked.json().data.id });
    await t.database.db.update(ordersTable).set({ business_date: addDays(today, -80) }).where(eq(ordersTable.id, order.id));
    expect((await due()).some((p) => p.order_id === order.id)).toBe(false);
  });
});
