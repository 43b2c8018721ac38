import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { studioDate } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 28 (item 5's finding): a sale's client_ref with another body answered the first order (200). Like every other
// money call it is now a 422 on client_ref; the same body sent again (a retry, the offline till's resend, keys in
// another order) still answers the first order, or the review it went to.

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = () => studioDate(new Date(), 'Africa/Lagos');
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff({ name: 'Tolu Till' });
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

const send = (token: string, body: Record<string, unknown>) => t.call(token, { method: 'POST', url: '/api/orders', payload: body });
const ordersWithRef = async (ref: string) => (await t.database.db.select({ n: count() }).from(ordersTable).where(eq(ordersTable.client_ref, ref)))[0]!.n;

function offlineBody(productId: number, quantity: number, price: number) {
  const n = ++seq;
  const now = Date.now();
  return {
    outlet: 'store',
    customer_name: 'Walk-in Customer',
    payment_method: 'cash',
    client_ref: crypto.randomUUID(),
    items: [{ product_id: productId, quantity, unit_price: price }],
    offline: {
      device_id: 'dev-ref-test-device',
      device_seq: n,
      provisional_no: `OFF-REF-${String(n).padStart(4, '0')}`,
      sold_on: today(),
      queued_at: new Date(now - 60_000).toISOString(),
      prices_as_of: new Date(now - 3_600_000).toISOString(),
    },
  };
}

describe("a sale's client_ref is bound to its body", () => {
  it("a sale whose answer was lost online, sent again by the till's drainer as an offline sale (its offline block, the prices shown), answers the first order", async () => {
    const p = await pos.product({ price: 6000, quantity: 5 });
    const ref = crypto.randomUUID();
    const online = { outlet: 'store', customer_name: 'Walk-in Customer', payment_method: 'cash', items: [{ product_id: p.id, quantity: 1 }], client_ref: ref };
    const first = await send(staff.token, online);
    expect(first.statusCode, first.body).toBe(201);
    const resent = { ...offlineBody(p.id, 1, 6000), client_ref: ref };
    const again = await send(staff.token, resent);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await ordersWithRef(ref)).toBe(1);
    // another sale under the key is still refused
    expect((await send(staff.token, { ...resent, items: [{ product_id: p.id, quantity: 2, unit_price: 6000 }] })).statusCode).toBe(422);
  });

  it('online: the same body again answers the first order (keys in any order); another body with the key is 422 on client_ref and sells nothing', async () => {
    const p = await pos.product({ price: 1500, quantity: 10 });
    const ref = crypto.randomUUID();
    const body = { outlet: 'store', customer_name: 'Ada', payment_method: 'cash', items: [{ product_id: p.id, quantity: 2 }], client_ref: ref };
    const first = await send(staff.token, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(staff.token, { client_ref: ref, items: [{ quantity: 2, product_id: p.id }], payment_method: 'cash', customer_name: 'Ada', outlet: 'store' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);

    for (const other of [
      { ...body, items: [{ product_id: p.id, quantity: 3 }] },
      { ...body, payment_method: 'transfer' },
      { ...body, customer_name: 'Someone else' },
    ]) {
      const res = await send(staff.token, other);
      expect(res.statusCode, JSON.stringify(other)).toBe(422);
      expect(res.json().errors.client_ref).toBeDefined();
    }
    expect(await ordersWithRef(ref)).toBe(1);
    expect((await pos.getProduct(p.id)).quantity).toBe(8);
  });

  it('offline: the till sending the same sale again gets the first order; another body with its key is 422', async () => {
    const p = await pos.product({ price: 2000, quantity: 10 });
    const body = offlineBody(p.id, 1, 2000);
    const first = await send(staff.token, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(staff.token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await send(staff.token, { ...body, items: [{ product_id: p.id, quantity: 4, unit_price: 2000 }] });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.client_ref).toBeDefined();
    expect(await ordersWithRef(body.client_ref)).toBe(1);
  });

  it('offline, kept for review: the same body answers the review, then the order an admin recorded from it; another body is 422', async () => {
    const p = await pos.product({ price: 3000, quantity: 10 });
    // the till showed another price: kept for an admin
    const body = offlineBody(p.id, 1, 2500);
    const first = await send(staff.token, body);
    expect(first.statusCode, first.body).toBe(202);
    const review = first.json().review as { id: number };
    const again = await send(staff.token, body);
    expect(again.statusCode).toBe(202);
    expect(again.json().review.id).toBe(review.id);
    const other = await send(staff.token, { ...body, customer_name: 'Changed' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.client_ref).toBeDefined();

    const recorded = await t.call(admin, { method: 'POST', url: `/api/offline-review/${review.id}/resolve`, payload: { action: 'record', prices: 'shown' } });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const after = await send(staff.token, body);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.client_ref).toBe(body.client_ref);
    const otherAfter = await send(staff.token, { ...body, customer_name: 'Changed' });
    expect(otherAfter.statusCode).toBe(422);
    expect(await ordersWithRef(body.client_ref)).toBe(1);
  });
});
