import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { normalizePhone } from '@studio/shared';
import { clientsTable, ordersTable, activityLogTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// Clients (issue 21): one record per phone, found or created from sales and bookings, history, till lookup,
// merge, NDPA export and erase, the one-time backfill, and who may do what.

let t: TestApp;
let admin: string;
let staff: { id: number; token: string };
let pos: ReturnType<typeof posHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  pos = posHelpers(t, () => admin);
});
afterAll(() => t.close());

type Client = { id: number; name: string; phone: string | null; email: string | null; consent_recorded_by: number | null; consent_recorded_by_name: string | null; merged_into_id: number | null; erased_at: string | null } & Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });

let phoneSeq = 100000;
/** A fresh Nigerian mobile number in the local spelling, and its stored one. */
const newPhone = () => {
  const local = `0803${String(++phoneSeq).padStart(7, '0')}`;
  return { local, stored: `+234${local.slice(1)}` };
};
async function createClient(over: Record<string, unknown> = {}, token = admin): Promise<Client> {
  const res = await call('POST', '/api/clients', { name: uniqueName('Client'), phone: newPhone().local, ...over }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const clientCount = async () => Number(((await t.database.db.execute(sql`select count(*)::int as n from clients`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('phone numbers', () => {
  const samples = [
    '08031234567',
    '0803 123 4567',
    '0803-123-4567',
    '8031234567',
    '2348031234567',
    '+2348031234567',
    '+234 (0)803 123 4567',
    '002348031234567',
    '+44 20 7946 0958',
    '0044 20 7946 0958',
    '12345',
    'call me',
    '',
    '  0803 123 4567  ',
    '070312345678',
    '+1 (555) 010-9999',
    '9012345678',
  ];
  it('the API and the database write one number the same way', async () => {
    for (const s of samples) {
      const res = (await t.database.db.execute(sql`select studio_phone_key(${s}) as k`)) as unknown as { rows: { k: string | null }[] };
      expect(res.rows[0]!.k, s).toBe(normalizePhone(s));
    }
    expect(normalizePhone('0803 123 4567')).toBe('+2348031234567');
    expect(normalizePhone('+234 (0)803 123 4567')).toBe('+2348031234567');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('12345')).toBeNull();
  });
});

describe('clients CRUD', () => {
  it('stores the phone in one spelling, refuses another spelling of a known one, and bad input, with 422 on the field', async () => {
    const p = newPhone();
    const c = await createClient({ phone: p.local.replace(/(\d{4})(\d{3})(\d{4})/, '$1 $2 $3'), email: 'ada@example.com', birthday: '1990-05-04' });
    expect(c).toMatchObject({ phone: p.stored, email: 'ada@example.com', birthday: '1990-05-04', merged_into_id: null, erased_at: null });
    const before = await snapshotDatabase(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: p.stored.replace('+234', '234') }, 'phone'],
      [{ phone: 'call me' }, 'phone'],
      [{ phone: '12345' }, 'phone'],
      [{ name: '' }, 'name'],
      [{ email: 'nope' }, 'email'],
      [{ birthday: '1990-02-30' }, 'birthday'],
      [{ patch_test_result: 'maybe' }, 'patch_test_result'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/clients', { name: 'X', phone: newPhone().local, ...over });
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('records who recorded the consent (the signed-in user, not the body) and the PMU notes', async () => {
    const c = await createClient({}, staff.token);
    const put = await call('PUT', `/api/clients/${c.id}`, { allergies: 'Nickel', patch_test_date: '2026-11-01', patch_test_result: 'passed', consent_date: '2026-11-02', consent_recorded_by: 1 }, staff.token);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ allergies: 'Nickel', patch_test_date: '2026-11-01', patch_test_result: 'passed', consent_date: '2026-11-02', consent_recorded_by: staff.id });
    expect(put.json().data.consent_recorded_by_name).toMatch(/^Staff/);
  });

  it('search finds a client by any spelling of part of the phone, by name or email', async () => {
    const name = uniqueName('Zainab');
    const c = await createClient({ name });
    const last4 = c.phone!.slice(-4);
    expect((await call('GET', `/api/clients/search/${encodeURIComponent(name)}`)).json().data.map((r: Client) => r.id)).toEqual([c.id]);
    expect((await call('GET', `/api/clients?q=${last4}`)).json().data.map((r: Client) => r.id)).toContain(c.id);
  });

  it('a client with history is not deleted (merge or erase instead); one without is', async () => {
    const lone = await createClient();
    expect((await call('DELETE', `/api/clients/${lone.id}`)).statusCode).toBe(200);
    const p = newPhone();
    const product = await pos.product();
    expect((await pos.sell(admin, { customer_name: 'Has History', customer_phone: p.local, items: [{ product_id: product.id, quantity: 1 }] })).statusCode).toBe(201);
    const { data: c } = (await call('GET', `/api/clients/by-phone/${p.local}`)).json();
    const res = await call('DELETE', `/api/clients/${c.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id[0]).toMatch(/merge or erase/);
  });
});

describe('found or created by phone', () => {
  it('find-or-create answers the existing client (200) or a new one (201), whatever the spelling', async () => {
    const p = newPhone();
    const first = await call('POST', '/api/clients/find-or-create', { name: 'Amaka Obi', phone: p.local }, staff.token);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ created: true, data: { name: 'Amaka Obi', phone: p.stored } });
    const again = await call('POST', '/api/clients/find-or-create', { name: 'Someone Else', phone: p.stored.slice(1) }, staff.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, data: { id: first.json().data.id, name: 'Amaka Obi' } });
    expect((await call('POST', '/api/clients/find-or-create', { name: 'X', phone: 'nope' })).statusCode).toBe(422);
  });

  it('concurrent creates with one phone make one client (API, sales and bookings at once)', async () => {
    const p = newPhone();
    const spellings = [p.local, p.stored, p.stored.slice(1), `${p.local.slice(0, 4)} ${p.local.slice(4, 7)} ${p.local.slice(7)}`];
    const before = await clientCount();
    const product = await pos.product({ quantity: 100 });
    const pkg = (await call('POST', '/api/bridalpackages', { name: uniqueName('Gold'), price: 1000 })).json().data;
    const results = await Promise.all([
      ...spellings.map((phone, i) => call('POST', '/api/clients/find-or-create', { name: `Twin ${i}`, phone })),
      ...spellings.map((phone) => pos.sell(admin, { customer_name: 'Twin sale', customer_phone: phone, items: [{ product_id: product.id, quantity: 1 }] })),
      ...spellings.map((phone) => call('POST', '/api/bridalbookings', { client_name: 'Twin bride', phone, event_date: '2027-04-01', package_id: pkg.id })),
    ]);
    for (const r of results) expect([200, 201], r.body).toContain(r.statusCode);
    expect(await clientCount()).toBe(before + 1);
    const ids = new Set(results.map((r) => (r.json().data.client_id ?? r.json().data.id) as number));
    const [client] = await t.database.db.select().from(clientsTable).where(eq(clientsTable.phone, p.stored));
    const orders = await t.database.db.select({ client_id: ordersTable.client_id }).from(ordersTable).where(eq(ordersTable.client_id, client!.id));
    expect(orders).toHaveLength(4);
    // sales answer with the client; find-or-create answers it as data.id
    expect(ids.has(client!.id)).toBe(true);
  });

  it('a sale without a phone, or with one that is not a number, links no client and is still sold', async () => {
    const product = await pos.product();
    for (const customer_phone of [undefined, 'none']) {
      const res = await pos.sell(admin, { customer_phone, items: [{ product_id: product.id, quantity: 1 }] });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.client_id).toBeNull();
    }
  });
});

describe('the till and the client page', () => {
  it('a typed phone finds the client; Repeat last purchase reads the last paid sale at the outlet', async () => {
    const p = newPhone();
    const a = await pos.product({ price: 2500 });
    const b = await pos.product({ price: 4000 });
    const first = await pos.sell(staff.token, { customer_name: 'Chioma', customer_phone: p.local, items: [{ product_id: a.id, quantity: 1 }] });
    const second = await pos.sell(staff.token, { customer_name: 'Chioma', customer_phone: p.stored, items: [{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 1 }] });
    expect(second.json().data.client_id).toBe(first.json().data.client_id);
    const found = await call('GET', `/api/clients/by-phone/${encodeURIComponent(p.stored)}`, undefined, staff.token);
    expect(found.json().data).toMatchObject({ id: first.json().data.client_id, name: 'Chioma' });
    expect((await call('GET', '/api/clients/by-phone/08099999999', undefined, staff.token)).json()).toEqual({ data: null });
    expect((await call('GET', '/api/clients/by-phone/abc', undefined, staff.token)).statusCode).toBe(422);
    const last = (await call('GET', `/api/clients/${found.json().data.id}/last-purchase?outlet=store`, undefined, staff.token)).json().data;
    expect(last.items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    expect((await call('GET', `/api/clients/${found.json().data.id}/last-purchase?outlet=salon`, undefined, staff.token)).json().data).toBeNull();
  });

  it('history across outlets with total spent for admins only, last visit and balance owed', async () => {
    const p = newPhone();
    const product = await pos.product({ price: 3000 });
    const salonService = await pos.product({ outlet: 'salon', kind: 'service', price: 7000 });
    await pos.sell(admin, { customer_name: 'Efe', customer_phone: p.local, items: [{ product_id: product.id, quantity: 1 }] });
    await pos.sell(admin, { outlet: 'salon', customer_name: 'Efe', customer_phone: p.local, items: [{ product_id: salonService.id, quantity: 1 }] });
    const pkg = (await call('POST', '/api/bridalpackages', { name: uniqueName('Gold'), price: 50000 })).json().data;
    await call('POST', '/api/bridalbookings', { client_name: 'Efe', phone: p.stored, event_date: '2027-05-01', package_id: pkg.id, amount_paid: 20000, payment_method: 'transfer' });
    const { data: client } = (await call('GET', `/api/clients/by-phone/${p.local}`)).json();
    const asAdmin = (await call('GET', `/api/clients/${client.id}/history`)).json().data;
    expect(asAdmin.entries.map((e: { kind: string; outlet: string | null }) => `${e.kind}:${e.outlet}`).sort()).toEqual(['booking:null', 'sale:salon', 'sale:store']);
    expect(asAdmin.summary).toMatchObject({ total_spent: 30000, balance_owed: 30000, visits: 2 });
    expect(asAdmin.summary.last_visit).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const asStaff = (await call('GET', `/api/clients/${client.id}/history`, undefined, staff.token)).json().data;
    expect(asStaff.summary).not.toHaveProperty('total_spent');
    for (const e of asStaff.entries) expect(e).not.toHaveProperty('amount');
    expect(asStaff.summary.balance_owed).toBe(30000);
    expect((await call('GET', '/api/clients/999999/history')).statusCode).toBe(404);
  });
});

describe('merge', () => {
  it("moves one record's history to the other; the merged phone then finds the kept client", async () => {
    const a = await createClient({ name: 'Ngozi A', allergies: 'Latex' });
    const b = await createClient({ name: 'Ngozi B', email: 'ngozi@example.com', patch_test_date: '2026-10-01', patch_test_result: 'passed' });
    const product = await pos.product();
    await pos.sell(admin, { customer_name: 'Ngozi', customer_phone: b.phone, items: [{ product_id: product.id, quantity: 1 }] });
    expect((await call('POST', '/api/clients/merge', { keep_id: a.id, merge_id: b.id }, staff.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/clients/merge', { keep_id: a.id, merge_id: a.id })).statusCode).toBe(422);
    const res = await call('POST', '/api/clients/merge', { keep_id: a.id, merge_id: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: a.id, email: 'ngozi@example.com', allergies: 'Latex', patch_test_date: '2026-10-01' });
    const history = (await call('GET', `/api/clients/${a.id}/history`)).json().data;
    expect(history.entries.filter((e: { kind: string }) => e.kind === 'sale')).toHaveLength(1);
    expect((await call('GET', `/api/clients/by-phone/${encodeURIComponent(b.phone!)}`)).json().data.id).toBe(a.id);
    // a new sale with the merged number goes to the kept client
    const sale = await pos.sell(admin, { customer_name: 'Ngozi', customer_phone: b.phone, items: [{ product_id: product.id, quantity: 1 }] });
    expect(sale.json().data.client_id).toBe(a.id);
    // merged records leave the list
    expect((await call('GET', `/api/clients?q=${encodeURIComponent('Ngozi B')}`)).json().data).toEqual([]);
    expect((await call('POST', '/api/clients/merge', { keep_id: a.id, merge_id: b.id })).statusCode).toBe(422);
  });
});

describe('NDPA 2023: export and erase', () => {
  it('exports everything held on a client (admin), and logs it', async () => {
    const c = await createClient({ notes: 'Prefers mornings' });
    const product = await pos.product();
    await pos.sell(admin, { customer_name: c.name, customer_phone: c.phone, items: [{ product_id: product.id, quantity: 1 }] });
    expect((await call('GET', `/api/clients/${c.id}/export`, undefined, staff.token)).statusCode).toBe(403);
    const res = await call('GET', `/api/clients/${c.id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.client).toMatchObject({ id: c.id, notes: 'Prefers mornings' });
    expect(res.json().data.sales).toHaveLength(1);
    const log = await t.database.db.select().from(activityLogTable).where(eq(activityLogTable.action, 'export'));
    expect(log.map((l) => l.record_id)).toContain(c.id);
  });

  it('erases personal details on the client and every linked record; money is kept, anonymised; logged without details', async () => {
    const c = await createClient({ name: 'Blessing Erase', email: 'b@example.com', allergies: 'Nuts' });
    const product = await pos.product({ price: 1234.5 });
    const sale = (await pos.sell(admin, { customer_name: 'Blessing Erase', customer_phone: c.phone, items: [{ product_id: product.id, quantity: 2 }] })).json().data;
    const pkg = (await call('POST', '/api/bridalpackages', { name: uniqueName('Gold'), price: 9000 })).json().data;
    const booking = (await call('POST', '/api/bridalbookings', { client_name: 'Blessing Erase', phone: c.phone, email: 'b@example.com', event_date: '2027-06-01', package_id: pkg.id, amount_paid: 4000, payment_method: 'cash' })).json().data;
    expect((await call('POST', `/api/clients/${c.id}/erase`, { reason: 'Asked by phone' }, staff.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/clients/${c.id}/erase`, {})).statusCode).toBe(422);
    const res = await call('POST', `/api/clients/${c.id}/erase`, { reason: 'Asked by phone on 2026-11-25' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.client).toMatchObject({ name: `Erased client #${c.id}`, phone: null, email: null, allergies: null });
    expect(res.json().data.client.erased_at).not.toBeNull();
    const order = (await call('GET', `/api/orders/${sale.id}`)).json().data;
    expect(order).toMatchObject({ customer_name: 'Erased client', customer_phone: null, total: 2469, amount_paid: sale.amount_paid, status: 'paid', client_id: c.id });
    const b = (await call('GET', `/api/bridalbookings/${booking.id}`)).json().data;
    expect(b).toMatchObject({ client_name: 'Erased client', phone: '', email: null, price: 9000, amount_paid: 4000, balance: 5000 });
    // nothing of the person is left in what the API answers about them
    const again = JSON.stringify((await call('GET', `/api/clients/${c.id}/export`)).json().data.sales);
    expect(again).not.toContain('Blessing');
    const [log] = await t.database.db.select().from(activityLogTable).where(eq(activityLogTable.action, 'erase'));
    expect(JSON.stringify(log!.after)).not.toContain('Blessing');
    expect(log!.after).toMatchObject({ reason: 'Asked by phone on 2026-11-25', anonymised: { orders: 1, bridalbookings: 1 } });
    expect((await call('POST', `/api/clients/${c.id}/erase`, { reason: 'again' })).statusCode).toBe(422);
    expect((await call('PUT', `/api/clients/${c.id}`, { phone: c.phone })).statusCode).toBe(422);
  });
});

describe('the one-time backfill', () => {
  it('links records made before clients by phone, reports what it left alone, and links nothing twice', async () => {
    const product = await pos.product({ quantity: 50 });
    const p = newPhone();
    const made = [] as number[];
    for (const customer_phone of [p.local, p.stored, 'n/a', undefined]) {
      made.push((await pos.sell(admin, { customer_name: 'Old customer', customer_phone, items: [{ product_id: product.id, quantity: 1 }] })).json().data.id);
    }
    // as they were before this version: no client, and none for the new phone; the first sale made last year
    await t.database.db.execute(sql`update orders set client_id = null where id in (${sql.join(made.map((id) => sql`${id}`), sql`, `)})`);
    await t.database.db.execute(sql`update orders set created_at = '2025-06-01T10:00:00Z' where id = ${made[0]!}`);
    await t.database.db.execute(sql`delete from clients where phone = ${p.stored}`);
    expect((await call('POST', '/api/clients/backfill', undefined, staff.token)).statusCode).toBe(403);
    const res = await call('POST', '/api/clients/backfill');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.linked.orders).toBeGreaterThanOrEqual(2);
    expect(report.clients_created).toBeGreaterThanOrEqual(1);
    expect(report.left_alone.by_reason['not a phone number']).toBeGreaterThanOrEqual(1);
    expect(report.left_alone.examples.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([made[2], made[3]]));
    const linked = await t.database.db.select({ id: ordersTable.id, client_id: ordersTable.client_id }).from(ordersTable).where(sql`${ordersTable.id} in (${sql.join(made.map((id) => sql`${id}`), sql`, `)})`).orderBy(ordersTable.id);
    expect(linked[0]!.client_id).not.toBeNull();
    expect(linked[1]!.client_id).toBe(linked[0]!.client_id);
    expect(linked[2]!.client_id).toBeNull();
    // the client made for them was first recorded at the first of them, not at the backfill
    const [made0] = await t.database.db.select().from(clientsTable).where(sql`${clientsTable.id} = ${linked[0]!.client_id}`);
    expect(made0!.created_at.toISOString()).toBe('2025-06-01T10:00:00.000Z');
    const second = (await call('POST', '/api/clients/backfill')).json().data;
    expect(second.linked.orders).toBe(0);
    expect(second.clients_created).toBe(0);
  });
});

describe('roles', () => {
  it('staff serve clients but get 403 on every admin-only call, and nothing changes', async () => {
    const c = await createClient();
    const other = await createClient();
    const before = await snapshotDatabase(t.database.db);
    for (const [method, url, payload] of [
      ['POST', '/api/clients/merge', { keep_id: c.id, merge_id: other.id }],
      ['POST', `/api/clients/${c.id}/erase`, { reason: 'x' }],
      ['GET', `/api/clients/${c.id}/export`, undefined],
      ['POST', '/api/clients/backfill', undefined],
    ] as const) {
      const res = await call(method, url, payload, staff.token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    expect((await call('GET', `/api/clients/${c.id}`, undefined, staff.token)).statusCode).toBe(200);
  });
});
