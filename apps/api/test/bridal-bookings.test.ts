import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDate } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// Bridal bookings on the generic mechanism: CRUD, search, getmonth, the payments ledger,
// the status rules, the artist warning, roles; and every declared sort of every resource.

let t: TestApp;
let admin: string;
let staff: { id: number; token: string };
let pkg: { id: number; price: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  const res = await t.call(admin, { method: 'POST', url: '/api/bridalpackages', payload: { name: uniqueName('Gold'), price: 250000 } });
  pkg = res.json().data;
});
afterAll(() => t.close());

type Booking = { id: number; client_name: string; price: number; amount_paid: number; balance: number; status: string; event_date: string; artist_id: number | null } & Record<string, unknown>;
type Payment = { id: number; amount: number; method: string; date: string; note: string | null; reverses_id: number | null; reversed_by: number | null; user: { id: number; name: string } | null };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });

const body = (over: Record<string, unknown> = {}) => ({
  client_name: uniqueName('Bride'),
  phone: '08031234567',
  event_date: '2027-03-14',
  event_location: 'Port Harcourt Club',
  package_id: pkg.id,
  ...over,
});
async function book(over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await call('POST', '/api/bridalbookings', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const pay = (id: number, amount: number, extra: Record<string, unknown> = {}) =>
  call('POST', `/api/bridalbookings/${id}/payments`, { amount, method: 'transfer', date: '2027-01-05', ...extra });

describe('bridal bookings CRUD', () => {
  it('creates with the package price when none is given, reads, updates and deletes', async () => {
    const b = await book();
    expect(b).toMatchObject({ price: 250000, amount_paid: 0, balance: 250000, status: 'pending', artist_id: null });
    expect((await call('GET', `/api/bridalbookings/${b.id}`)).json().data).toEqual(b);
    const put = await call('PUT', `/api/bridalbookings/${b.id}`, { ...b, price: 200000, status: 'confirmed', amount_paid: 999, balance: 1 });
    expect(put.statusCode, put.body).toBe(200);
    // amount_paid and balance are the ledger's: a PUT ignores them
    expect(put.json().data).toMatchObject({ price: 200000, status: 'confirmed', amount_paid: 0, balance: 200000 });
    expect(put.json().warnings).toEqual([]);
    expect((await call('DELETE', `/api/bridalbookings/${b.id}`)).json()).toEqual({ data: { id: b.id } });
    expect((await call('GET', `/api/bridalbookings/${b.id}`)).statusCode).toBe(404);
  });

  it('an empty deposit (null, as a form sends it) is no deposit', async () => {
    const b = await book({ amount_paid: null, payment_method: null });
    expect(b).toMatchObject({ amount_paid: 0, balance: 250000 });
    expect((await call('GET', `/api/bridalbookings/${b.id}/payments`)).json().data).toEqual([]);
  });

  it('refuses bad input with 422 on the field and changes nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ client_name: '' }, 'client_name'],
      [{ phone: 'call me' }, 'phone'],
      [{ event_date: '2027-02-30' }, 'event_date'],
      [{ package_id: 999999 }, 'package_id'],
      [{ artist_id: 999999 }, 'artist_id'],
      [{ price: -5 }, 'price'],
      [{ price: 10.123 }, 'price'],
      [{ status: 'maybe' }, 'status'],
      [{ email: 'not-an-email' }, 'email'],
      [{ price: 1000, amount_paid: 1000.01, payment_method: 'transfer' }, 'amount_paid'],
      [{ price: 1000, amount_paid: 500 }, 'payment_method'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/bridalbookings', body(over));
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(over)).toContain(field);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('search/{text} finds by client name or phone, case-insensitively', async () => {
    const b = await book({ client_name: 'Ngozi Amadi-Search', phone: '+2348099990001' });
    const byName = (await call('GET', '/api/bridalbookings/search/ngozi%20amadi')).json().data as Booking[];
    expect(byName.map((r) => r.id)).toEqual([b.id]);
    const byPhone = (await call('GET', '/api/bridalbookings/search/8099990001')).json().data as Booking[];
    expect(byPhone.map((r) => r.id)).toEqual([b.id]);
    expect((await call('GET', '/api/bridalbookings/search/%25')).json().data).toEqual([]);
    // Manage Bookings' search: the list's ?q= over every month, with the page's filters and paging
    const other = await book({ client_name: 'Ngozi Amadi-Search Two', phone: '+2348099990002', event_date: '2027-09-01' });
    await call('PUT', `/api/bridalbookings/${other.id}`, { status: 'confirmed' });
    const q = (await call('GET', '/api/bridalbookings?q=amadi-search&page=1')).json();
    expect(q.data.map((r: Booking) => r.id).sort()).toEqual([b.id, other.id].sort());
    expect(q.total).toBe(2);
    expect((await call('GET', '/api/bridalbookings?q=0002&status=confirmed&page=1')).json().data.map((r: Booking) => r.id)).toEqual([other.id]);
    // a phone as people type it finds the number however it was stored
    for (const typed of ['0809 999 0002', '0809-999-0002', '(0809) 9990002', '+234 809 999 0002']) {
      expect((await call('GET', `/api/bridalbookings?q=${encodeURIComponent(typed)}&page=1`)).json().data.map((r: Booking) => r.id), typed).toEqual([other.id]);
    }
    expect((await call('GET', '/api/bridalbookings?q=amadi-search&status=cancelled&page=1')).json().total).toBe(0);
  });

  it('an event time of day: HH:MM on create and update, cleared with null or empty; anything else is a 422 on event_time', async () => {
    const b = await book({ event_time: '14:30' });
    expect(b.event_time).toBe('14:30');
    expect((await call('GET', `/api/bridalbookings/${b.id}`)).json().data.event_time).toBe('14:30');
    expect((await call('GET', '/api/bridalbookings/getmonth/2027-03')).json().data.find((r: Booking) => r.id === b.id).event_time).toBe('14:30');
    expect((await call('PUT', `/api/bridalbookings/${b.id}`, { event_time: '09:05' })).json().data.event_time).toBe('09:05');
    expect((await book()).event_time).toBeNull();
    const before = await snapshotDatabase(t.database.db);
    for (const bad of ['24:00', '9:30', '14:30:00', 'noon', 1430]) {
      const res = await call('PUT', `/api/bridalbookings/${b.id}`, { event_time: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['event_time']);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    expect((await call('PUT', `/api/bridalbookings/${b.id}`, { event_time: '' })).json().data.event_time).toBeNull();
    expect((await call('PUT', `/api/bridalbookings/${b.id}`, { event_time: '23:59' })).json().data.event_time).toBe('23:59');
    expect((await call('PUT', `/api/bridalbookings/${b.id}`, { event_time: null })).json().data.event_time).toBeNull();
  });

  it('getmonth/{month} lists by event date, first and last day included, with totals of the whole month', async () => {
    const inside = [await book({ event_date: '2027-06-01', price: 100000.1 }), await book({ event_date: '2027-06-30', price: 200000.2 })];
    await book({ event_date: '2027-05-31' });
    await book({ event_date: '2027-07-01' });
    await pay(inside[0]!.id, 0.1);
    const res = await call('GET', '/api/bridalbookings/getmonth/2027-06?page=1&per_page=1');
    expect(res.statusCode, res.body).toBe(200);
    const j = res.json();
    expect(j).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(j.data.map((r: Booking) => r.event_date)).toEqual(['2027-06-01']); // oldest event first
    expect(j.summary).toEqual({ count: 2, price: 300000.3, amount_paid: 0.1, balance: 300000.2 });
    const all = (await call('GET', '/api/bridalbookings/getmonth/2027-06')).json();
    expect(all.data.map((r: Booking) => r.id).sort()).toEqual(inside.map((b) => b.id).sort());
    expect((await call('GET', '/api/bridalbookings/getmonth/2027-13')).statusCode).toBe(422);
    expect((await call('GET', '/api/bridalbookings/getmonth/june')).json().errors).toHaveProperty('month');
  });

  it('filters by status, artist and balance, and sorts by balance', async () => {
    const artist = await t.staff({ name: 'Artist Filter' });
    const a = await book({ artist_id: artist.id, price: 50000 });
    const b = await book({ artist_id: artist.id, price: 80000, amount_paid: 80000, payment_method: 'pos' });
    const list = (await call('GET', `/api/bridalbookings?artist_id=${artist.id}&sort=balance&order=desc`)).json();
    expect(list.data.map((r: Booking) => r.id)).toEqual([a.id, b.id]);
    expect(list.summary).toEqual({ count: 2, price: 130000, amount_paid: 80000, balance: 50000 });
    const owing = (await call('GET', `/api/bridalbookings?artist_id=${artist.id}&balance_min=0.01`)).json().data as Booking[];
    expect(owing.map((r) => r.id)).toEqual([a.id]);
    const cancelled = (await call('GET', `/api/bridalbookings?artist_id=${artist.id}&status=cancelled`)).json().data;
    expect(cancelled).toEqual([]);
    expect((await call('GET', '/api/bridalbookings?status=lost')).statusCode).toBe(422);
  });
});

describe('status', () => {
  it('moves pending → confirmed → completed, and refuses a step the rules do not allow', async () => {
    const b = await book();
    const to = (status: string) => call('PUT', `/api/bridalbookings/${b.id}`, { status });
    expect((await to('completed')).statusCode).toBe(422); // pending cannot skip confirmation
    expect((await to('confirmed')).json().data.status).toBe('confirmed');
    expect((await to('completed')).json().data.status).toBe('completed');
    const back = await to('pending');
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.status[0]).toMatch(/completed booking cannot become pending/);
  });

  it('a cancelled booking takes no payment until it is reopened', async () => {
    const b = await book({ price: 1000 });
    await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'cancelled' });
    const refused = await pay(b.id, 100);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount[0]).toMatch(/cancelled/);
    await call('PUT', `/api/bridalbookings/${b.id}`, { status: 'pending' });
    expect((await pay(b.id, 100)).statusCode).toBe(201);
  });
});

describe('the payments ledger', () => {
  it('a deposit on create is the first payment; later payments add up; overpayment is refused', async () => {
    const b = await book({ price: 150000, amount_paid: 50000, payment_method: 'transfer' });
    expect(b).toMatchObject({ amount_paid: 50000, balance: 100000 });
    const lines = (await call('GET', `/api/bridalbookings/${b.id}/payments`)).json().data as Payment[];
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount: 50000, method: 'transfer', reverses_id: null, user: { name: 'Studio Admin' } });
    expect(lines[0]!.date).toBe(studioDate(new Date(), 'Africa/Lagos'));

    const second = await pay(b.id, 60000.5, { note: 'Second instalment' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.record).toMatchObject({ id: b.id, amount_paid: 110000.5, balance: 39999.5 });
    expect(second.json().data.payment).toMatchObject({ amount: 60000.5, note: 'Second instalment', date: '2027-01-05' });

    const before = await snapshotDatabase(t.database.db);
    const over = await pay(b.id, 39999.51);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toMatch(/balance of ₦39,999\.50/);
    expect((await pay(b.id, 0)).statusCode).toBe(422);
    expect((await pay(b.id, -5)).statusCode).toBe(422);
    expect((await pay(b.id, 10, { method: 'barter' })).statusCode).toBe(422);
    expect((await pay(b.id, 10, { date: 'yesterday' })).statusCode).toBe(422);
    expect(await snapshotDatabase(t.database.db)).toBe(before);

    const rest = await pay(b.id, 39999.5);
    expect(rest.json().data.record).toMatchObject({ amount_paid: 150000, balance: 0 });
    const full = await pay(b.id, 0.01);
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.amount[0]).toMatch(/paid in full/);
  });

  it('two concurrent payments on one booking are both kept', async () => {
    const b = await book({ price: 100000 });
    const results = await Promise.all(Array.from({ length: 6 }, () => pay(b.id, 10000)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const after = (await call('GET', `/api/bridalbookings/${b.id}`)).json().data as Booking;
    expect(after).toMatchObject({ amount_paid: 60000, balance: 40000 });
    expect((await call('GET', `/api/bridalbookings/${b.id}/payments`)).json().data).toHaveLength(6);
    // racing past the balance: exactly as many as fit are kept
    const race = await Promise.all(Array.from({ length: 6 }, () => pay(b.id, 10000)));
    expect(race.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(race.filter((r) => r.statusCode === 422)).toHaveLength(2);
    expect((await call('GET', `/api/bridalbookings/${b.id}`)).json().data).toMatchObject({ amount_paid: 100000, balance: 0 });
  });

  it('a reversal is a new negative line with its reason; a line is reversed once; a reversal is not reversed', async () => {
    const b = await book({ price: 90000 });
    const p = (await pay(b.id, 30000)).json().data.payment as Payment;
    const rev = await call('POST', `/api/bridalbookings/${b.id}/payments/${p.id}/reverse`, { reason: 'Transfer bounced' });
    expect(rev.statusCode, rev.body).toBe(201);
    expect(rev.json().data.payment).toMatchObject({ amount: -30000, method: 'transfer', note: 'Transfer bounced', reverses_id: p.id });
    expect(rev.json().data.record).toMatchObject({ amount_paid: 0, balance: 90000 });
    const lines = (await call('GET', `/api/bridalbookings/${b.id}/payments`)).json().data as Payment[];
    expect(lines.map((l) => [l.amount, l.reverses_id, l.reversed_by])).toEqual([
      [30000, null, rev.json().data.payment.id],
      [-30000, p.id, null],
    ]);
    const again = await call('POST', `/api/bridalbookings/${b.id}/payments/${p.id}/reverse`, { reason: 'Twice' });
    expect(again.statusCode).toBe(422);
    const ofReversal = await call('POST', `/api/bridalbookings/${b.id}/payments/${rev.json().data.payment.id}/reverse`, { reason: 'x' });
    expect(ofReversal.statusCode).toBe(422);
    expect((await call('POST', `/api/bridalbookings/${b.id}/payments/${p.id}/reverse`, { reason: '' })).statusCode).toBe(422);
    expect((await call('POST', `/api/bridalbookings/${b.id}/payments/999999/reverse`, { reason: 'x' })).statusCode).toBe(404);
    // another booking's line is not this booking's
    const other = await book();
    expect((await call('POST', `/api/bridalbookings/${other.id}/payments/${p.id}/reverse`, { reason: 'x' })).statusCode).toBe(404);
  });

  it('every line is in the activity log with who took it; a booking with payments is not deleted', async () => {
    const b = await book({ price: 5000 });
    await pay(b.id, 2000);
    const log = (await call('GET', `/api/activity-log?resource=bridalbookings&record_id=${b.id}`)).json().data as { action: string; user_name: string; after: { amount: number } }[];
    const payment = log.find((l) => l.action === 'payment');
    expect(payment).toMatchObject({ user_name: 'Studio Admin', after: { amount: 2000 } });
    const del = await call('DELETE', `/api/bridalbookings/${b.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toMatch(/payments on record/);
  });

  it('a price below what is already paid is refused', async () => {
    const b = await book({ price: 5000, amount_paid: 3000, payment_method: 'cash' });
    const res = await call('PUT', `/api/bridalbookings/${b.id}`, { price: 2999.99 });
    expect(res.statusCode).toBe(422);
    // the amount as every message writes it (the shared formatter), not `₦3000.00`
    expect(res.json().errors.price[0]).toBe('The price cannot be less than the ₦3,000.00 already paid.');
    expect((await call('PUT', `/api/bridalbookings/${b.id}`, { price: 3000 })).json().data).toMatchObject({ price: 3000, balance: 0 });
  });

  it('payments of an unknown booking are 404; bad ids are 404', async () => {
    expect((await call('GET', '/api/bridalbookings/999999/payments')).statusCode).toBe(404);
    expect((await pay(999999, 10)).statusCode).toBe(404);
    expect((await call('GET', '/api/bridalbookings/abc/payments')).statusCode).toBe(404);
  });
});

describe('the artist warning', () => {
  it('a second booking for one artist on one day is saved, with a warning naming the other', async () => {
    const artist = await t.staff({ name: 'Adaeze Artist' });
    const first = await book({ artist_id: artist.id, event_date: '2027-08-08', client_name: 'Morning Bride' });
    const res = await call('POST', '/api/bridalbookings', body({ artist_id: artist.id, event_date: '2027-08-08', client_name: 'Evening Bride' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().warnings).toEqual(['Adaeze Artist already has a booking on 2027-08-08 (Morning Bride).']);
    // another day, or a cancelled booking, warns of nothing
    expect((await call('POST', '/api/bridalbookings', body({ artist_id: artist.id, event_date: '2027-08-09' }))).json().warnings).toEqual([]);
    await call('PUT', `/api/bridalbookings/${first.id}`, { status: 'cancelled' });
    const moved = await call('POST', '/api/bridalbookings', body({ artist_id: artist.id, event_date: '2027-08-08' }));
    expect(moved.json().warnings).toEqual(['Adaeze Artist already has a booking on 2027-08-08 (Evening Bride).']);
  });

  it('POST /api/bridalbookings/warnings warns of a draft before Save and saves nothing; staff may not', async () => {
    const artist = await t.staff({ name: 'Bimpe Artist' });
    await book({ artist_id: artist.id, event_date: '2027-09-09', client_name: 'First Bride' });
    const before = await snapshotDatabase(t.database.db);
    const res = await call('POST', '/api/bridalbookings/warnings', body({ artist_id: artist.id, event_date: '2027-09-09', amount_paid: 1000, payment_method: 'transfer' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { warnings: ['Bimpe Artist already has a booking on 2027-09-09 (First Bride).'], danger: [] } });
    expect(await snapshotDatabase(t.database.db)).toBe(before);
    expect((await call('POST', '/api/bridalbookings/warnings', body({ artist_id: artist.id, event_date: '2027-09-10' }))).json().data.warnings).toEqual([]);
    // an edit's draft does not clash with itself
    const second = await book({ artist_id: artist.id, event_date: '2027-09-11', client_name: 'Second Bride' });
    expect((await call('POST', `/api/bridalbookings/${second.id}/warnings`, { event_date: '2027-09-11' })).json().data.warnings).toEqual([]);
    // an edit that changes nothing is the record as it is
    expect((await call('POST', `/api/bridalbookings/${second.id}/warnings`, {})).json()).toEqual({ data: { warnings: [], danger: [] } });
    expect((await call('POST', `/api/bridalbookings/${second.id}/warnings`, { event_date: '2027-09-09' })).json().data.warnings).toEqual(['Bimpe Artist already has a booking on 2027-09-09 (First Bride).']);
    expect((await call('GET', `/api/bridalbookings/${second.id}`)).json().data.event_date).toBe('2027-09-11');
    const bad = await call('POST', '/api/bridalbookings/warnings', body({ event_date: '2027-02-30' }));
    expect(bad.statusCode).toBe(422);
    expect((await call('POST', '/api/bridalbookings/warnings', body(), staff.token)).statusCode).toBe(403);
  });

  it('a package in use is not deleted', async () => {
    const p = (await call('POST', '/api/bridalpackages', { name: uniqueName('Silver'), price: 1000 })).json().data;
    await book({ package_id: p.id });
    const del = await call('DELETE', `/api/bridalpackages/${p.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe('This booking package is used by 1 booking: it cannot be deleted.');
  });
});

describe('roles', () => {
  it('staff get 403 on every booking call', async () => {
    const b = await book();
    const p = (await pay(b.id, 100)).json().data.payment as Payment;
    const calls: [('GET' | 'POST' | 'PUT' | 'DELETE'), string, unknown?][] = [
      ['GET', '/api/bridalbookings'],
      ['GET', `/api/bridalbookings/${b.id}`],
      ['GET', '/api/bridalbookings/search/bride'],
      ['GET', '/api/bridalbookings/getmonth/2027-03'],
      ['POST', '/api/bridalbookings', body()],
      ['PUT', `/api/bridalbookings/${b.id}`, { status: 'confirmed' }],
      ['DELETE', `/api/bridalbookings/${b.id}`],
      ['GET', `/api/bridalbookings/${b.id}/payments`],
      ['POST', `/api/bridalbookings/${b.id}/payments`, { amount: 1, method: 'cash', date: '2027-01-01' }],
      ['POST', `/api/bridalbookings/${b.id}/payments/${p.id}/reverse`, { reason: 'x' }],
    ];
    const before = await snapshotDatabase(t.database.db);
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, payload, staff.token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });
});

describe('every resource', () => {
  // every sortable field of every list call: resources.contract.test.ts
  it('staff never receive an admin-only field from any list', async () => {
    await call('POST', '/api/products', { outlet: 'store', name: uniqueName('Lipstick'), price: 5000, cost_price: 2000, quantity: 3 });
    for (const path of ['/api/products', '/api/products/low', '/api/products/search/lip', '/api/products?page=1']) {
      const res = await call('GET', path, undefined, staff.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
      for (const row of res.json().data) expect(row).not.toHaveProperty('cost_price');
    }
  });
});
