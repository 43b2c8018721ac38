import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointmentsTable, ordersTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { posHelpers } from './helpers/pos.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// Appointments (issue 21): services with a duration, a client found or created by phone, the artist overlap and
// PMU patch-test warnings, status steps, a deposit on the ledger, a no-show's deposit, check-out to a sale, the
// day, week and reminder lists, and roles.

let t: TestApp;
let admin: string;
let staff: { id: number; token: string };
let artist: { id: number; token: string };
let pos: ReturnType<typeof posHelpers>;
let brows: { id: number; price: number };
let braids: { id: number; price: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  artist = await t.staff({ name: 'Ada Artist', role: 'PMU Artist' });
  pos = posHelpers(t, () => admin);
  brows = await pos.product({ outlet: 'office', kind: 'service', name: uniqueName('Microblading'), price: 85000, duration_minutes: 150 });
  braids = await pos.product({ outlet: 'salon', kind: 'service', name: uniqueName('Braids'), price: 15000 });
});
afterAll(() => t.close());

type Appointment = { id: number; status: string; client_id: number; starts_at: string; ends_at: string; day: string; price: number; amount_paid: number; balance: number; order_id: number | null; deposit_outcome: string | null } & Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });

let phoneSeq = 200000;
const newPhone = () => `0805${String(++phoneSeq).padStart(7, '0')}`;
const body = (over: Record<string, unknown> = {}) => ({
  client_name: uniqueName('Client'),
  client_phone: newPhone(),
  service_id: braids.id,
  artist_id: artist.id,
  starts_at: '2027-03-10T10:00:00+01:00',
  ...over,
});
async function book(over: Record<string, unknown> = {}, token = staff.token): Promise<{ data: Appointment; warnings: string[] }> {
  const res = await call('POST', '/api/appointments', body(over), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const setStatus = (id: number, status: string, extra: Record<string, unknown> = {}, token = staff.token) => call('PUT', `/api/appointments/${id}`, { status, ...extra }, token);

describe('booking', () => {
  it('books a new client by phone; the service gives outlet, price and length; names come with the record', async () => {
    const phone = newPhone();
    const { data, warnings } = await book({ client_name: 'Ifeoma New', client_phone: phone, service_id: brows.id });
    expect(data).toMatchObject({ outlet: 'office', price: 85000, duration_minutes: 150, status: 'booked', day: '2027-03-10', client_name: 'Ifeoma New', artist_name: 'Ada Artist', amount_paid: 0 });
    expect(new Date(data.ends_at).getTime() - new Date(data.starts_at).getTime()).toBe(150 * 60_000);
    // no patch test on record for a PMU service: allowed, with a warning
    expect(warnings.join(' ')).toMatch(/no patch test/);
    // the same phone later finds the same client, whatever the name typed
    const again = await book({ client_name: 'Someone', client_phone: `+234${phone.slice(1)}` });
    expect(again.data.client_id).toBe(data.client_id);
  });

  it('refuses bad input with 422 on the field and changes nothing', async () => {
    const product = await pos.product({ outlet: 'salon' });
    const before = await snapshotDatabase(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ service_id: product.id }, 'service_id'],
      [{ service_id: 999999 }, 'service_id'],
      [{ artist_id: 999999 }, 'artist_id'],
      [{ client_phone: undefined, client_name: undefined }, 'client_phone'],
      [{ client_name: undefined }, 'client_name'],
      [{ client_id: 999999, client_phone: undefined }, 'client_id'],
      [{ starts_at: '2027-03-10 10:00' }, 'starts_at'],
      [{ duration_minutes: 0 }, 'duration_minutes'],
      [{ amount_paid: 5000 }, 'payment_method'],
      [{ amount_paid: 99999, payment_method: 'cash' }, 'amount_paid'],
      [{ status: 'no_show' }, 'status'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/appointments', body(over), staff.token);
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(over)).toContain(field);
    }
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it("an overlap for the same artist is saved with a warning, not refused; another artist's or a cancelled one's is not", async () => {
    const first = await book({ starts_at: '2027-04-02T09:00:00+01:00' });
    expect(first.warnings).toEqual([]);
    const second = await book({ starts_at: '2027-04-02T09:30:00+01:00' });
    expect(second.warnings).toEqual([expect.stringMatching(/^Ada Artist already has .+ from 09:00 to 10:00 on 2027-04-02\.$/)]);
    const after = await book({ starts_at: '2027-04-02T10:00:00+01:00' });
    expect(after.warnings).toEqual([expect.stringMatching(/from 09:30 to 10:30/)]);
    const other = await book({ starts_at: '2027-04-02T09:00:00+01:00', artist_id: staff.id });
    expect(other.warnings).toEqual([]);
    expect((await setStatus(second.data.id, 'cancelled')).statusCode).toBe(200);
    const third = await book({ starts_at: '2027-04-02T09:45:00+01:00' });
    expect(third.warnings).toHaveLength(2);
  });

  it('the PMU warning goes once the patch test is recorded', async () => {
    const { data } = await book({ service_id: brows.id, starts_at: '2027-03-11T15:00:00+01:00' });
    await call('PUT', `/api/clients/${data.client_id}`, { patch_test_date: '2027-03-01', patch_test_result: 'passed' }, staff.token);
    const put = await call('PUT', `/api/appointments/${data.id}`, { note: 'Nude brows' }, staff.token);
    expect(put.json().warnings).toEqual([]);
  });
});

describe('warnings of a draft, before Save', () => {
  it('POST /api/appointments/warnings answers what the save would warn of, the reaction in red, and saves nothing', async () => {
    const first = await book({ starts_at: '2027-06-16T09:00:00+01:00' });
    const phone = newPhone();
    const draft = body({ client_name: 'Reacting Client', client_phone: phone, service_id: brows.id, starts_at: '2027-06-16T09:30:00+01:00', amount_paid: 5000, payment_method: 'cash' });
    const before = await snapshotDatabase(t.database.db);
    // a new client by phone, no patch test: the clash and the missing test, none in red
    const res = await call('POST', '/api/appointments/warnings', draft, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        warnings: [expect.stringMatching(/^Ada Artist already has .+ from 09:00 to 10:00 on 2027-06-16\.$/), 'Reacting Client has no patch test on record: do one before this PMU service.'],
        danger: [],
      },
    });
    // nothing kept: no appointment, no client made by phone, no deposit, no log line
    expect(await snapshotDatabase(t.database.db)).toBe(before);

    // a client whose patch test showed a reaction: that sentence is the one in red
    const { data } = await book({ client_phone: phone, client_name: 'Reacting Client', starts_at: '2027-06-17T09:00:00+01:00', artist_id: staff.id });
    expect((await call('PUT', `/api/clients/${data.client_id}`, { patch_test_date: '2027-06-11', patch_test_result: 'reaction' }, staff.token)).statusCode).toBe(200);
    const reaction = await call('POST', '/api/appointments/warnings', body({ client_id: data.client_id, client_phone: undefined, client_name: undefined, service_id: brows.id, starts_at: '2027-06-18T09:00:00+01:00' }), staff.token);
    expect(reaction.json().data).toEqual({ warnings: ["Reacting Client's patch test on 2027-06-11 showed a reaction."], danger: ["Reacting Client's patch test on 2027-06-11 showed a reaction."] });

    // an edit's draft: moving the first appointment onto another of the artist's is the clash, itself not counted
    const other = await book({ starts_at: '2027-06-16T14:00:00+01:00' });
    const edit = await call('POST', `/api/appointments/${first.data.id}/warnings`, { starts_at: '2027-06-16T14:30:00+01:00' }, staff.token);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.warnings).toEqual([expect.stringMatching(/from 14:00 to 15:00 on 2027-06-16/)]);
    expect((await call('GET', `/api/appointments/${first.data.id}`, undefined, staff.token)).json().data.starts_at).toBe(first.data.starts_at);
    expect(other.warnings).toEqual([]);

    // bad input is the save's own 422 on the field; an unknown record 404; no sign-in 401
    const bad = await call('POST', '/api/appointments/warnings', body({ service_id: 999999 }), staff.token);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['service_id']);
    expect((await call('POST', '/api/appointments/999999/warnings', { note: 'x' }, staff.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/appointments/warnings', draft, null as unknown as string)).statusCode).toBe(401);
  });
});

describe('status and deposit', () => {
  it('steps booked → arrived → done, refusing a jump with the allowed steps', async () => {
    const { data } = await book();
    const jump = await setStatus(data.id, 'done');
    expect(jump.statusCode).toBe(422);
    expect(jump.json().errors.status[0]).toMatch(/can become arrived or no-show or cancelled/);
    expect((await setStatus(data.id, 'arrived')).json().data.status).toBe('arrived');
    expect((await setStatus(data.id, 'done')).json().data.status).toBe('done');
  });

  it('takes a deposit on the ledger (with its method) and more payments later', async () => {
    const { data } = await book({ amount_paid: 5000, payment_method: 'transfer' });
    expect(data).toMatchObject({ amount_paid: 5000, balance: 10000 });
    const lines = (await call('GET', `/api/appointments/${data.id}/payments`, undefined, staff.token)).json().data;
    expect(lines).toMatchObject([{ amount: 5000, method: 'transfer' }]);
    const more = await call('POST', `/api/appointments/${data.id}/payments`, { amount: 1000, method: 'cash', date: '2027-03-01' }, staff.token);
    expect(more.statusCode, more.body).toBe(201);
    expect(more.json().data.record).toMatchObject({ amount_paid: 6000, balance: 9000 });
  });

  it("a no-show with a deposit says whether it is kept or forfeited, and the choice is recorded", async () => {
    const { data } = await book({ amount_paid: 3000, payment_method: 'cash' });
    const missing = await setStatus(data.id, 'no_show');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['deposit_outcome']);
    const res = await setStatus(data.id, 'no_show', { deposit_outcome: 'forfeited' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'no_show', deposit_outcome: 'forfeited', amount_paid: 3000 });
    // a no-show takes no more deposit
    expect((await call('POST', `/api/appointments/${data.id}/payments`, { amount: 100, method: 'cash', date: '2027-03-01' }, staff.token)).statusCode).toBe(422);
    // reopened, the choice is cleared
    expect((await setStatus(data.id, 'booked')).json().data.deposit_outcome).toBeNull();
    // one without a deposit needs no choice
    const bare = await book();
    expect((await setStatus(bare.data.id, 'no_show')).json().data).toMatchObject({ status: 'no_show', deposit_outcome: null });
    // the kept deposit shows on the client's page as held
    const kept = await book({ amount_paid: 2000, payment_method: 'cash' });
    await setStatus(kept.data.id, 'no_show', { deposit_outcome: 'kept' });
    const history = (await call('GET', `/api/clients/${kept.data.client_id}/history`)).json().data;
    expect(history.summary.deposits_held).toBe(2000);
  });
});

describe('check-out', () => {
  it('turns a done appointment into a till sale: the service, the client, the deposit counted; once', async () => {
    const { data } = await book({ amount_paid: 5000, payment_method: 'transfer' });
    const early = await call('POST', `/api/appointments/${data.id}/checkout`, { payment_method: 'cash' }, staff.token);
    expect(early.statusCode).toBe(422);
    await setStatus(data.id, 'arrived');
    await setStatus(data.id, 'done');
    const short = await call('POST', `/api/appointments/${data.id}/checkout`, { payment_method: 'cash', amount_paid: 9000 }, staff.token);
    expect(short.statusCode).toBe(422);
    const res = await call('POST', `/api/appointments/${data.id}/checkout`, { payment_method: 'card' }, staff.token);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({ outlet: 'salon', total: 15000, deposit: 5000, amount_paid: 10000, change: 0, client_id: data.client_id, customer_name: data.client_name, status: 'paid' });
    expect(order.items).toMatchObject([{ product_id: braids.id, quantity: 1, unit_price: 15000 }]);
    const appt = (await call('GET', `/api/appointments/${data.id}`, undefined, staff.token)).json().data;
    expect(appt.order_id).toBe(order.id);
    // a second click answers the same sale
    const again = await call('POST', `/api/appointments/${data.id}/checkout`, { payment_method: 'card' }, staff.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(order.id);
    // checked out: no more changes, no delete, no payment
    expect((await setStatus(data.id, 'arrived')).statusCode).toBe(422);
    expect((await call('DELETE', `/api/appointments/${data.id}`)).statusCode).toBe(422);
    // it is in the client's history as checked out, with the sale
    const history = (await call('GET', `/api/clients/${data.client_id}/history`)).json().data;
    expect(history.entries.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`).sort()).toEqual(['appointment:checked out', 'sale:paid']);
  });

  it('concurrent check-outs of one appointment make one sale', async () => {
    const { data } = await book();
    await setStatus(data.id, 'arrived');
    await setStatus(data.id, 'done');
    const results = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/appointments/${data.id}/checkout`, { payment_method: 'cash' }, staff.token)));
    for (const r of results) expect([200, 201], r.body).toContain(r.statusCode);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    const orders = await t.database.db.select().from(ordersTable).where(eq(ordersTable.client_id, data.client_id));
    expect(orders).toHaveLength(1);
    const [row] = await t.database.db.select().from(appointmentsTable).where(eq(appointmentsTable.id, data.id));
    expect(row!.order_id).toBe(orders[0]!.id);
  });

  it('a deposit that covers the whole price needs no payment', async () => {
    const { data } = await book({ amount_paid: 15000, payment_method: 'cash' });
    await setStatus(data.id, 'arrived');
    await setStatus(data.id, 'done');
    const res = await call('POST', `/api/appointments/${data.id}/checkout`, { payment_method: 'cash', amount_paid: 0 }, staff.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: 15000, deposit: 15000, amount_paid: 0, change: 0 });
  });
});

describe('the book', () => {
  it('lists a day, a week (Monday to Sunday) and the reminders of a day, per artist and per outlet', async () => {
    const a = await book({ starts_at: '2027-05-04T08:00:00+01:00' }); // a Tuesday
    const b = await book({ starts_at: '2027-05-09T23:30:00+01:00' }); // Sunday, late
    const c = await book({ starts_at: '2027-05-10T00:30:00+01:00', service_id: brows.id }); // the next Monday
    const d = await book({ starts_at: '2027-05-04T12:00:00+01:00', artist_id: staff.id });
    await setStatus(d.data.id, 'arrived');
    const ids = async (url: string) => ((await call('GET', url, undefined, staff.token)).json().data as Appointment[]).map((x) => x.id);
    expect(await ids('/api/appointments/day/2027-05-04')).toEqual([a.data.id, d.data.id]);
    expect(await ids(`/api/appointments/day/2027-05-04?artist_id=${artist.id}`)).toEqual([a.data.id]);
    expect(await ids('/api/appointments/week/2027-05-06')).toEqual([a.data.id, d.data.id, b.data.id]);
    expect(await ids('/api/appointments/week/2027-05-10?outlet=office')).toEqual([c.data.id]);
    expect(await ids('/api/appointments/reminders/2027-05-04')).toEqual([a.data.id]);
    expect((await call('GET', '/api/appointments/day/2027-02-30', undefined, staff.token)).statusCode).toBe(422);
  });
});

describe('roles', () => {
  it('staff book, step and check out; a staff member cannot reach the admin-only client calls', async () => {
    const { data } = await book();
    for (const [method, url, payload] of [
      ['GET', `/api/clients/${data.client_id}/export`, undefined],
      ['POST', `/api/clients/${data.client_id}/erase`, { reason: 'x' }],
    ] as const) {
      expect((await call(method, url, payload, staff.token)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/appointments', undefined, null as unknown as string)).statusCode).toBe(401);
  });

  it('staff read who can be booked (active staff by name) though the staff list is the admin’s', async () => {
    const gone = await t.staff({ name: 'Zed Left' });
    expect((await call('PUT', `/api/users/${gone.id}`, { active: false })).statusCode).toBe(200);
    expect((await call('GET', '/api/users', undefined, staff.token)).statusCode).toBe(403);
    const res = await call('GET', '/api/appointments/artists', undefined, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { id: number; name: string; role: string }[];
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([artist.id, staff.id]));
    expect(rows.map((r) => r.id)).not.toContain(gone.id);
    expect(Object.keys(rows[0]!).sort()).toEqual(['id', 'name', 'role']);
  });
});
