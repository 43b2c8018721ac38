import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addDays, studioDate } from '@studio/shared';
import { activityLogTable } from '../src/db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';

// Issue 28, item 6: offline sales say who and when, truthfully. A staff member's offline sale is theirs whatever
// `sold_by` says (it is honoured from an admin only); a staff member's sale dated more than offline_backdate_days
// (default 2) before it reaches the server waits for an admin as `backdated`, so no old day's income moves by itself.

let t: TestApp;
let admin: string;
let adminId: number;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let colleague: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = () => studioDate(new Date(), 'Africa/Lagos');
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = (await t.call(admin, { method: 'GET', url: '/api/user' })).json().data.id;
  staff = await t.staff({ name: 'Efe Till' });
  colleague = await t.staff({ name: 'Bisi Colleague' });
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

function offlineBody(productId: number, offline: Record<string, unknown> = {}) {
  const n = ++seq;
  const now = Date.now();
  return {
    outlet: 'store',
    customer_name: 'Walk-in Customer',
    payment_method: 'cash',
    client_ref: crypto.randomUUID(),
    items: [{ product_id: productId, quantity: 1, unit_price: 5000 }],
    offline: {
      device_id: 'dev-truth-test-device',
      device_seq: n,
      provisional_no: `OFF-TRU-${String(n).padStart(4, '0')}`,
      sold_on: today(),
      queued_at: new Date(now - 60_000).toISOString(),
      prices_as_of: new Date(now - 3_600_000).toISOString(),
      ...offline,
    },
  };
}
const send = (token: string, body: Record<string, unknown>) => t.call(token, { method: 'POST', url: '/api/orders', payload: body });
const monthIncome = async (day: string) => {
  const from = `${day.slice(0, 7)}-01`;
  return (await t.call(admin, { method: 'GET', url: `/api/finances/summary-range/${from}/${day}` })).json().data.income as number;
};

describe('who: sold_by', () => {
  it("a staff member's offline sale naming the admin or a colleague is recorded as theirs; the claim is kept in the log", async () => {
    const p = await pos.product({ price: 5000, quantity: 20 });
    for (const claimed of [adminId, colleague.id]) {
      const res = await send(staff.token, offlineBody(p.id, { sold_by: claimed }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.staff.id).toBe(staff.id);
    }
    const entries = await t.database.db.select().from(activityLogTable).where(eq(activityLogTable.action, 'sale'));
    expect(entries.some((e) => (e.after as { offline?: { claimed_sold_by?: number } } | null)?.offline?.claimed_sold_by === colleague.id)).toBe(true);
    // staff performance: nothing credited to the colleague
    const perf = await t.call(admin, { method: 'GET', url: `/api/staff-performances/${today()}/${today()}` });
    const row = (perf.json().data as { staff: { id: number }; count: number }[]).find((r) => r.staff.id === colleague.id);
    expect(row?.count ?? 0).toBe(0);
  });

  it("an admin's sale naming a staff member is recorded as that staff member's", async () => {
    const p = await pos.product({ price: 5000, quantity: 5 });
    const res = await send(admin, offlineBody(p.id, { sold_by: colleague.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.staff.id).toBe(colleague.id);
  });
});

describe('when: sold_on', () => {
  it('a staff sale dated 2 days back is recorded; 3 days back waits for an admin as backdated; an admin records it', async () => {
    const p = await pos.product({ price: 5000, quantity: 20 });
    const ok = await send(staff.token, offlineBody(p.id, { sold_on: addDays(today(), -2) }));
    expect(ok.statusCode, ok.body).toBe(201);
    const old = await send(staff.token, offlineBody(p.id, { sold_on: addDays(today(), -3) }));
    expect(old.statusCode, old.body).toBe(202);
    expect(old.json().review.reason).toBe('backdated');
    const recorded = await t.call(admin, { method: 'POST', url: `/api/offline-review/${old.json().review.id}/resolve`, payload: { action: 'record', prices: 'server' } });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data.status).toBe('recorded');
  });

  it('a staff sale dated March 2024 (a day never closed) is not recorded: that month keeps its income', async () => {
    const p = await pos.product({ price: 5000, quantity: 20 });
    const before = await monthIncome('2024-03-31');
    const res = await send(staff.token, offlineBody(p.id, { sold_on: '2024-03-15' }));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().review.reason).toBe('backdated');
    expect(await monthIncome('2024-03-31')).toBe(before);
  });

  it("an admin's own old offline sale is recorded on its day", async () => {
    const p = await pos.product({ price: 5000, quantity: 20 });
    const res = await send(admin, offlineBody(p.id, { sold_on: addDays(today(), -10) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.business_date).toBe(addDays(today(), -10));
  });

  it('the limit is a setting: at 0 days, yesterday waits for an admin', async () => {
    const set = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { offline_backdate_days: 0 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.offline_backdate_days).toBe(0);
    const p = await pos.product({ price: 5000, quantity: 20 });
    const res = await send(staff.token, offlineBody(p.id, { sold_on: addDays(today(), -1) }));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().review.reason).toBe('backdated');
    const bad = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { offline_backdate_days: -1 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.offline_backdate_days).toBeDefined();
    await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { offline_backdate_days: 2 } });
  });
});
