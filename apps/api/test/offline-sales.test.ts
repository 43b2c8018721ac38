import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { addDays, studioDate } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogTable, offlineReviewsTable, ordersTable } from '../src/db/schema.js';
import { snapshotDatabase } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 18: sales made while the till could not reach the server, sent later (docs/decisions/016-offline-till.md).
let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = () => studioDate(new Date(), 'Africa/Lagos');
const DEVICE = 'dev-7q2-test-device';
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff({ name: 'Ngozi Amadi' });
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

/** An offline sale's body: one line per [product, quantity, shown price], paid in cash, made a minute ago from fresh prices. */
function offlineBody(lines: [{ id: number }, number, number][], over: { offline?: Record<string, unknown>; [k: string]: unknown } = {}) {
  const now = Date.now();
  const n = ++seq;
  const { offline, ...rest } = over;
  return {
    outlet: 'store',
    customer_name: 'Walk-in Customer',
    payment_method: 'cash',
    client_ref: crypto.randomUUID(),
    items: lines.map(([p, quantity, price]) => ({ product_id: p.id, quantity, unit_price: price })),
    offline: {
      device_id: DEVICE,
      device_seq: n,
      provisional_no: `OFF-7Q2-${String(n).padStart(4, '0')}`,
      sold_on: today(),
      queued_at: new Date(now - 60_000).toISOString(),
      prices_as_of: new Date(now - 3_600_000).toISOString(),
      ...offline,
    },
    ...rest,
  };
}
const send = (token: string, body: Record<string, unknown>) => t.call(token, { method: 'POST', url: '/api/orders', payload: body });
const ordersWithRef = async (ref: string) => (await t.database.db.select({ n: count() }).from(ordersTable).where(eq(ordersTable.client_ref, ref)))[0]!.n;
const reviews = (token: string, status = 'open') => t.call(token, { method: 'GET', url: `/api/offline-review?status=${status}` });
const resolve = (token: string, id: number, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `/api/offline-review/${id}/resolve`, payload });
const closeDay = (token: string, date: string) =>
  t.call(token, { method: 'POST', url: `/api/day-close/store/${date}`, payload: { counted: { cash: 0, transfer: 0, card: 0, pos: 0 } } });

describe('POST /api/orders with offline: recorded once, on its day, by its seller', () => {
  it('records the sale on the day it was made with its device and seller; the same send again (first answer lost) answers it and sells nothing more', async () => {
    const p = await pos.product({ price: 2500, quantity: 10 });
    const yesterday = addDays(today(), -1);
    const body = offlineBody([[p, 2, 2500]], { offline: { sold_on: yesterday, sold_by: staff.id } });
    const first = await send(admin, body);
    expect(first.statusCode).toBe(201);
    const order = first.json().data;
    expect(order).toMatchObject({
      business_date: yesterday,
      total: 5000,
      staff: { id: staff.id, name: 'Ngozi Amadi' },
      oversold: false,
      offline: { device_id: DEVICE, device_seq: body.offline.device_seq, provisional_no: body.offline.provisional_no },
    });
    expect(order.offline.queued_at).toBe(body.offline.queued_at);

    // the till never heard the answer and sends the same sale again (after a reload: the same body)
    const again = await send(admin, body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().data.id).toBe(order.id);
    expect(await ordersWithRef(body.client_ref)).toBe(1);
    expect((await pos.getProduct(p.id)).quantity).toBe(8);
    // the log says who sent it beside who sold it
    const [log] = await t.database.db.select().from(activityLogTable).where(and(eq(activityLogTable.resource, 'orders'), eq(activityLogTable.record_id, order.id)));
    expect(log).toMatchObject({ user_id: staff.id, after: { offline: { device_id: DEVICE, sent_by: { name: 'Studio Admin' } } } });
  });

  it('two sends of one sale at once (two tabs) make one order and take the stock once', async () => {
    const p = await pos.product({ price: 1000, quantity: 5 });
    const body = offlineBody([[p, 1, 1000]]);
    const [a, b] = await Promise.all([send(staff.token, body), send(staff.token, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await ordersWithRef(body.client_ref)).toBe(1);
    expect((await pos.getProduct(p.id)).quantity).toBe(4);
  });

  it('accepts an offline sale that takes stock below zero, flagged oversold and listed for a count; online the same sale is still refused', async () => {
    const p = await pos.product({ price: 1500, quantity: 1 });
    const online = await pos.sell(staff.token, { items: [{ product_id: p.id, quantity: 3 }] });
    expect(online.statusCode).toBe(422);
    expect(Object.keys(online.json().errors)).toEqual(['items.0.quantity']);

    const res = await send(staff.token, offlineBody([[p, 3, 1500]]));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ oversold: true, total: 4500 });
    expect((await pos.getProduct(p.id)).quantity).toBe(-2);
    const ledger = await pos.ledger(p.id);
    expect(ledger.at(-1)).toMatchObject({ reason: 'sale', change: -3, quantity_after: -2 });
    const list = await t.call(staff.token, { method: 'GET', url: '/api/orders?oversold=true' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((o: { id: number }) => o.id)).toContain(res.json().data.id);
    expect(list.json().data.every((o: { oversold: boolean }) => o.oversold)).toBe(true);
    // a restock counts up from the shortfall
    expect((await t.call(admin, { method: 'PUT', url: `/api/products/quantity/${p.id}`, payload: { quantity: 5 } })).statusCode).toBe(200);
    expect((await pos.getProduct(p.id)).quantity).toBe(3);
  });
});

describe('offline sales the server keeps for an admin (the review queue)', () => {
  it('a sale for a day closed meanwhile is kept (202), not recorded and not lost; a retry answers the same review; an admin records it on an open day', async () => {
    const p = await pos.product({ price: 3000, quantity: 10 });
    // within the 2 days a staff member may date a sale back (further back is `backdated`: offline-truth.test.ts)
    const day = addDays(today(), -2);
    expect((await closeDay(staff.token, day)).statusCode).toBe(201);
    const body = offlineBody([[p, 2, 3000]], { offline: { sold_on: day } });

    const res = await send(staff.token, body);
    expect(res.statusCode).toBe(202);
    const review = res.json().review;
    expect(res.json().data).toBeNull();
    expect(review).toMatchObject({ reason: 'day_closed', status: 'open', sold_on: day, client_ref: body.client_ref, shown_total: 6000, sold_by: { id: staff.id }, sent_by: { id: staff.id } });
    expect(review.message).toMatch(/was closed by Ngozi Amadi before this offline sale arrived/);
    expect(await ordersWithRef(body.client_ref)).toBe(0);
    expect((await pos.getProduct(p.id)).quantity).toBe(10);

    const retry = await send(staff.token, body);
    expect(retry.statusCode).toBe(202);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json().review.id).toBe(review.id);
    expect((await t.database.db.select({ n: count() }).from(offlineReviewsTable).where(eq(offlineReviewsTable.client_ref, body.client_ref)))[0]!.n).toBe(1);

    const list = await reviews(admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(review.id);
    // the day close of that day counts it as waiting for review
    expect((await t.call(admin, { method: 'GET', url: `/api/day-close/store/${day}` })).json().data.offline_review).toBe(1);

    // on its own (closed) day: refused, nothing changes
    const onClosed = await resolve(admin, review.id, { action: 'record' });
    expect(onClosed.statusCode).toBe(422);
    expect(Object.keys(onClosed.json().errors)).toEqual(['business_date']);
    // on today: recorded, with the review's client_ref, by its seller
    const recorded = await resolve(admin, review.id, { action: 'record', business_date: today(), note: 'Day was closed early' });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().data).toMatchObject({ status: 'recorded', resolved_by: { name: 'Studio Admin' }, order: { invoice_no: expect.stringMatching(/^STO-/) } });
    expect(await ordersWithRef(body.client_ref)).toBe(1);
    expect((await pos.getProduct(p.id)).quantity).toBe(8);
    // the device still sending it now gets the sale; the same resolution again answers it; another is a 422
    const late = await send(staff.token, body);
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toMatchObject({ business_date: today(), staff: { id: staff.id }, invoice_no: recorded.json().data.order.invoice_no });
    expect((await resolve(admin, review.id, { action: 'record', business_date: today() })).headers['idempotent-replay']).toBe('true');
    expect((await resolve(admin, review.id, { action: 'dismiss', note: 'x' })).statusCode).toBe(422);
    expect((await reviews(admin)).json().data.map((r: { id: number }) => r.id)).not.toContain(review.id);
  });

  it('a price the server did not set waits for an admin: recorded at the server prices, or dismissed with a note', async () => {
    const p = await pos.product({ price: 8000, quantity: 10 });
    // a staff member cannot set a price by saying the sale was made offline
    const cheap = offlineBody([[p, 1, 10]]);
    // sent from two tabs at once: one review
    const [res, twin] = await Promise.all([send(staff.token, cheap), send(staff.token, cheap)]);
    expect(res.statusCode).toBe(202);
    expect(twin.statusCode).toBe(202);
    expect(twin.json().review.id).toBe(res.json().review.id);
    expect(res.json().review).toMatchObject({ reason: 'price_mismatch', lines: [{ product_id: p.id, shown_price: 10, server_price: 8000 }], shown_total: 10, server_total: 8000 });
    expect(await ordersWithRef(cheap.client_ref)).toBe(0);

    const atServer = await resolve(admin, res.json().review.id, { action: 'record', prices: 'server', note: 'Customer paid the balance' });
    expect(atServer.statusCode).toBe(200);
    const order = (await t.call(admin, { method: 'GET', url: `/api/orders/${atServer.json().data.order.id}` })).json().data;
    expect(order).toMatchObject({ total: 8000, items: [{ unit_price: 8000 }], client_ref: cheap.client_ref });

    const other = await send(staff.token, offlineBody([[p, 1, 7999.99]]));
    expect(other.statusCode).toBe(202);
    const noNote = await resolve(admin, other.json().review.id, { action: 'dismiss' });
    expect(noNote.statusCode).toBe(422);
    expect(Object.keys(noNote.json().errors)).toEqual(['note']);
    const dismissed = await resolve(admin, other.json().review.id, { action: 'dismiss', note: 'Rung up twice' });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().data).toMatchObject({ status: 'dismissed', resolution_note: 'Rung up twice', order: null });
    expect((await pos.getProduct(p.id)).quantity).toBe(9);
  });

  it('prices older than the limit: a staff sale is kept for review, an admin sale is recorded', async () => {
    const p = await pos.product({ price: 2000, quantity: 10 });
    const old = { prices_as_of: new Date(Date.now() - 30 * 3_600_000).toISOString() };
    const byStaff = await send(staff.token, offlineBody([[p, 1, 2000]], { offline: old }));
    expect(byStaff.statusCode).toBe(202);
    expect(byStaff.json().review).toMatchObject({ reason: 'stale_prices' });
    expect(byStaff.json().review.message).toMatch(/30 hours old; past 24 hours only an admin/);
    const byAdmin = await send(admin, offlineBody([[p, 1, 2000]], { offline: old }));
    expect(byAdmin.statusCode).toBe(201);
    // the limit is a setting: a whole number of hours from 1 to 720
    for (const bad of [0, 1.5, 721, '48']) {
      const res = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { offline_stale_hours: bad } });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['offline_stale_hours']);
    }
    expect((await t.call(staff.token, { method: 'PUT', url: '/api/settings', payload: { offline_stale_hours: 48 } })).statusCode).toBe(403);
    expect((await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { offline_stale_hours: 48 } })).statusCode).toBe(200);
    expect((await send(staff.token, offlineBody([[p, 1, 2000]], { offline: old }))).statusCode).toBe(201);
    expect((await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { offline_stale_hours: 24 } })).statusCode).toBe(200);
    expect((await t.call(staff.token, { method: 'GET', url: '/api/settings' })).json().data.offline_stale_hours).toBe(24);
  });

  it("keeps a staff discount above the limit without an approval, and a sale dated after today, for an admin", async () => {
    const p = await pos.product({ price: 10_000, quantity: 10 });
    const discounted = await send(staff.token, offlineBody([[p, 1, 10_000]], { discount: 5000 }));
    expect(discounted.statusCode).toBe(202);
    expect(discounted.json().review.reason).toBe('discount_above_limit');
    expect(discounted.json().review.shown_total).toBe(5000);
    const future = await send(staff.token, offlineBody([[p, 1, 10_000]], { offline: { sold_on: addDays(today(), 2) } }));
    expect(future.statusCode).toBe(202);
    expect(future.json().review.reason).toBe('future_date');
    expect((await pos.getProduct(p.id)).quantity).toBe(10);
  });

  it('staff may not list or resolve the queue (403, nothing changes)', async () => {
    const p = await pos.product({ price: 500, quantity: 5 });
    const kept = await send(staff.token, offlineBody([[p, 1, 1]]));
    const before = await snapshotDatabase(t.database.db);
    expect((await reviews(staff.token)).statusCode).toBe(403);
    expect((await resolve(staff.token, kept.json().review.id, { action: 'dismiss', note: 'mine' })).statusCode).toBe(403);
    expect((await resolve(staff.token, kept.json().review.id, { action: 'record', prices: 'shown' })).statusCode).toBe(403);
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });
});

describe('bad offline input is a 422 on the field and changes nothing', () => {
  it('refuses a missing client ref or shown price, a bad device, date or time, a bad resolution and a bad heartbeat', async () => {
    const p = await pos.product({ price: 500, quantity: 5 });
    const good = offlineBody([[p, 1, 500]]);
    const before = await snapshotDatabase(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, client_ref: undefined }, 'client_ref'],
      [{ ...good, items: [{ product_id: p.id, quantity: 1 }] }, 'items.0.unit_price'],
      [{ ...good, offline: { ...good.offline, device_id: 'no' } }, 'offline.device_id'],
      [{ ...good, offline: { ...good.offline, sold_on: '2026-02-30' } }, 'offline.sold_on'],
      [{ ...good, offline: { ...good.offline, queued_at: 'yesterday' } }, 'offline.queued_at'],
      [{ ...good, offline: { ...good.offline, device_seq: 0 } }, 'offline.device_seq'],
      [{ ...good, offline: { ...good.offline, provisional_no: 'STO-000001' } }, 'offline.provisional_no'],
    ];
    for (const [body, field] of cases) {
      const res = await send(staff.token, body);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    expect((await resolve(admin, 999_999, { action: 'dismiss', note: 'x' })).statusCode).toBe(404);
    const heartbeat = (payload: Record<string, unknown>) => t.call(staff.token, { method: 'POST', url: '/api/devices/heartbeat', payload });
    for (const [payload, field] of [
      [{ device_id: DEVICE, code: '7q2', waiting: {} }, 'code'],
      [{ device_id: DEVICE, code: '7Q2', waiting: { store: -1 } }, 'waiting.store'],
    ] as const) {
      const res = await heartbeat(payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    const badAction = await resolve(admin, 1, { action: 'keep' });
    expect(badAction.statusCode).toBe(422);
    expect(Object.keys(badAction.json().errors)).toEqual(['action']);
  });
});

describe('POST /api/devices/heartbeat: the day close warns about sales still on a device', () => {
  it('lists a device holding sales of the outlet until it reports none', async () => {
    const beat = (waiting: Record<string, number>) => t.call(staff.token, { method: 'POST', url: '/api/devices/heartbeat', payload: { device_id: 'till-heartbeat-1', code: 'K9X', waiting, attention: 1 } });
    expect((await beat({ store: 3, salon: 0 })).statusCode).toBe(200);
    const day = (await t.call(staff.token, { method: 'GET', url: `/api/day-close/store/${today()}` })).json().data;
    expect(day.devices_waiting).toEqual([expect.objectContaining({ device_id: 'till-heartbeat-1', code: 'K9X', waiting: 3, attention: 1, user: { id: staff.id, name: 'Ngozi Amadi' } })]);
    expect((await t.call(staff.token, { method: 'GET', url: `/api/day-close/salon/${today()}` })).json().data.devices_waiting).toEqual([]);
    expect((await beat({})).statusCode).toBe(200);
    expect((await t.call(staff.token, { method: 'GET', url: `/api/day-close/store/${today()}` })).json().data.devices_waiting).toEqual([]);
  });
});
