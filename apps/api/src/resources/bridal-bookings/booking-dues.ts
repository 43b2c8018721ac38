import { sql, type SQL } from 'drizzle-orm';
import { fromKobo } from '@studio/shared';
import { type DbOrTx, rows } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import { bridalBookingsTable } from './bridal-bookings.table.js';

// What a booking owes, said once (decision 014). A cancelled booking owes nothing and books nothing: it is out of
// its own balance, the list totals of Manage Bookings, the owing filters, the calendar's "owes", the dashboard and
// the finance summaries, which all read these expressions.

const B = bridalBookingsTable;

/** A booking that counts: not cancelled. */
export const bookingCounts: SQL = sql`${B.status} <> 'cancelled'`;

/** What a booking still owes: its price less what is paid, nothing once cancelled. */
export const bookingDue: SQL = sql`(case when ${B.status} = 'cancelled' then 0 else ${B.price} - ${B.amount_paid} end)`.mapWith(Number);

export interface BookingDues {
  /** Bookings that count (not cancelled) with an event in the range. */
  count: number;
  price: number;
  amount_paid: number;
  balance: number;
}

/** The dues of the bookings with an event between `from` and `to` (days, both included): one row, sums as text. */
export const bookingDuesSql = (from: string, to: string): SQL => sql`
  select (count(*) filter (where ${bookingCounts}))::int as count,
         coalesce(sum(${B.price}) filter (where ${bookingCounts}), 0)::text as price,
         coalesce(sum(${B.amount_paid}) filter (where ${bookingCounts}), 0)::text as amount_paid,
         coalesce(sum(${bookingDue}), 0)::text as balance
    from ${B} where ${B.event_date} >= ${from} and ${B.event_date} <= ${to}`;

type DuesRow = { count: number; price: string; amount_paid: string; balance: string };

/** bookingDuesSql's row as every reader shows it. */
export const bookingDuesOf = (row: DuesRow | undefined): BookingDues => ({
  count: Number(row?.count ?? 0),
  price: fromKobo(sumKobo(row?.price)),
  amount_paid: fromKobo(sumKobo(row?.amount_paid)),
  balance: fromKobo(sumKobo(row?.balance)),
});

export async function bookingDuesBetween(db: DbOrTx, from: string, to: string): Promise<BookingDues> {
  return bookingDuesOf((await rows<DuesRow>(db, bookingDuesSql(from, to)))[0]);
}
