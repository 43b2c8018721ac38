import crypto from 'node:crypto';
import { studioDate } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 34, item 2: a provisional receipt number (OFF-...) finds its invoice in Invoices, and the synced invoice
// carries it and the time of the sale, not the time it reached the server.

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = () => studioDate(new Date(), 'Africa/Lagos');
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff({ name: 'Ada Offline' });
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

function offlineBody(productId: number, queuedAt: Date) {
  const n = ++seq;
  return {
    outlet: 'store',
    customer_name: 'Walk-in Customer',
    payment_method: 'cash',
    client_ref: crypto.randomUUID(),
    items: [{ product_id: productId, quantity: 1, unit_price: 5000 }],
    offline: {
      device_id: 'dev-invoice-test-device',
      device_seq: n,
      provisional_no: `OFF-K9P-${String(n).padStart(4, '0')}`,
      sold_on: studioDate(queuedAt, 'Africa/Lagos'),
      queued_at: queuedAt.toISOString(),
      prices_as_of: new Date(queuedAt.getTime() - 3_600_000).toISOString(),
    },
  };
}

describe('a synced offline sale reads as its provisional receipt did', () => {
  it('is found in Invoices by its OFF- number (whole or in part), and carries it', async () => {
    const p = await pos.product({ price: 5000, quantity: 5 });
    const body = offlineBody(p.id, new Date(Date.now() - 5 * 60_000));
    const res = await t.call(staff.token, { method: 'POST', url: '/api/orders', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale.invoice_no).toMatch(/^STO-/);
    expect(sale.offline.provisional_no).toBe(body.offline.provisional_no);

    for (const text of [body.offline.provisional_no, body.offline.provisional_no.toLowerCase(), body.offline.provisional_no.slice(4)]) {
      const found = await t.call(staff.token, { method: 'GET', url: `/api/orders/search/${encodeURIComponent(text)}?outlet=store` });
      expect(found.statusCode, found.body).toBe(200);
      const rows = found.json().data as { id: number; invoice_no: string; offline: { provisional_no: string } | null }[];
      expect(rows.map((r) => r.id)).toEqual([sale.id]);
      expect(rows[0]!.offline?.provisional_no).toBe(body.offline.provisional_no);
    }
    // the invoice number still finds it, and another outlet does not
    expect((await t.call(staff.token, { method: 'GET', url: `/api/orders/search/${sale.invoice_no}` })).json().data.map((r: { id: number }) => r.id)).toEqual([sale.id]);
    expect((await t.call(staff.token, { method: 'GET', url: `/api/orders/search/${body.offline.provisional_no}?outlet=salon` })).json().data).toEqual([]);
  });

  it("has the sale's time, not the sync time, in its answer, when read again and in the month's list", async () => {
    const p = await pos.product({ price: 5000, quantity: 5 });
    // sold earlier today (or just after midnight when the test runs then): the same studio day, well before now
    const now = Date.now();
    const midnight = new Date(`${today()}T00:00:00+01:00`).getTime();
    const soldAt = new Date(Math.max(midnight + 1000, now - 3 * 3_600_000));
    const body = offlineBody(p.id, soldAt);
    const res = await t.call(staff.token, { method: 'POST', url: '/api/orders', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale.created_at).toBe(soldAt.toISOString());
    const read = (await t.call(staff.token, { method: 'GET', url: `/api/orders/${sale.id}` })).json().data;
    expect(read.created_at).toBe(soldAt.toISOString());
    expect(read.offline.queued_at).toBe(soldAt.toISOString());
    const found = (await t.call(staff.token, { method: 'GET', url: `/api/orders/search/${body.offline.provisional_no}` })).json().data;
    expect(found[0].created_at).toBe(soldAt.toISOString());
  });

  it("keeps the server's time when the device's clock is ahead of it", async () => {
    const p = await pos.product({ price: 5000, quantity: 5 });
    const ahead = new Date(Date.now() + 2 * 60_000);
    const body = offlineBody(p.id, ahead);
    body.offline.sold_on = today();
    const before = Date.now();
    const res = await t.call(staff.token, { method: 'POST', url: '/api/orders', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const created = new Date(res.json().data.created_at).getTime();
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThan(ahead.getTime());
  });

  it('an online sale keeps the time it was made', async () => {
    const p = await pos.product({ price: 5000, quantity: 5 });
    const before = Date.now();
    const res = await t.call(staff.token, {
      method: 'POST',
      url: '/api/orders',
      payload: { outlet: 'store', customer_name: 'Walk-in Customer', payment_method: 'cash', client_ref: crypto.randomUUID(), items: [{ product_id: p.id, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(new Date(res.json().data.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json().data.offline).toBeNull();
  });
});
