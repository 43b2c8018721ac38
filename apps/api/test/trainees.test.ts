import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, studioDate } from '@studio/shared';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// Makeup, PMU (office) and hostel trainees on the generic mechanism: every call of spec §7 and
// contract §5, with data on both sides of each boundary in the studio's time zone.

let t: TestApp;
let admin: string;
let staff: { token: string };
const today = studioDate(new Date(), 'Africa/Lagos');
const yesterday = addDays(today, -1);
const tomorrow = addDays(today, 1);
const month = today.slice(0, 7);
let program: number;
let otherProgram: number;
let session: number;
let otherSession: number;
let pmuPackage: number;
let hostelPricing: number;

type Trainee = { id: number; name: string; status: string; fee: number; amount_paid: number; balance: number; start_date: string; end_date: string } & Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const created = async (url: string, body: Record<string, unknown>) => {
  const res = await call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Trainee;
};
const ids = async (url: string, token = admin) => {
  const res = await call('GET', url, undefined, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.json().data as Trainee[]).map((r) => r.id).sort((a, b) => a - b);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  const make = async (url: string, body: Record<string, unknown>) => (await call('POST', url, body)).json().data.id as number;
  program = await make('/api/training-programs', { name: uniqueName('Pro makeup'), duration: '3 months', fee: 350000 });
  otherProgram = await make('/api/training-programs', { name: uniqueName('Gele'), duration: '2 weeks', fee: 50000 });
  session = await make('/api/training-session', { name: uniqueName('Jan class'), start_date: '2026-01-05', end_date: '2027-12-20' });
  otherSession = await make('/api/training-session', { name: uniqueName('May class'), start_date: '2026-05-05', end_date: '2027-08-20' });
  pmuPackage = await make('/api/extra-programs', { type: 'office', name: uniqueName('Microblading'), price: 250000 });
  hostelPricing = await make('/api/extra-programs', { type: 'hostel', name: uniqueName('Shared room'), price: 60000 });
});
afterAll(() => t.close());

const student = (over: Record<string, unknown> = {}) => ({ name: uniqueName('Amaka'), phone: '08031112222', program_id: program, session_id: session, start_date: addDays(today, -30), end_date: addDays(today, 30), ...over });

describe('makeup students', () => {
  let ended: Trainee, endsToday: Trainee, endsTomorrow: Trainee, suspended: Trainee, startsTomorrow: Trainee;
  beforeAll(async () => {
    ended = await created('/api/students', student({ end_date: yesterday, name: 'Boundary Ended' }));
    endsToday = await created('/api/students', student({ end_date: today, name: 'Boundary Today', fee: 100, amount_paid: 100, payment_method: 'cash' }));
    endsTomorrow = await created('/api/students', student({ end_date: tomorrow, name: 'Boundary Tomorrow', fee: 100, amount_paid: 99.99, payment_method: 'transfer', program_id: otherProgram }));
    suspended = await created('/api/students', student({ name: 'Boundary Suspended' }));
    startsTomorrow = await created('/api/students', student({ start_date: tomorrow, name: 'Boundary Starts', session_id: otherSession }));
    expect((await call('POST', '/api/students/suspend', { id: suspended.id })).statusCode).toBe(200);
  });

  it('the fee defaults to the program fee; a deposit on create is the first payment', async () => {
    const s = await created('/api/students', student({ amount_paid: 50000, payment_method: 'transfer' }));
    expect(s).toMatchObject({ fee: 350000, amount_paid: 50000, balance: 300000, status: 'active' });
    const lines = (await call('GET', `/api/students/${s.id}/payments`)).json().data;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount: 50000, method: 'transfer', note: 'Paid with the makeup student' });
    const over = await call('POST', `/api/students/${s.id}/payments`, { amount: 300000.01, method: 'cash', date: today });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toMatch(/balance of ₦300,000\.00/);
  });

  it('status reads completed once the end date has passed, without anyone editing it; suspended is stored', async () => {
    const get = async (id: number) => (await call('GET', `/api/students/${id}`)).json().data.status;
    expect(await get(ended.id)).toBe('completed');
    expect(await get(endsToday.id)).toBe('active');
    expect(await get(endsTomorrow.id)).toBe('active');
    expect(await get(suspended.id)).toBe('suspended');
    expect(await ids('/api/students?status=completed')).toContain(ended.id);
    expect(await ids('/api/students?status=completed')).not.toContain(endsToday.id);
    expect((await call('GET', '/api/students?sort=status&order=desc')).statusCode).toBe(200);
  });

  it('in session: active, started, not ended (ends today is in; ended yesterday, suspended and starting tomorrow are out)', async () => {
    const inSession = await ids('/api/students-insession');
    expect(inSession).toContain(endsToday.id);
    expect(inSession).toContain(endsTomorrow.id);
    for (const out of [ended, suspended, startsTomorrow]) expect(inSession).not.toContain(out.id);
    expect(await ids(`/api/students-insession/date/${tomorrow}`)).toEqual(expect.arrayContaining([endsTomorrow.id, startsTomorrow.id]));
    expect(await ids(`/api/students-insession/date/${tomorrow}`)).not.toContain(endsToday.id);
    expect(await ids(`/api/students-insession/month/${month}`)).toEqual(expect.arrayContaining([ended.id, endsToday.id, endsTomorrow.id, startsTomorrow.id]));
    expect(await ids(`/api/students-insession/program/${otherProgram}`)).toEqual([endsTomorrow.id]);
    expect(await ids('/api/students-insession/search/boundary%20tomorrow')).toEqual([endsTomorrow.id]);
    expect((await call('GET', '/api/students-insession/date/2026-02-30')).statusCode).toBe(422);
  });

  it('owing: a balance of one kobo owes, a balance of zero does not', async () => {
    const owing = await ids('/api/students-owing');
    expect(owing).toContain(endsTomorrow.id);
    expect(owing).not.toContain(endsToday.id);
    expect(await ids('/api/students-owing/search/Boundary%20Tomorrow')).toEqual([endsTomorrow.id]);
    expect(await ids(`/api/students-owing/program/${otherProgram}`)).toEqual([endsTomorrow.id]);
    expect(await ids('/api/students-owing/program/all')).toContain(endsTomorrow.id);
    const res = (await call('GET', `/api/students-owing/program/${otherProgram}?page=1`)).json();
    expect(res.summary).toEqual({ count: 1, fee: 100, amount_paid: 99.99, balance: 0.01 });
  });

  it('getmonth, getendmonth, program/{program}/{session}, search, totalnumber', async () => {
    expect(await ids(`/api/students/getendmonth/${yesterday.slice(0, 7)}`)).toContain(ended.id);
    expect(await ids(`/api/students/getmonth/${tomorrow.slice(0, 7)}`)).toContain(startsTomorrow.id);
    expect(await ids(`/api/students/getmonth/${addMonths(month, 5)}`)).toEqual([]);
    expect(await ids(`/api/students/program/all/${otherSession}`)).toEqual([startsTomorrow.id]);
    expect(await ids(`/api/students/program/${otherProgram}/all`)).toEqual([endsTomorrow.id]);
    expect((await call('GET', '/api/students/program/x/all')).statusCode).toBe(422);
    expect(await ids('/api/students/search/08031112222')).toContain(ended.id);
    const total = (await call('GET', '/api/students/totalnumber')).json();
    expect(total).toEqual({ data: (await ids('/api/students')).length });
  });

  it('suspend and reinstate; change-session; both logged', async () => {
    const s = await created('/api/students', student());
    const sus = await call('POST', '/api/students/suspend', { id: s.id, suspended: true });
    expect(sus.json().data.status).toBe('suspended');
    expect((await call('POST', '/api/students/suspend', { id: s.id, suspended: false })).json().data.status).toBe('active');
    const moved = await call('POST', '/api/students/change-session', { id: s.id, session_id: otherSession });
    expect(moved.json().data.session_id).toBe(otherSession);
    expect((await call('POST', '/api/students/change-session', { id: s.id, session_id: 999999 })).statusCode).toBe(422);
    expect((await call('POST', '/api/students/suspend', { id: 999999 })).statusCode).toBe(404);
    expect((await call('POST', '/api/students/suspend', {})).statusCode).toBe(422);
    const log = (await call('GET', `/api/activity-log?resource=students&record_id=${s.id}`)).json().data as { action: string }[];
    expect(log.filter((l) => l.action === 'update')).toHaveLength(3);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const [over, field] of [
      [{ end_date: addDays(today, -40) }, 'end_date'],
      [{ program_id: 999999 }, 'program_id'],
      [{ session_id: 999999 }, 'session_id'],
      [{ phone: 'none' }, 'phone'],
      [{ fee: -1 }, 'fee'],
      [{ fee: 100, amount_paid: 100.01, payment_method: 'cash' }, 'amount_paid'],
      [{ fee: 100, amount_paid: 50 }, 'payment_method'],
    ] as [Record<string, unknown>, string][]) {
      const res = await call('POST', '/api/students', student(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const put = await call('PUT', `/api/students/${ended.id}`, { start_date: addDays(yesterday, 1) });
    expect(put.statusCode).toBe(422);
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });

  it('usage: how many trainees use each program, session, package and pricing', async () => {
    const usage = (await call('GET', '/api/training-programs/usage')).json().data as { id: number; by: Record<string, number>; total: number }[];
    expect(usage.find((u) => u.id === otherProgram)).toEqual({ id: otherProgram, by: { students: 1 }, total: 1 });
    const sessions = (await call('GET', '/api/training-session/usage')).json().data as { id: number; total: number }[];
    expect(sessions.find((u) => u.id === otherSession)?.total).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/training-programs/usage', undefined, staff.token)).statusCode).toBe(403);
  });

  it('a program or session in use is not deleted', async () => {
    const del = await call('DELETE', `/api/training-programs/${otherProgram}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toMatch(/used by 1 makeup student/);
  });
});

describe('office (PMU) students', () => {
  it('fee from the package; program/{package}/{start month}; a hostel pricing is not a PMU package', async () => {
    const s = await created('/api/office-students', { name: uniqueName('Ify'), phone: '0809000111', package_id: pmuPackage, start_date: today, end_date: addDays(today, 14) });
    expect(s).toMatchObject({ fee: 250000, balance: 250000, status: 'active' });
    expect(await ids(`/api/office-students/program/${pmuPackage}/${month}`)).toEqual([s.id]);
    expect(await ids(`/api/office-students/program/all/${addMonths(month, -1)}`)).not.toContain(s.id);
    expect(await ids('/api/office-students-insession')).toContain(s.id);
    expect(await ids('/api/office-students-owing')).toContain(s.id);
    expect(await ids(`/api/office-students-insession/program/${pmuPackage}`)).toEqual([s.id]);
    const wrong = await call('POST', '/api/office-students', { name: 'X', phone: '0809000111', package_id: hostelPricing, start_date: today, end_date: today });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.package_id[0]).toMatch(/not a PMU package/);
    expect((await call('GET', '/api/office-students/totalnumber')).json().data).toBe(1);
  });
});

describe('hostel students', () => {
  it('in session, vacated (check-out before today), getmonth-vacated, change-session', async () => {
    const left = await created('/api/hostel-students', { name: uniqueName('Left'), phone: '0807000111', pricing_id: hostelPricing, room: 'B2', start_date: addDays(today, -60), end_date: yesterday });
    const stays = await created('/api/hostel-students', { name: uniqueName('Stays'), phone: '0807000222', pricing_id: hostelPricing, room: 'B3', start_date: addDays(today, -10), end_date: today });
    expect(left).toMatchObject({ fee: 60000, status: 'completed' });
    expect(await ids('/api/hostel-students-insession')).toEqual([stays.id]);
    expect(await ids(`/api/hostel-students-insession/date/${yesterday}`)).toEqual([left.id, stays.id]);
    expect(await ids('/api/hostel-students-insession/search/B3')).toEqual([stays.id]);
    expect(await ids('/api/hostel-students-vacated')).toEqual([left.id]);
    expect(await ids(`/api/hostel-students/getmonth-vacated/${yesterday.slice(0, 7)}`)).toContain(left.id);
    expect((await call('POST', '/api/hostel-students/change-session', { id: stays.id, session_id: session })).json().data.session_id).toBe(session);
    const bad = await call('POST', '/api/hostel-students', { name: 'X', phone: '0807000333', pricing_id: pmuPackage, start_date: today, end_date: today });
    expect(bad.json().errors.pricing_id[0]).toMatch(/not a hostel pricing/);
  });
});

describe('hostel check-out (issue 17, item 3)', () => {
  const lodger = (name: string) =>
    created('/api/hostel-students', { name: uniqueName(name), phone: '0807000444', pricing_id: hostelPricing, room: 'C1', start_date: addDays(today, -10), end_date: addDays(today, 20) });
  const bedsTaken = async () => {
    const res = await call('GET', '/api/dashboard');
    expect(res.statusCode).toBe(200);
    return (res.json().data.hostel.by_pricing as { pricing_id: number; taken: number }[]).find((p) => p.pricing_id === hostelPricing)?.taken ?? 0;
  };
  const checkOut = (body: Record<string, unknown>, token = admin) => call('POST', '/api/hostel-students/check-out', body, token);

  it('today (the default): she leaves the in-session list, her bed is free, she is vacated in both lists, and it is logged', async () => {
    const s = await lodger('Checks Out');
    const beds = await bedsTaken();
    expect(await ids('/api/hostel-students-insession')).toContain(s.id);
    const res = await checkOut({ id: s.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: s.id, end_date: today, checked_out: true, status: 'completed' });
    expect(await ids('/api/hostel-students-insession')).not.toContain(s.id);
    expect(await ids(`/api/hostel-students-insession/date/${yesterday}`)).toContain(s.id);
    expect(await bedsTaken()).toBe(beds - 1);
    expect(await ids('/api/hostel-students-vacated', staff.token)).toContain(s.id);
    expect(await ids(`/api/hostel-students/getmonth-vacated/${month}`, staff.token)).toContain(s.id);
    const log = (await call('GET', `/api/activity-log?resource=hostel-students&record_id=${s.id}`)).json().data as { action: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    expect(log[0]).toMatchObject({ action: 'check-out', before: { end_date: addDays(today, 20), checked_out: false }, after: { end_date: today, checked_out: true } });
  });

  it('a past day (not before check-in) is allowed; before check-in, a bad date, staff and an unknown id are refused and change nothing', async () => {
    const s = await lodger('Left Earlier');
    const before = await snapshotDatabase(t.database.db);
    const early = await checkOut({ id: s.id, date: addDays(today, -11) });
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json().errors)).toEqual(['date']);
    expect(early.json().errors.date[0]).toMatch(/cannot be before her check-in/);
    expect((await checkOut({ id: s.id, date: '2026-02-30' })).json().errors.date).toBeDefined();
    expect((await checkOut({ id: s.id }, staff.token)).statusCode).toBe(403);
    expect((await checkOut({ id: 999_999 })).statusCode).toBe(404);
    expect(await snapshotDatabase(t.database.db)).toBe(before);

    const res = await checkOut({ id: s.id, date: yesterday });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ end_date: yesterday, checked_out: true, status: 'completed' });
    expect(await ids('/api/hostel-students-vacated')).toContain(s.id);
    expect(await ids(`/api/hostel-students/getmonth-vacated/${yesterday.slice(0, 7)}`)).toContain(s.id);
    // she left yesterday: that day her bed was already free
    expect(await ids(`/api/hostel-students-insession/date/${yesterday}`)).not.toContain(s.id);
  });

  it('a later day keeps her in session until then, and off both vacated lists', async () => {
    const s = await lodger('Leaves Tomorrow');
    const res = await checkOut({ id: s.id, date: tomorrow });
    expect(res.json().data).toMatchObject({ end_date: tomorrow, checked_out: true, status: 'active' });
    expect(await ids('/api/hostel-students-insession')).toContain(s.id);
    expect(await ids(`/api/hostel-students-insession/date/${tomorrow}`)).not.toContain(s.id);
    expect(await ids('/api/hostel-students-vacated')).not.toContain(s.id);
    expect(await ids(`/api/hostel-students/getmonth-vacated/${tomorrow.slice(0, 7)}`)).not.toContain(s.id);
  });
});

describe('roles', () => {
  it('staff get 200 on the in-session, owing and vacated lists, and 403 on everything else', async () => {
    for (const url of [
      '/api/students-insession',
      '/api/students-owing',
      '/api/students-owing/search/a',
      `/api/students-insession/date/${today}`,
      '/api/office-students-insession',
      '/api/office-students-owing',
      '/api/hostel-students-insession',
      '/api/hostel-students-vacated',
      `/api/hostel-students/getmonth-vacated/${month}`,
    ]) {
      expect((await call('GET', url, undefined, staff.token)).statusCode, url).toBe(200);
    }
    for (const [method, url] of [
      ['GET', '/api/students'],
      ['GET', '/api/students/totalnumber'],
      ['GET', `/api/students/getmonth/${month}`],
      ['POST', '/api/students/suspend'],
      ['GET', '/api/office-students'],
      ['GET', '/api/hostel-students'],
      ['GET', '/api/students/1/payments'],
    ] as const) {
      expect((await call(method, url, method === 'POST' ? { id: 1 } : undefined, staff.token)).statusCode, url).toBe(403);
    }
  });
});

describe('enrolment dates from the program (issue 17, item 4)', () => {
  it('dates left out: the start is the session start, the end the start plus the program duration (not the session end)', async () => {
    const dated = (over: Record<string, unknown>) => created('/api/students', { ...student(over), start_date: undefined, end_date: undefined, ...over });
    expect(await dated({})).toMatchObject({ start_date: '2026-01-05', end_date: '2026-04-05' });
    expect(await dated({ program_id: otherProgram, session_id: otherSession })).toMatchObject({ start_date: '2026-05-05', end_date: '2026-05-19' });
    expect(await dated({ start_date: '2026-01-31' })).toMatchObject({ start_date: '2026-01-31', end_date: '2026-04-30' });
    expect(await dated({ start_date: '2026-02-02', end_date: '2026-02-20' })).toMatchObject({ start_date: '2026-02-02', end_date: '2026-02-20' });
    const flexible = (await call('POST', '/api/training-programs', { name: uniqueName('Private lessons'), duration: 'Flexible', fee: 1000 })).json().data.id as number;
    const count = (await call('GET', '/api/students/totalnumber')).json().data;
    for (const [body, field] of [
      [{ program_id: flexible }, 'end_date'],
      [{ end_date: '2026-01-04' }, 'end_date'],
      [{ session_id: 999_999 }, 'session_id'],
    ] as const) {
      const res = await call('POST', '/api/students', { ...student(), start_date: undefined, end_date: undefined, ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await call('GET', '/api/students/totalnumber')).json().data).toBe(count);
  });
});
