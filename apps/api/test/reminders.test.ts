import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, studioDate, type DueReminder, type DueReminders } from '@studio/shared';
import { duesRemindersTable } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { snapshotDatabase, uniqueName } from './helpers/fixtures.js';

// Issue 17, item 7: a reminder run lists everyone who owes (three kinds of trainees, bookings due soon), records who
// reminded whom and when, and leaves out whoever was reminded within the studio's window.
let t: TestApp;
let admin: string;
let staff: { token: string };
const today = studioDate(new Date(), 'Africa/Lagos');
let program: number, session: number, pmu: number, hostel: number, pkg: number;
const tag = uniqueName('Run').replace(/\W/g, '');

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
const make = async (url: string, body: Record<string, unknown>) => {
  const res = await call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
};
const dues = async (query = '') => {
  const res = await call('GET', `/api/reminders/dues${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as DueReminders;
  // this run's people only (other files' records never share the tag)
  return { ...body, mine: body.data.filter((d) => d.name.includes(tag)) };
};
const keyOf = (d: Pick<DueReminder, 'kind' | 'id'>) => `${d.kind}:${d.id}`;
const sent = (items: { kind: string; id: number }[], token = admin) => call('POST', '/api/reminders/sent', { items }, token);

let f: Record<'student' | 'office' | 'lodger' | 'soon' | 'paid' | 'later' | 'cancelled', { id: number }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = await t.staff();
  program = (await make('/api/training-programs', { name: uniqueName('Pro makeup'), duration: '3 months', fee: 350000 })).id;
  session = (await make('/api/training-session', { name: uniqueName('Class'), start_date: '2026-01-05', end_date: '2027-12-20' })).id;
  pmu = (await make('/api/extra-programs', { type: 'office', name: uniqueName('Microblading'), price: 250000 })).id;
  hostel = (await make('/api/extra-programs', { type: 'hostel', name: uniqueName('Shared room'), price: 60000 })).id;
  pkg = (await make('/api/bridalpackages', { name: uniqueName('Gold'), price: 250000 })).id;
  const booking = (name: string, event: string, over: Record<string, unknown> = {}) =>
    make('/api/bridalbookings', { client_name: `${name} ${tag}`, phone: '0803 123 4567', event_date: event, package_id: pkg, ...over });
  f = {
    student: await make('/api/students', { name: `Amaka ${tag}`, phone: '0803 111 2222', program_id: program, session_id: session, amount_paid: 100000.5, payment_method: 'cash' }),
    office: await make('/api/office-students', { name: `Ify ${tag}`, phone: '0803 111 3333', package_id: pmu, start_date: today, end_date: today }),
    lodger: await make('/api/hostel-students', { name: `Tari ${tag}`, phone: '0803 111 4444', pricing_id: hostel, room: 'B2', start_date: today, end_date: addDays(today, 30), amount_paid: 59999.99, payment_method: 'transfer' }),
    soon: await booking('Bride Soon', addDays(today, 14), { amount_paid: 50000, payment_method: 'transfer' }),
    paid: await booking('Bride Paid', addDays(today, 3), { amount_paid: 250000, payment_method: 'cash' }),
    later: await booking('Bride Later', addDays(today, 15)),
    cancelled: await booking('Bride Cancelled', addDays(today, 2)),
  };
  expect((await call('PUT', `/api/bridalbookings/${f.cancelled.id}`, { status: 'cancelled' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/reminders/dues', () => {
  it('lists every trainee with a balance and the bookings with a balance and an event in the next N days, with what they owe and what for', async () => {
    const run = await dues('?days=14');
    expect(run.mine.map(keyOf)).toEqual([`booking:${f.soon.id}`, `student:${f.student.id}`, `office-student:${f.office.id}`, `hostel-student:${f.lodger.id}`]);
    const [soon, student, office, lodger] = run.mine;
    expect(soon).toMatchObject({ name: `Bride Soon ${tag}`, phone: '0803 123 4567', charge: 250000, amount_paid: 50000, balance: 200000, date: addDays(today, 14), last_reminder: null, recently_reminded: false });
    expect(soon!.about).toMatch(/^Bridal booking [A-Z][a-z]{2} \d{1,2}, \d{4}, Gold/);
    expect(student).toMatchObject({ balance: 249999.5, about: expect.stringMatching(/^Makeup training, Pro makeup .*, Class /) });
    expect(office).toMatchObject({ balance: 250000, about: expect.stringMatching(/^PMU training, Microblading /) });
    expect(lodger).toMatchObject({ balance: 0.01, about: expect.stringMatching(/^Hostel, Shared room .*, room B2$/) });
    // the summary is of the list, exact to the kobo
    const kobo = run.data.reduce((k, d) => k + Math.round(d.balance * 100), 0);
    expect(run.summary).toMatchObject({ count: run.data.length, balance: kobo / 100, skipped: 0, skip_days: 3, days: 14 });
    // a longer look ahead brings the later booking; never the paid or the cancelled one
    expect((await dues('?days=15')).mine.map(keyOf)).toContain(`booking:${f.later.id}`);
    expect((await dues('?days=60')).mine.map(keyOf)).not.toEqual(expect.arrayContaining([`booking:${f.paid.id}`, `booking:${f.cancelled.id}`]));
    // days defaults to 14
    expect((await dues()).mine.map(keyOf)).toEqual(run.mine.map(keyOf));
  });

  it('refuses a bad look-ahead (422 on days) and staff (403)', async () => {
    for (const bad of ['-1', '367', 'abc', '1.5']) {
      const res = await call('GET', `/api/reminders/dues?days=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['days']);
    }
    expect((await call('GET', '/api/reminders/dues', undefined, staff.token)).statusCode).toBe(403);
  });
});

describe('POST /api/reminders/sent and the skip window', () => {
  it('records when and by whom; within the window they are skipped (counted), shown on asking; outside it they are back', async () => {
    const res = await sent([
      { kind: 'student', id: f.student.id },
      { kind: 'booking', id: f.soon.id },
      { kind: 'booking', id: f.soon.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { kind: DueReminder['kind']; id: number; last_reminder: { at: string; by: { name: string }; balance: number } }[];
    expect(data.map(keyOf)).toEqual([`student:${f.student.id}`, `booking:${f.soon.id}`]);
    expect(data[0]!.last_reminder).toMatchObject({ by: { name: 'Studio Admin' }, balance: 249999.5 });
    const rows = await t.database.db.select().from(duesRemindersTable).where(eq(duesRemindersTable.record_id, f.soon.id));
    expect(rows.filter((r) => r.kind === 'booking')).toHaveLength(1);
    const log = (await call('GET', `/api/activity-log?resource=bridalbookings&record_id=${f.soon.id}`)).json().data as { action: string; user_name: string }[];
    expect(log[0]).toMatchObject({ action: 'remind', user_name: 'Studio Admin' });

    // within the last 3 days: left out by default, and counted
    const run = await dues();
    expect(run.mine.map(keyOf)).toEqual([`office-student:${f.office.id}`, `hostel-student:${f.lodger.id}`]);
    expect(run.summary.skipped).toBe(2);
    const all = await dues('?include_reminded=true');
    const student = all.mine.find((d) => d.kind === 'student')!;
    expect(student).toMatchObject({ recently_reminded: true, last_reminder: { by: { name: 'Studio Admin' }, balance: 249999.5 } });
    expect(all.summary.skipped).toBe(0);

    // reminded four days ago: outside the window of 3 days
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000);
    await t.database.db.update(duesRemindersTable).set({ sent_at: fourDaysAgo }).where(eq(duesRemindersTable.record_id, f.student.id));
    const back = (await dues()).mine.find((d) => d.kind === 'student')!;
    expect(back).toMatchObject({ recently_reminded: false, last_reminder: { at: fourDaysAgo.toISOString() } });

    // the window is a setting: 7 days skips her again, 0 skips nobody
    expect((await call('PUT', '/api/settings', { reminder_skip_days: 7 })).statusCode).toBe(200);
    expect((await dues()).mine.map(keyOf)).not.toContain(`student:${f.student.id}`);
    expect((await call('PUT', '/api/settings', { reminder_skip_days: 0 })).statusCode).toBe(200);
    const none = await dues();
    expect(none.mine.map(keyOf)).toContain(`booking:${f.soon.id}`);
    expect(none.summary).toMatchObject({ skipped: 0, skip_days: 0 });
    expect((await call('PUT', '/api/settings', { reminder_skip_days: 3 })).statusCode).toBe(200);
    expect((await call('PUT', '/api/settings', { reminder_skip_days: 61 })).statusCode).toBe(422);
  });

  it('refuses staff (403), an unknown record or kind and an empty list (422), and records nothing then', async () => {
    const before = await snapshotDatabase(t.database.db);
    expect((await sent([{ kind: 'office-student', id: f.office.id }], staff.token)).statusCode).toBe(403);
    const unknown = await sent([
      { kind: 'office-student', id: f.office.id },
      { kind: 'hostel-student', id: 999_999 },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['items.1']);
    expect((await sent([])).statusCode).toBe(422);
    const badKind = await sent([{ kind: 'sale', id: 1 }]);
    expect(badKind.statusCode).toBe(422);
    expect(Object.keys(badKind.json().errors)[0]).toMatch(/^items\.0/);
    expect(await snapshotDatabase(t.database.db)).toBe(before);
  });
});
