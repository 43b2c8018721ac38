import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, studioDate, type ClientPackage, type DayClose, type Order, type PrepaidLiability } from '@studio/shared';
import { clientPackagesTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { snapshotDatabase } from './helpers/fixtures.js';

// Issue 31, item 4 (decision 040): packages of sessions sold to a client, counted down one session a line at a sale
// (items.N.package_id) by the package's tender handler, put back by a void; their unserved value on the liability.

let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<TestApp['staff']>>;
let pos: ReturnType<typeof posHelpers>;
const today = studioDate(new Date(), 'Africa/Lagos');

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const income = async () => (await call('GET', `/api/finances/summary-range/${today}/${today}`)).json().data.income as number;
const liability = async () => (await call('GET', '/api/prepaid/liability')).json().data as PrepaidLiability;

let fill: number;
let removal: number;
let facial: number;
let lipstick: number;
let packageId: number;
const client = { id: 0, phone: '08035550101' };
const other = { id: 0, phone: '08035550102' };

async function newClient(name: string, phone: string): Promise<number> {
  const res = await call('POST', '/api/clients', { name, phone });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
async function sellPackage(clientId: number, token = admin): Promise<ClientPackage> {
  const res = await call('POST', `/api/clients/${clientId}/packages`, { service_package_id: packageId, payment_method: 'cash', client_ref: crypto.randomUUID() }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ClientPackage;
}
const packagesOf = async (clientId: number) => (await call('GET', `/api/clients/${clientId}/packages`, undefined, staff.token)).json().data as ClientPackage[];
const one = async (clientId: number, id: number) => (await packagesOf(clientId)).find((p) => p.id === id)!;
/** A sale to `phone` of `items` (each `[product, package?]`), the rest paid in cash. */
const sale = (phone: string, items: [number, number?][], extra: Record<string, unknown> = {}) =>
  pos.sell(admin, { customer_name: 'Lash Client', customer_phone: phone, items: items.map(([product_id, package_id]) => ({ product_id, quantity: 1, ...(package_id ? { package_id } : {}) })), ...extra });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  pos = posHelpers(t, () => admin);
  fill = (await pos.product({ kind: 'service', price: 12_000, quantity: null, duration_minutes: 60 })).id;
  removal = (await pos.product({ kind: 'service', price: 9_000, quantity: null, duration_minutes: 30 })).id;
  facial = (await pos.product({ kind: 'service', price: 15_000, quantity: null, duration_minutes: 45 })).id;
  lipstick = (await pos.product({ price: 5_000, quantity: 100 })).id;
  client.id = await newClient('Lash Client', client.phone);
  other.id = await newClient('Other Client', other.phone);
});
afterAll(() => t.close());

describe('/api/service-packages', () => {
  it('declares a package of a service or several; a product, a missing service or one at another outlet is a 422 on its field', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const [body, field] of [
      [{ service_id: lipstick }, 'service_id'],
      [{ service_id: 999_999 }, 'service_id'],
      [{ extra_service_ids: [lipstick] }, 'extra_service_ids.0'],
      [{ extra_service_ids: [fill] }, 'extra_service_ids'],
      [{ sessions: 0 }, 'sessions'],
      [{ price: 0 }, 'price'],
    ] as const) {
      const res = await call('POST', '/api/service-packages', Object.assign({ name: 'Bad', service_id: fill, sessions: 3, price: 10_000, validity_days: 30 }, body));
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    const res = await call('POST', '/api/service-packages', { name: 'Lashes x3', service_id: fill, extra_service_ids: [removal], sessions: 3, price: 10_000, validity_days: 30 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ service_id: fill, extra_service_ids: [removal], sessions: 3, price: 10_000, validity_days: 30, active: true });
    packageId = res.json().data.id;
    expect((await call('POST', '/api/service-packages', { name: 'x', service_id: fill, sessions: 1, price: 1, validity_days: 1 }, staff.token)).statusCode).toBe(403);
  });
});

describe("a client's package", () => {
  it('is sold with its sessions and expiry: money in the day close and prepaid sold, not income; on the liability', async () => {
    const [income0, l0] = [await income(), await liability()];
    const day0 = (await call('GET', `/api/day-close/store/${today}`)).json().data as DayClose;
    const p = await sellPackage(client.id, staff.token);
    expect(p).toMatchObject({ name: 'Lashes x3', service_ids: [fill, removal], sessions: 3, sessions_left: 3, price: 10_000, value_left: 10_000, next_session_value: 3_333.33, expires_on: addDays(today, 30), status: 'active' });
    expect(p.lines).toMatchObject([{ kind: 'sold', amount: 10_000, sessions: 3, method: 'cash' }]);
    const day1 = (await call('GET', `/api/day-close/store/${today}`)).json().data as DayClose;
    expect(day1.expected.cash - day0.expected.cash).toBe(10_000);
    expect(day1.prepaid_sold!.total - (day0.prepaid_sold?.total ?? 0)).toBe(10_000);
    expect(await income()).toBe(income0);
    const l1 = await liability();
    expect(l1.packages).toEqual({ count: l0.packages.count + 1, value: l0.packages.value + 10_000 });
    expect(l1.total).toBeCloseTo(l0.total + 10_000, 2);
  });

  it('pays one session a line, several services in one visit, at the session value; income is what was served', async () => {
    const p = await sellPackage(client.id);
    const income0 = await income();
    const res = await sale(client.phone, [[fill, p.id], [removal, p.id], [lipstick]]);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as Order;
    // two sessions of ₦10,000 / 3 and the lipstick, paid in cash
    expect(order.total).toBe(3_333.33 * 2 + 5_000);
    expect(order.items.map((i) => i.unit_price)).toEqual([3_333.33, 3_333.33, 5_000]);
    expect(order.payments.map((x) => [x.method, x.amount, x.reference])).toEqual([
      ['cash', 5_000, null],
      ['package', 6_666.66, String(p.id)],
    ]);
    expect(order.payment_method).toBe('split');
    expect(await income()).toBeCloseTo(income0 + 11_666.66, 2);
    const after = await one(client.id, p.id);
    expect(after).toMatchObject({ sessions_left: 1, value_left: 3_333.34, next_session_value: 3_333.34, status: 'active' });
    expect(after.lines.at(-1)).toMatchObject({ kind: 'redeemed', amount: -6_666.66, sessions: -2, invoice_no: order.invoice_no });

    // more than the sessions left is a 422 on the line past the last session, and takes nothing
    const before = await snapshotDatabase(t.database.db);
    const over = await sale(client.phone, [[fill, p.id], [removal, p.id]]);
    expect(over.statusCode, over.body).toBe(422);
    expect(Object.keys(over.json().errors)).toEqual(['items.1.package_id']);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);

    // the last session takes what is left: the three together are the price
    const last = await sale(client.phone, [[removal, p.id]]);
    expect(last.statusCode, last.body).toBe(201);
    expect((last.json().data as Order).total).toBe(3_334 - 0.66);
    expect(await one(client.id, p.id)).toMatchObject({ sessions_left: 0, value_left: 0, status: 'used' });
    const none = await sale(client.phone, [[fill, p.id]]);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors['items.0.package_id'][0]).toMatch(/no sessions left/);
  });

  it("refuses a session of a service it does not cover, two at once on a line, another client's package, no client, a payment sent as a package", async () => {
    const p = await sellPackage(client.id);
    const before = await snapshotDatabase(t.database.db);
    const cases: [Promise<{ statusCode: number; json: () => { errors: Record<string, string[]> } }>, string][] = [
      [sale(client.phone, [[facial, p.id]]), 'items.0.package_id'],
      [pos.sell(admin, { customer_phone: client.phone, items: [{ product_id: fill, quantity: 2, package_id: p.id }] }), 'items.0.quantity'],
      [sale(other.phone, [[fill, p.id]]), 'items.0.package_id'],
      [pos.sell(admin, { items: [{ product_id: fill, quantity: 1, package_id: p.id }] }), 'customer_phone'],
      [sale(client.phone, [[fill]], { payment_method: undefined, payments: [{ method: 'package', amount: 12_000, reference: String(p.id) }] }), 'payments.0'],
      [sale(client.phone, [[fill, 999_999]]), 'items.0.package_id'],
    ];
    for (const [res, field] of cases) {
      const r = await res;
      expect(r.statusCode).toBe(422);
      expect(Object.keys(r.json().errors)).toContain(field);
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    expect(await one(client.id, p.id)).toMatchObject({ sessions_left: 3, value_left: 10_000 });
  });

  it('a void of the sale puts the sessions back; past its expiry a package is refused, and still owed', async () => {
    const p = await sellPackage(client.id);
    const res = await sale(client.phone, [[fill, p.id], [fill, p.id]]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await one(client.id, p.id)).toMatchObject({ sessions_left: 1 });
    const order = res.json().data as Order;
    const voided = await call('DELETE', `/api/orders/${order.id}`, { reason: 'Wrong client' });
    expect(voided.statusCode, voided.body).toBe(200);
    const back = await one(client.id, p.id);
    expect(back).toMatchObject({ sessions_left: 3, value_left: 10_000 });
    expect(back.lines.at(-1)).toMatchObject({ kind: 'voided', amount: 6_666.66, sessions: 2 });

    await t.database.db.update(clientPackagesTable).set({ expires_on: addDays(today, -1) }).where(eq(clientPackagesTable.id, p.id));
    expect(await one(client.id, p.id)).toMatchObject({ status: 'expired', sessions_left: 3 });
    const late = await sale(client.phone, [[fill, p.id]]);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors['items.0.package_id'][0]).toMatch(/expired/);
  });
});

describe('a check-out', () => {
  it("pays the appointment's service with a session of the client's package", async () => {
    const p = await sellPackage(client.id);
    const artist = (await call('GET', '/api/users')).json().data[0].id as number;
    const appt = await call('POST', '/api/appointments', { client_id: client.id, service_id: fill, artist_id: artist, starts_at: new Date(Date.now() - 3_600_000).toISOString(), status: 'done' });
    expect(appt.statusCode, appt.body).toBe(201);
    const res = await call('POST', `/api/appointments/${appt.json().data.id}/checkout`, { payment_method: 'cash', package_id: p.id }, staff.token);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as Order;
    expect(order.total).toBe(3_333.33);
    expect(order.payments.map((x) => x.method)).toEqual(['package']);
    expect(await one(client.id, p.id)).toMatchObject({ sessions_left: 2, value_left: 6_666.67 });
  });
});

describe('GET /api/prepaid/liability: packages', () => {
  it('is the value left on packages, equal to a recount of the ledger lines, and in the total', async () => {
    const l = await liability();
    const [r] = await rows<{ n: number; k: string }>(
      sql.raw('select count(*)::int as n, coalesce(sum(b), 0)::text as k from (select client_package_id, sum(amount) as b from prepaid_lines where client_package_id is not null group by 1 having sum(amount) > 0) x'),
    );
    const [all] = await rows<{ k: string }>(sql.raw('select coalesce(sum(b), 0)::text as k from (select coalesce(voucher_id, client_id, client_package_id) as a, voucher_id is null as nv, client_id is null as nc, sum(amount) as b from prepaid_lines group by 1, 2, 3 having sum(amount) > 0) x'));
    expect(l.packages).toEqual({ count: Number(r!.n), value: Number(r!.k) });
    expect(l.packages.count).toBeGreaterThanOrEqual(3);
    expect(l.total).toBeCloseTo(Number(all!.k), 2);
    // sessions: never below zero on any package
    const neg = await rows<{ id: number }>(sql.raw('select client_package_id as id from prepaid_lines where client_package_id is not null group by 1 having sum(sessions) < 0'));
    expect(neg).toEqual([]);
  });
});
