import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, BOOKING_STATUSES, MONEY_METHODS, PAYMENT_METHODS, studioDate, toKobo } from '@studio/shared';
import { seedFoundation } from '../src/scripts/seed-demo.js';
import { seedBookings, type BookingSeedResult } from '../src/scripts/seed-demo-bookings.js';
import { seedTrainees, type TraineeSeedResult } from '../src/scripts/seed-demo-trainees.js';
import { seedFinances } from '../src/scripts/seed-demo-finances.js';
import { seedTransferChecks } from '../src/scripts/seed-demo-transfers.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The bridal half of `npm run seed:demo` on a fresh database: a year of bookings in every status,
// each booking's amount_paid exactly the sum of its ledger, bounced transfers reversed, no payment
// dated after today (studio time) or before the booking was made. And the trainees: makeup, PMU and hostel
// students in every status, each one's amount_paid exactly its ledger's sum, no payment after today.

let t: TestApp;
let admin: string;
let seeded: BookingSeedResult | undefined;
let trainees: TraineeSeedResult | undefined;
let today: string;
const tz = () => t.app.config.tzStudio;

type BookingRow = { id: number; event_date: string; price: string; amount_paid: string; status: string; artist_id: number | null; created_at: Date | string };
type LineRow = { id: number; parent_id: number; amount: string; method: string; date: string; reverses_id: number | null; created_at: Date | string };
const rows = async <T>(query: ReturnType<typeof sql>) => {
  const res = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
};
const day = (v: string | Date) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : studioDate(new Date(v), tz()));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  expect(await seedFoundation(t.database.db)).toBe(true);
  today = studioDate(new Date(), tz());
  seeded = await seedBookings(t.database.db, tz());
  trainees = await seedTrainees(t.database.db, tz());
}, 600_000);
afterAll(() => t.close());

describe('seed:demo bridal bookings', () => {
  it('seeds 120-200 bookings in every status over the past year and the next three months', async () => {
    expect(seeded).toBeDefined();
    expect(seeded!.bookings).toBeGreaterThanOrEqual(120);
    expect(seeded!.bookings).toBeLessThanOrEqual(200);
    const bookings = await rows<BookingRow>(sql`select id, event_date::text as event_date, price::text as price, amount_paid::text as amount_paid, status, artist_id, created_at from bridal_bookings`);
    expect(bookings).toHaveLength(seeded!.bookings);
    for (const s of BOOKING_STATUSES) expect(bookings.filter((b) => b.status === s).length, s).toBeGreaterThan(0);
    expect(Object.fromEntries(BOOKING_STATUSES.map((s) => [s, bookings.filter((b) => b.status === s).length]))).toEqual(seeded!.byStatus);
    for (const b of bookings) {
      expect(b.event_date >= addDays(today, -366) && b.event_date <= addDays(today, 92), b.event_date).toBe(true);
      // a booking is made before its event, never in the future
      expect(day(b.created_at) <= b.event_date && day(b.created_at) <= today, `booking ${b.id}`).toBe(true);
      if (b.status === 'completed') expect(b.event_date < today, `completed booking ${b.id}`).toBe(true);
    }
    // the foundation's packages are used; none added
    expect(seeded!.packagesCreated).toBe(0);
    // some bookings have no artist; on at least one day one artist has two brides
    expect(bookings.some((b) => b.artist_id === null)).toBe(true);
    const twice = await rows<{ artist_id: number; event_date: string }>(
      sql`select artist_id, event_date::text as event_date from bridal_bookings where artist_id is not null and status <> 'cancelled' group by artist_id, event_date having count(*) = 2`,
    );
    expect(twice.length).toBeGreaterThan(0);
    const [pair] = await rows<{ id: number }>(sql`select id from bridal_bookings where artist_id = ${twice[0]!.artist_id} and event_date = ${twice[0]!.event_date} order by id limit 1`);
    const res = await t.call(admin, { method: 'PUT', url: `/api/bridalbookings/${pair!.id}`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings).toHaveLength(1);
  });

  it("keeps every booking's amount_paid exactly the sum of its ledger, between 0 and the price", async () => {
    const [mismatch] = await rows<{ n: string | number }>(
      sql`select count(*) as n from bridal_bookings b where b.amount_paid <> coalesce((select sum(p.amount) from bridal_booking_payments p where p.parent_id = b.id), 0) or b.amount_paid < 0 or b.amount_paid > b.price or b.balance <> b.price - b.amount_paid`,
    );
    expect(Number(mismatch!.n)).toBe(0);
    // and as the API reports it, summed in kobo
    const bookings = await rows<BookingRow>(sql`select id, price::text as price, amount_paid::text as amount_paid from bridal_bookings`);
    let paid = 0;
    for (const b of bookings) {
      const res = await t.call(admin, { method: 'GET', url: `/api/bridalbookings/${b.id}/payments` });
      const lines = res.json().data as { amount: number }[];
      expect(lines.reduce((s, l) => s + toKobo(l.amount), 0), `booking ${b.id}`).toBe(toKobo(Number(b.amount_paid)));
      paid += toKobo(Number(b.amount_paid));
    }
    expect(paid).toBe(seeded!.takenKobo);
    // most bookings took a deposit; some past events still owe
    expect(bookings.filter((b) => Number(b.amount_paid) > 0).length).toBeGreaterThan(bookings.length / 2);
    expect(seeded!.owedPastKobo).toBeGreaterThan(0);
  });

  it('dates every payment between the booking and today, with the till methods, and reverses a few bounced transfers', async () => {
    const lines = await rows<LineRow & { booked: Date | string }>(
      sql`select p.id, p.parent_id, p.amount::text as amount, p.method, p.date::text as date, p.reverses_id, p.created_at, b.created_at as booked from bridal_booking_payments p join bridal_bookings b on b.id = p.parent_id`,
    );
    expect(lines).toHaveLength(seeded!.payments);
    for (const l of lines) {
      expect(l.date <= today, `line ${l.id} dated ${l.date}`).toBe(true);
      expect(l.date >= day(l.booked), `line ${l.id} dated ${l.date} before its booking`).toBe(true);
      expect(day(l.created_at), `line ${l.id} taken`).toBe(l.date);
      expect(MONEY_METHODS).toContain(l.method);
    }
    expect(new Set(lines.map((l) => l.method))).toEqual(new Set(MONEY_METHODS));
    const reversals = lines.filter((l) => l.reverses_id !== null);
    expect(reversals.length).toBeGreaterThan(0);
    expect(reversals).toHaveLength(seeded!.reversals);
    for (const r of reversals) {
      const original = lines.find((l) => l.id === r.reverses_id)!;
      expect(original.parent_id).toBe(r.parent_id);
      expect(toKobo(Number(r.amount))).toBe(-toKobo(Number(original.amount)));
      expect(original.method).toBe('transfer');
      expect(r.date >= original.date).toBe(true);
    }
    // only reversals are negative
    expect(lines.filter((l) => Number(l.amount) <= 0).length).toBe(reversals.length);
  });

  it('does nothing when bookings already exist', async () => {
    expect(await seedBookings(t.database.db, tz())).toBeUndefined();
  });
});

const KINDS = [
  { key: 'makeup', table: 'students', ledger: 'student_payments', path: '/api/students', min: 60, max: 90 },
  { key: 'pmu', table: 'office_students', ledger: 'office_student_payments', path: '/api/office-students', min: 20, max: 35 },
  { key: 'hostel', table: 'hostel_students', ledger: 'hostel_student_payments', path: '/api/hostel-students', min: 15, max: 25 },
] as const;
type TraineeRow = { id: number; name: string; phone: string; start_date: string; end_date: string; fee: string; amount_paid: string; balance: string; suspended: boolean; created_at: Date | string };

describe('seed:demo trainees', () => {
  it('reuses the foundation catalogue and adds only what is missing', async () => {
    expect(trainees).toBeDefined();
    // the foundation has professional, basic and gele classes, four PMU packages and three rooms
    expect(trainees!.programsCreated).toBe(1); // Bridal Masterclass
    expect(trainees!.packagesCreated).toBe(1); // Lash Lift & Tint
    expect(trainees!.pricingCreated).toBe(1); // Bed space by the week
    const programs = await rows<{ name: string }>(sql`select name from training_programs`);
    expect(programs.filter((p) => /professional/i.test(p.name))).toHaveLength(1);
    expect(programs.filter((p) => /gele/i.test(p.name))).toHaveLength(1);
    const extras = await rows<{ name: string; type: string }>(sql`select name, type from extra_programs`);
    expect(extras.filter((e) => e.type === 'office' && /microblad/i.test(e.name))).toHaveLength(1);
    expect(extras.filter((e) => e.type === 'hostel' && /private/i.test(e.name))).toHaveLength(1);
    // an intake every other month over the past year and the next months, never two in one month
    const sessions = await rows<{ start_date: string; end_date: string }>(sql`select start_date::text as start_date, end_date::text as end_date from training_sessions order by start_date`);
    const months = sessions.map((s) => s.start_date.slice(0, 7));
    expect(new Set(months).size).toBe(months.length);
    expect(sessions.some((s) => s.start_date <= addDays(today, -300))).toBe(true);
    expect(sessions.some((s) => s.start_date > today)).toBe(true);
    expect(sessions.filter((s) => s.start_date <= today && s.end_date >= today).length).toBeGreaterThan(0);
  });

  for (const kind of KINDS) {
    it(`${kind.table}: ${kind.min}-${kind.max} over the past 12 months and the next 2, active, in session, starting soon, completed, suspended, owing`, async () => {
      const seededKind = trainees![kind.key];
      expect(seededKind.total).toBeGreaterThanOrEqual(kind.min);
      expect(seededKind.total).toBeLessThanOrEqual(kind.max);
      const list = await rows<TraineeRow>(
        sql`select id, name, phone, start_date::text as start_date, end_date::text as end_date, fee::text as fee, amount_paid::text as amount_paid, balance::text as balance, suspended, created_at from ${sql.identifier(kind.table)}`,
      );
      expect(list).toHaveLength(seededKind.total);
      for (const r of list) {
        expect(r.start_date >= addDays(today, -366) && r.start_date <= addDays(today, 63), `${kind.table} ${r.id} starts ${r.start_date}`).toBe(true);
        expect(r.end_date >= r.start_date).toBe(true);
        expect(day(r.created_at) <= today, `${kind.table} ${r.id} registered`).toBe(true);
        expect(Number(r.fee)).toBeGreaterThan(0);
      }
      // status as the API derives it: every one present, and as the seed counted them
      for (const status of ['active', 'suspended', 'completed'] as const) {
        const res = await t.call(admin, { method: 'GET', url: `${kind.path}?status=${status}` });
        expect(res.statusCode, res.body).toBe(200);
        const n = (res.json().data as unknown[]).length;
        expect(n, `${kind.table} ${status}`).toBeGreaterThan(0);
        expect(n, `${kind.table} ${status}`).toBe(seededKind.byStatus[status]);
      }
      const inSession = (await t.call(admin, { method: 'GET', url: `${kind.path}-insession` })).json().data as { id: number }[];
      expect(inSession.length).toBeGreaterThan(0);
      expect(inSession).toHaveLength(seededKind.inSession);
      expect(list.filter((r) => !r.suspended && r.start_date > today).length, `${kind.table} starting soon`).toBeGreaterThan(0);
      const owing = (await t.call(admin, { method: 'GET', url: `${kind.path}-owing` })).json().data as { id: number }[];
      expect(owing.length).toBeGreaterThan(0);
      expect(owing).toHaveLength(seededKind.owing);
      // most who completed paid in full; some still owe
      const completed = list.filter((r) => !r.suspended && r.end_date < today);
      const completedOwing = completed.filter((r) => Number(r.balance) > 0).length;
      expect(completedOwing).toBeLessThan(completed.length / 2);
      expect(seededKind.paidInFull).toBeGreaterThan(0);
      // names and phones are people's: realistic and distinct (a hostel stay is the same person)
      expect(new Set(list.map((r) => r.phone)).size).toBe(list.length);
      for (const r of list) expect(r.phone, r.name).toMatch(/^(\+234 [789]\d{2} \d{3} \d{4}|0[789]\d{2} ?\d{3} ?\d{4})$/);
    });
  }

  it('has makeup students owing exactly one instalment, and hostel stays of makeup students', async () => {
    expect(trainees!.makeup.owingOneInstalment + trainees!.pmu.owingOneInstalment + trainees!.hostel.owingOneInstalment).toBeGreaterThan(0);
    const linked = await rows<{ id: number; same: boolean }>(
      sql`select h.id, (h.name = s.name and h.phone = s.phone and h.session_id = s.session_id and h.start_date <= s.start_date and h.end_date >= s.end_date) as same from hostel_students h join students s on s.id = h.student_id`,
    );
    expect(linked.length).toBe(trainees!.hostel.makeupStudents);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.length).toBeLessThan(trainees!.hostel.total);
    expect(linked.every((l) => l.same)).toBe(true);
  });

  it("keeps every trainee's amount_paid exactly the sum of its ledger; payments from two weeks before the start, never after today", async () => {
    let taken = 0;
    let payments = 0;
    let reversals = 0;
    for (const kind of KINDS) {
      const [mismatch] = await rows<{ n: string | number }>(
        sql`select count(*) as n from ${sql.identifier(kind.table)} s where s.amount_paid <> coalesce((select sum(p.amount) from ${sql.identifier(kind.ledger)} p where p.parent_id = s.id), 0) or s.amount_paid < 0 or s.amount_paid > s.fee or s.balance <> s.fee - s.amount_paid`,
      );
      expect(Number(mismatch!.n), kind.table).toBe(0);
      const [sum] = await rows<{ paid: string | null }>(sql`select sum(amount_paid)::text as paid from ${sql.identifier(kind.table)}`);
      taken += toKobo(Number(sum!.paid ?? 0));
      const lines = await rows<LineRow & { start_date: string; registered: Date | string }>(
        sql`select p.id, p.parent_id, p.amount::text as amount, p.method, p.date::text as date, p.reverses_id, p.created_at, s.start_date::text as start_date, s.created_at as registered from ${sql.identifier(kind.ledger)} p join ${sql.identifier(kind.table)} s on s.id = p.parent_id`,
      );
      for (const l of lines) {
        expect(l.date <= today, `${kind.ledger} ${l.id} dated ${l.date}`).toBe(true);
        expect(l.date >= addDays(l.start_date, -14), `${kind.ledger} ${l.id} dated ${l.date}, start ${l.start_date}`).toBe(true);
        expect(l.date >= day(l.registered), `${kind.ledger} ${l.id} before registration`).toBe(true);
        expect(day(l.created_at), `${kind.ledger} ${l.id} taken`).toBe(l.date);
        expect(PAYMENT_METHODS).toContain(l.method);
      }
      const revs = lines.filter((l) => l.reverses_id !== null);
      for (const r of revs) {
        const original = lines.find((l) => l.id === r.reverses_id)!;
        expect(original.parent_id).toBe(r.parent_id);
        expect(toKobo(Number(r.amount))).toBe(-toKobo(Number(original.amount)));
        expect(r.date >= original.date).toBe(true);
      }
      expect(lines.filter((l) => Number(l.amount) <= 0).length).toBe(revs.length);
      payments += lines.length;
      reversals += revs.length;
    }
    expect(taken).toBe(trainees!.takenKobo);
    expect(payments).toBe(trainees!.payments);
    expect(reversals).toBe(trainees!.reversals);
    expect(reversals).toBeGreaterThan(0);
    // as the API reports it, for a few of each kind
    for (const kind of KINDS) {
      const some = await rows<{ id: number; amount_paid: string }>(sql`select id, amount_paid::text as amount_paid from ${sql.identifier(kind.table)} order by id limit 5`);
      for (const s of some) {
        const lines = (await t.call(admin, { method: 'GET', url: `${kind.path}/${s.id}/payments` })).json().data as { amount: number }[];
        expect(lines.reduce((sum, l) => sum + toKobo(l.amount), 0)).toBe(toKobo(Number(s.amount_paid)));
      }
    }
  });

  it('a second run adds nothing', async () => {
    const counts = async () =>
      rows<Record<string, string | number>>(
        sql`select (select count(*) from training_programs) as programs, (select count(*) from training_sessions) as sessions, (select count(*) from extra_programs) as extras,
          (select count(*) from students) as students, (select count(*) from office_students) as office, (select count(*) from hostel_students) as hostel,
          (select count(*) from student_payments) + (select count(*) from office_student_payments) + (select count(*) from hostel_student_payments) as payments`,
      );
    const before = await counts();
    expect(await seedTrainees(t.database.db, tz())).toBeUndefined();
    expect(await seedFoundation(t.database.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe('seed:demo transfers', () => {
  it('confirms the seeded transfers taken before yesterday (the morning after, by an admin); yesterday\'s and today\'s and the bounced ones wait', async () => {
    const [admin] = await rows<{ id: number }>(sql`select id from users where username = 'blessing'`);
    const result = await seedTransferChecks(t.database.db, tz(), { sales: false, bookings: true, trainees: true });
    expect(result.confirmed).toBeGreaterThan(50);
    const lines = await rows<{ date: string; confirmed_at: string | null; confirmed_by: number | null; bounced: boolean; reversal: boolean }>(sql`
      select l.date::text as date, l.confirmed_at::text as confirmed_at, l.confirmed_by, exists (select 1 from bridal_booking_payments r where r.reverses_id = l.id) as bounced, l.reverses_id is not null as reversal
        from bridal_booking_payments l where l.method = 'transfer'
      union all
      select l.date::text, l.confirmed_at::text, l.confirmed_by, exists (select 1 from student_payments r where r.reverses_id = l.id), l.reverses_id is not null
        from student_payments l where l.method = 'transfer'`);
    const yesterday = addDays(today, -1);
    for (const l of lines) {
      const waits = l.date >= yesterday || l.bounced || l.reversal;
      expect(l.confirmed_at === null, JSON.stringify(l)).toBe(waits);
      if (!waits) {
        expect(l.confirmed_by).toBe(admin!.id);
        expect(new Date(l.confirmed_at!).getTime()).toBeLessThanOrEqual(Date.now());
      }
    }
    // what waits is what Transfers to confirm lists
    const list = (await t.call(await t.login(), { method: 'GET', url: '/api/transfers/unconfirmed' })).json();
    expect(list.summary.count).toBe(result.unconfirmed);
    for (const l of list.data as { date: string }[]) expect(l.date >= yesterday).toBe(true);
    // a second run confirms nothing more
    expect((await seedTransferChecks(t.database.db, tz(), { sales: false, bookings: true, trainees: true })).confirmed).toBe(0);
  });
});

describe('seed:demo income and expenses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds a year of entries up to today, rent and salaries every month, that the summaries sum exactly; a second run adds nothing', async () => {
    const today = studioDate(new Date(), 'Africa/Lagos');
    const seeded = await seedFinances(t.database.db, 'Africa/Lagos');
    expect(seeded!.entries).toBeGreaterThan(200);
    const admin = await t.login();
    const from = addDays(today, -365);
    const summary = (await t.call(admin, { method: 'GET', url: `/api/finances/summary-range/${from}/${today}` })).json().data;
    expect(toKobo(summary.expense)).toBe(seeded!.expenseKobo);
    expect(toKobo(summary.income_by_source.manual)).toBe(seeded!.incomeKobo);
    expect(Object.keys(summary.expense_by_category)).toEqual(expect.arrayContaining(['Rent', 'Salaries', 'Generator fuel', 'Stock purchase', 'Utilities']));
    const months = (await t.call(admin, { method: 'GET', url: `/api/finances/summary-monthly/${addDays(today, -300).slice(0, 7)}/${today.slice(0, 7)}` })).json().data as { expense: number }[];
    for (const m of months) expect(m.expense).toBeGreaterThan(0);
    const result = (await t.database.db.execute(sql`select max(date)::text as latest from finances`)) as unknown as { rows: { latest: string }[] };
    const latest = result.rows[0]!.latest;
    expect(latest <= today).toBe(true);
    expect(await seedFinances(t.database.db, 'Africa/Lagos')).toBeNull();
  });
});
