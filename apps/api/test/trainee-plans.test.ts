import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { uniqueName } from './helpers/fixtures.js';

// Issue 33: instalment plans written at enrolment, payments filling them earliest first, overdue in studio time, the
// studio's gates, attendance once a day, certificates refused for what is missing then issued, and verified by anyone.

let t: TestApp;
let admin: string;
let staff: { token: string };
let program: number;
let session: number;
let pmuPackage: number;

// A deposit of 40% at the start, 30% after 30 days, the rest after 60: on a 100,000 fee starting 2 March 2026,
// 40,000 on 2 March, 30,000 on 1 April, 30,000 on 1 May.
const PLAN = { deposit: { share: 40, due_days: 0 }, instalments: [{ share: 30, due_days: 30 }, { share: 30, due_days: 60 }] };
const START = '2026-03-02';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
/** The studio's clock: an instant in UTC (Lagos is UTC+1). */
const clock = (iso: string) => vi.setSystemTime(new Date(iso));
const settings = async (body: Record<string, unknown>) => expect((await call('PUT', '/api/settings', body)).statusCode).toBe(200);

async function enrol(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/students', { name: uniqueName('Ada Trainee'), phone: '08031112222', program_id: program, session_id: session, start_date: START, end_date: '2026-06-02', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; fee: number; balance: number };
}
const pay = (id: number, amount: number, date = START, kind = 'students') => call('POST', `/api/${kind}/${id}/payments`, { amount, method: 'cash', date });
const schedule = async (id: number, kind = 'students') => {
  const res = await call('GET', `/api/${kind}/${id}/schedule`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { label: string; due_date: string; amount: number; paid: number; balance: number; status: string }[];
};
const mark = (id: number, date: string, status: string, token = staff.token, kind = 'student') =>
  call('POST', '/api/attendance', { trainee_kind: kind, trainee_id: id, date, status }, token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  const make = async (url: string, body: Record<string, unknown>) => {
    const res = await call('POST', url, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  program = await make('/api/training-programs', { name: uniqueName('Pro makeup'), duration: '3 months', fee: 100000, plan: PLAN, min_attendance_percent: 75 });
  session = await make('/api/training-session', { name: uniqueName('March class'), start_date: START, end_date: '2026-12-20' });
  pmuPackage = await make('/api/extra-programs', { type: 'office', name: uniqueName('Microblading'), price: 90000, plan: { deposit: { amount: 30000, due_days: 0 }, instalments: [{ amount: 30000, due_days: 14 }, { share: 10, due_days: 28 }] } });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.close());

describe('instalment plans', () => {
  it('a program type keeps its plan; a bad plan is a 422 that saves nothing', async () => {
    const got = (await call('GET', `/api/training-programs/${program}`)).json().data;
    expect(got).toMatchObject({ plan: PLAN, min_attendance_percent: 75 });
    const bad = [
      { deposit: { share: 60, due_days: 0 }, instalments: [{ share: 50, due_days: 30 }] },
      { deposit: { share: 40, due_days: 10 }, instalments: [{ share: 30, due_days: 5 }] },
      { deposit: { share: 40, amount: 10, due_days: 0 }, instalments: [{ share: 30, due_days: 5 }] },
      { deposit: { share: 40, due_days: 0 }, instalments: [] },
    ];
    for (const plan of bad) {
      const res = await call('POST', '/api/training-programs', { name: uniqueName('Bad plan'), duration: '1 month', fee: 1000, plan });
      expect(res.statusCode, JSON.stringify(plan)).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    // a hostel pricing carries no plan
    const hostel = await call('POST', '/api/extra-programs', { type: 'hostel', name: uniqueName('Room'), price: 30000, plan: PLAN });
    expect(hostel.statusCode).toBe(422);
    expect(hostel.json().errors.plan).toBeDefined();
  });

  it('enrolment writes a deposit and two instalments from the plan', async () => {
    const s = await enrol();
    expect(await schedule(s.id)).toEqual([
      { label: 'Deposit', due_date: '2026-03-02', amount: 40000, paid: 0, balance: 40000, status: expect.any(String) },
      { label: 'Instalment 1', due_date: '2026-04-01', amount: 30000, paid: 0, balance: 30000, status: expect.any(String) },
      { label: 'Instalment 2', due_date: '2026-05-01', amount: 30000, paid: 0, balance: 30000, status: expect.any(String) },
    ]);
  });

  it('a PMU package plan of amounts and a share: the last instalment takes what is left of the fee', async () => {
    const res = await call('POST', '/api/office-students', { name: uniqueName('Ngozi PMU'), phone: '08035556666', package_id: pmuPackage, start_date: START, end_date: '2026-04-02', fee: 95000.5 });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await schedule(res.json().data.id, 'office-students');
    expect(rows.map((r) => [r.due_date, r.amount])).toEqual([
      ['2026-03-02', 30000],
      ['2026-03-16', 30000],
      ['2026-03-30', 35000.5],
    ]);
    // a fee below the fixed parts is refused, nothing saved
    const low = await call('POST', '/api/office-students', { name: uniqueName('Low fee'), phone: '08035556667', package_id: pmuPackage, start_date: START, end_date: '2026-04-02', fee: 50000 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.fee).toBeDefined();
  });

  it('payments fill the earliest instalment first', async () => {
    clock('2026-03-10T12:00:00Z');
    const s = await enrol();
    expect((await pay(s.id, 50000)).statusCode).toBe(201);
    let rows = await schedule(s.id);
    expect(rows.map((r) => [r.paid, r.balance, r.status])).toEqual([
      [40000, 0, 'paid'],
      [10000, 20000, 'due'],
      [0, 30000, 'due'],
    ]);
    expect((await pay(s.id, 35000.25)).statusCode).toBe(201);
    rows = await schedule(s.id);
    expect(rows.map((r) => [r.paid, r.balance, r.status])).toEqual([
      [40000, 0, 'paid'],
      [30000, 0, 'paid'],
      [15000.25, 14999.75, 'due'],
    ]);
  });

  it('an instalment is overdue on the day after its due date, in studio time; the overdue lists say how much', async () => {
    const s = await enrol();
    expect((await pay(s.id, 50000)).statusCode).toBe(201);
    // 23:30 in Lagos on 1 April (the due date): still due
    clock('2026-04-01T22:30:00Z');
    expect((await schedule(s.id))[1]!.status).toBe('due');
    let list = (await call('GET', '/api/students-overdue', undefined, staff.token)).json().data as { id: number }[];
    expect(list.find((r) => r.id === s.id)).toBeUndefined();
    // 00:30 in Lagos on 2 April (still 1 April in UTC): overdue
    clock('2026-04-01T23:30:00Z');
    expect((await schedule(s.id))[1]!.status).toBe('overdue');
    const res = await call('GET', '/api/students-overdue', undefined, staff.token);
    expect(res.statusCode).toBe(200);
    list = res.json().data;
    expect(list.find((r) => r.id === s.id)).toMatchObject({ overdue_amount: 20000, balance: 50000, oldest_due_date: '2026-04-01', days_overdue: 1 });
    // a payment of what is overdue takes her off the list
    expect((await pay(s.id, 20000, '2026-04-01')).statusCode).toBe(201);
    list = (await call('GET', '/api/students-overdue')).json().data;
    expect(list.find((r) => r.id === s.id)).toBeUndefined();
    expect((await call('GET', '/api/office-students-overdue', undefined, staff.token)).statusCode).toBe(200);
  });

  it('an admin edits the schedule (logged; it must add up to the fee); a fee change moves the last instalment; staff may not edit', async () => {
    const s = await enrol();
    const lines = [
      { due_date: '2026-03-02', amount: 50000 },
      { label: 'Balance', due_date: '2026-05-15', amount: 50000 },
    ];
    expect((await call('PUT', `/api/students/${s.id}/schedule`, { instalments: lines }, staff.token)).statusCode).toBe(403);
    const wrong = await call('PUT', `/api/students/${s.id}/schedule`, { instalments: [{ due_date: '2026-03-02', amount: 50000 }] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.instalments).toBeDefined();
    expect((await schedule(s.id)).length).toBe(3);
    const ok = await call('PUT', `/api/students/${s.id}/schedule`, { instalments: lines });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await schedule(s.id)).map((r) => [r.label, r.due_date, r.amount])).toEqual([
      ['Deposit', '2026-03-02', 50000],
      ['Balance', '2026-05-15', 50000],
    ]);
    const log = (await call('GET', `/api/activity-log?resource=students&record_id=${s.id}`)).json().data as { action: string }[];
    expect(log.map((l) => l.action)).toContain('update-schedule');
    expect((await call('PUT', `/api/students/${s.id}`, { fee: 120000 })).statusCode).toBe(200);
    expect((await schedule(s.id)).map((r) => r.amount)).toEqual([50000, 70000]);
    const below = await call('PUT', `/api/students/${s.id}`, { fee: 40000 });
    expect(below.statusCode).toBe(422);
    expect((await call('GET', `/api/students/${s.id}`)).json().data.fee).toBe(120000);
  });
});

describe('attendance and the gates', () => {
  it('one mark per trainee per day: a second is an update; the share present counts present and late', async () => {
    const s = await enrol();
    await pay(s.id, 100000);
    const first = await mark(s.id, '2026-03-03', 'absent');
    expect(first.statusCode, first.body).toBe(201);
    const again = await mark(s.id, '2026-03-03', 'present');
    expect(again.statusCode).toBe(200);
    expect((await mark(s.id, '2026-03-04', 'late')).statusCode).toBe(201);
    expect((await mark(s.id, '2026-03-05', 'absent')).statusCode).toBe(201);
    const res = await call('GET', `/api/students/${s.id}/attendance`, undefined, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { date: string; status: string }) => [m.date, m.status])).toEqual([
      ['2026-03-03', 'present'],
      ['2026-03-04', 'late'],
      ['2026-03-05', 'absent'],
    ]);
    expect(res.json().summary).toMatchObject({ marked: 3, present: 1, late: 1, absent: 1, share_present: 66.67, min_percent: 75 });
  });

  it('bad marks are 422s: an unknown trainee, a bad status, a day not yet come', async () => {
    const s = await enrol();
    expect((await mark(999_999, '2026-03-03', 'present')).json().errors.trainee_id).toBeDefined();
    expect((await mark(s.id, '2026-03-03', 'sleeping')).statusCode).toBe(422);
    const future = await mark(s.id, '2099-01-01', 'present');
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.date).toBeDefined();
    expect((await call('GET', `/api/students/${s.id}/attendance`)).json().data).toEqual([]);
  });

  it('an overdue instalment: nothing, a warning, or refused, as the studio sets it', async () => {
    const s = await enrol();
    await pay(s.id, 40000);
    clock('2026-04-10T10:00:00Z');
    await settings({ overdue_attendance: 'none' });
    const none = await mark(s.id, '2026-04-06', 'present');
    expect(none.statusCode).toBe(201);
    expect(none.json().warnings).toEqual([]);
    await settings({ overdue_attendance: 'warn' });
    const warned = await mark(s.id, '2026-04-07', 'present');
    expect(warned.statusCode).toBe(201);
    expect(warned.json().warnings[0]).toMatch(/overdue/);
    await settings({ overdue_attendance: 'refuse' });
    const refused = await mark(s.id, '2026-04-08', 'present');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.trainee_id[0]).toMatch(/overdue/);
    expect((await call('GET', `/api/students/${s.id}/attendance`)).json().data.length).toBe(2);
    // paid up: marked again
    await pay(s.id, 30000, '2026-04-09');
    expect((await mark(s.id, '2026-04-08', 'present')).statusCode).toBe(201);
    await settings({ overdue_attendance: 'warn' });
  });

  it('the register lists the day’s class with its marks', async () => {
    const s = await enrol();
    await mark(s.id, '2026-03-06', 'late');
    clock('2026-03-06T10:00:00Z');
    const res = await call('GET', `/api/attendance/register?kind=student&date=2026-03-06&program_id=${program}&session_id=${session}`, undefined, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.find((r: { id: number }) => r.id === s.id)).toMatchObject({ status: 'late' });
    expect((await call('GET', '/api/attendance/register?kind=teacher&date=2026-03-06')).statusCode).toBe(422);
  });
});

describe('certificates', () => {
  it('refused for each missing condition, then issued; verified with the right code only; revoked by an admin', async () => {
    await settings({ certificate_needs_balance: true, overdue_attendance: 'none' });
    const s = await enrol();
    expect((await call('POST', `/api/students/${s.id}/certificate`, undefined, staff.token)).statusCode).toBe(403);
    // nothing paid, no attendance: both named
    let res = await call('POST', `/api/students/${s.id}/certificate`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['attendance', 'balance']);
    // paid: attendance still short (1 of 2 days)
    await pay(s.id, 100000);
    await mark(s.id, '2026-03-03', 'present');
    await mark(s.id, '2026-03-04', 'absent');
    res = await call('POST', `/api/students/${s.id}/certificate`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['attendance']);
    expect(res.json().errors.attendance[0]).toMatch(/50%.*75%/);
    // 3 of 4 days: 75%
    await mark(s.id, '2026-03-05', 'present');
    await mark(s.id, '2026-03-06', 'late');
    res = await call('POST', `/api/students/${s.id}/certificate`);
    expect(res.statusCode, res.body).toBe(201);
    const cert = res.json().data as { serial: string; issued_on: string; verify_code: string };
    expect(Object.keys(cert).sort()).toEqual(['issued_on', 'serial', 'verify_code']);
    // a second one while it is in force
    res = await call('POST', `/api/students/${s.id}/certificate`);
    expect(res.json().errors.certificate[0]).toContain(cert.serial);

    // anyone, no sign-in
    const verify = (code: string) => t.call(null, { method: 'GET', url: `/api/certificates/${encodeURIComponent(cert.serial)}?code=${encodeURIComponent(code)}` });
    const right = await verify(cert.verify_code);
    expect(right.statusCode).toBe(200);
    const student = (await call('GET', `/api/students/${s.id}`)).json().data;
    const prog = (await call('GET', `/api/training-programs/${program}`)).json().data;
    expect(right.json()).toEqual({ data: { valid: true, name: student.name, program: prog.name, issued_on: cert.issued_on } });
    expect((await verify('WRONGCODE1')).json()).toEqual({ data: { valid: false } });
    expect((await t.call(null, { method: 'GET', url: `/api/certificates/${encodeURIComponent(cert.serial)}` })).json()).toEqual({ data: { valid: false } });
    expect((await t.call(null, { method: 'GET', url: '/api/certificates/NO-SUCH?code=X' })).json()).toEqual({ data: { valid: false } });

    // revoked (admin, logged): no longer valid, and another may be issued
    expect((await call('POST', `/api/certificates/${cert.serial}/revoke`, { reason: 'Typo in name' }, staff.token)).statusCode).toBe(403);
    const revoked = await call('POST', `/api/certificates/${cert.serial}/revoke`, { reason: 'Typo in name' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await verify(cert.verify_code)).json()).toEqual({ data: { valid: false } });
    const log = (await call('GET', '/api/activity-log?resource=certificates')).json().data as { action: string }[];
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'revoke']));
    expect((await call('POST', `/api/students/${s.id}/certificate`)).statusCode).toBe(201);
    const list = (await call('GET', `/api/students/${s.id}/certificates`)).json().data;
    expect(list.length).toBe(2);
  });

  it('without the balance gate, an unpaid trainee of a program without a minimum gets her certificate', async () => {
    await settings({ certificate_needs_balance: false });
    const res = await call('POST', '/api/office-students', { name: uniqueName('Ify PMU'), phone: '08035556668', package_id: pmuPackage, start_date: START, end_date: '2026-04-02' });
    const id = res.json().data.id;
    const issued = await call('POST', `/api/office-students/${id}/certificate`);
    expect(issued.statusCode, issued.body).toBe(201);
    await settings({ certificate_needs_balance: true });
    expect((await call('POST', '/api/office-students/999999/certificate')).statusCode).toBe(404);
  });

  it('an erasure of the client blanks the name her certificate copied', async () => {
    const phone = '08039990001';
    const res = await call('POST', '/api/office-students', { name: uniqueName('Erased PMU'), phone, package_id: pmuPackage, start_date: START, end_date: '2026-04-02', fee: 90000, amount_paid: 90000, payment_method: 'cash' });
    expect(res.statusCode, res.body).toBe(201);
    const cert = (await call('POST', `/api/office-students/${res.json().data.id}/certificate`)).json().data as { serial: string; verify_code: string };
    const client = (await call('GET', `/api/clients/by-phone/${phone}`)).json().data as { id: number };
    expect((await call('POST', `/api/clients/${client.id}/erase`, { reason: 'Asked in person' })).statusCode).toBe(200);
    const check = await t.call(null, { method: 'GET', url: `/api/certificates/${cert.serial}?code=${cert.verify_code}` });
    expect(check.json().data.valid).toBe(true);
    expect(check.json().data.name).not.toContain('Erased PMU');
  });

  it('wrong codes in bulk are throttled (429 with Retry-After)', async () => {
    let last = 200;
    let retry: string | undefined;
    for (let i = 0; i < 35 && last === 200; i++) {
      const res = await t.call(null, { method: 'GET', url: `/api/certificates/2026-GUESS?code=G${i}` });
      last = res.statusCode;
      retry = res.headers['retry-after'] as string | undefined;
    }
    expect(last).toBe(429);
    expect(Number(retry)).toBeGreaterThan(0);
  });
});
