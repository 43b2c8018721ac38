import { and, eq, sql, type SQL } from 'drizzle-orm';
import { addDays, studioDate } from '@studio/shared';
import type { Db } from '../db/client.js';
import { sumKobo } from '../db/columns.js';
import { orderPaymentsTable, ordersTable, appointmentPaymentsTable, bridalBookingPaymentsTable, hostelStudentPaymentsTable, officeStudentPaymentsTable, studentPaymentsTable, usersTable } from '../db/schema.js';
import { unconfirmedTotals } from '../features/transfers/index.js';

// The demo's bank transfers as a studio that checks its statement every morning would have them (issue 17, item 5):
// every transfer taken before yesterday was confirmed by the manager the morning after it was taken; yesterday's and
// today's still wait, so Transfers to confirm, the dashboard's card and the day close have a few to show.

export interface TransferSeedCounts {
  confirmed: number;
  confirmedKobo: number;
  unconfirmed: number;
  unconfirmedKobo: number;
}

/** Which of the demo's payment lines were seeded in this run: only those are confirmed (never a real studio's). */
export interface SeededSources {
  sales: boolean;
  bookings: boolean;
  trainees: boolean;
  /** Appointment deposits (issue 21). */
  appointments?: boolean;
}

export async function seedTransferChecks(db: Db, timeZone: string, seeded: SeededSources, now = new Date()): Promise<TransferSeedCounts> {
  const [manager] = await db.select({ id: usersTable.id, name: usersTable.name }).from(usersTable).where(eq(usersTable.is_admin, 1)).orderBy(sql`${usersTable.username} <> 'blessing'`, usersTable.id).limit(1);
  const before = addDays(studioDate(now, timeZone), -1);
  // the morning after the line's day, 10:00 studio time
  const morningAfter = (day: SQL) => sql`((${day} + 1)::timestamp + interval '10 hours') at time zone ${timeZone}`;
  let confirmed = 0;
  let confirmedK = 0;
  const count = (r: unknown) => {
    for (const row of (r as { rows: { amount: string }[] }).rows) {
      confirmed++;
      confirmedK += sumKobo(row.amount);
    }
  };
  if (manager && seeded.sales) {
    const P = orderPaymentsTable;
    const O = ordersTable;
    count(
      await db.execute(sql`
        update ${P} set confirmed_at = ${morningAfter(sql`${O.business_date}`)}, confirmed_by = ${manager.id}, confirmed_by_name = ${manager.name}
          from ${O}
         where ${O.id} = ${P.order_id} and ${P.method} = 'transfer' and ${P.confirmed_at} is null and ${P.not_received_at} is null
           and ${O.status} = 'paid' and ${O.business_date} < ${before}
        returning ${P.amount}::text as amount`),
    );
  }
  const ledgers = [...(seeded.trainees ? [studentPaymentsTable, officeStudentPaymentsTable, hostelStudentPaymentsTable] : []), ...(seeded.bookings ? [bridalBookingPaymentsTable] : []), ...(seeded.appointments ? [appointmentPaymentsTable] : [])];
  for (const L of manager ? ledgers : []) {
    // a bounced transfer (reversed in its ledger) was never money received: it stays as it is
    count(
      await db
        .update(L)
        .set({ confirmed_at: sql`${morningAfter(sql`${L.date}`)}`, confirmed_by: manager!.id, confirmed_by_name: manager!.name })
        .where(
          and(
            eq(L.method, 'transfer'),
            sql`${L.amount} > 0 and ${L.reverses_id} is null and ${L.confirmed_at} is null and ${L.not_received_at} is null and ${L.date} < ${before}`,
            sql`not exists (select 1 from ${L} r where r.reverses_id = ${L.id})`,
          ),
        )
        .returning({ amount: sql<string>`${L.amount}::text` })
        .then((rows) => ({ rows })),
    );
  }
  const left = await unconfirmedTotals(db);
  return { confirmed, confirmedKobo: confirmedK, unconfirmed: left.count, unconfirmedKobo: Math.round(left.amount * 100) };
}
