import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, BOOKING_STATUSES, PAYMENT_METHODS, studioDate, toKobo } from '@studio/shared';
import { seedFoundation } from '../src/scripts/seed-demo.js';
import { seedBookings, type BookingSeedResult } from '../src/scripts/seed-demo-bookings.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The bridal half of `npm run seed:demo` on a fresh database: a year of bookings in every status,
// each booking's amount_paid exactly the sum of its ledger, bounced transfers reversed, no payment
// dated after today (studio time) or before the booking was made.

let t: TestApp;
let admin: string;
let seeded: BookingSeedResult | undefined;
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
}, 120_000);
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
      expect(PAYMENT_METHODS).toContain(l.method);
    }
    expect(new Set(lines.map((l) => l.method))).toEqual(new Set(PAYMENT_METHODS));
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
