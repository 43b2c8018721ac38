import { eq, sql, type SQL } from 'drizzle-orm';
import { type APPOINTMENT_REMINDER_KIND, addDays, fromKobo, type DueReminder, type DueReminders, type LastReminder, type ReminderItem, type ReminderKind } from '@studio/shared';
import { type DbOrTx, rows, type Tx } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import { bookingDue } from '../../resources/bridal-bookings/index.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { unprocessable } from '../../plugins/errors.js';
import { readSettings } from '../settings/index.js';
import { duesRemindersTable } from './reminders.table.js';
import { ordersTable, bridalBookingsTable, bridalPackagesTable, extraProgramsTable, hostelStudentsTable, officeStudentsTable, studentsTable, trainingProgramsTable, trainingSessionsTable } from '../../db/schema.js';

// Reminder runs (issue 17, item 7; decision 022): everyone who owes, in one list. What is owed is read where it is
// kept: a trainee's fee ledger (`balance`, kept with every payment) and, for a booking, booking-dues.ts (a cancelled
// booking owes nothing). Each source says its own rows once here; the list and the "sent" check read them alike.

const B = bridalBookingsTable;
const S = studentsTable;
const O = officeStudentsTable;
const H = hostelStudentsTable;
const R = duesRemindersTable;
const SALE = ordersTable;

interface Source {
  kind: ReminderKind;
  /** The resource its activity lines name. */
  resource: string;
  /** id, name, phone, charge, amount_paid, balance, date, and the words of what it is for (about), from its tables. */
  rows: (where: SQL) => SQL;
  /** Who owes now (a run lists them). */
  owes: (ctx: { today: string; until: string }) => SQL;
}

/** "Makeup training, Professional Makeup, January class": the parts that are known, as the web's receipts say them. */
const about = (...parts: SQL[]) => sql`concat_ws(', ', ${sql.join(parts, sql`, `)})`;

const SOURCES: Source[] = [
  {
    kind: 'booking',
    resource: 'bridalbookings',
    rows: (where) => sql`
      select ${B.id} as id, ${B.client_name}::text as name, ${B.phone}::text as phone, ${B.price}::text as charge, ${B.amount_paid}::text as amount_paid,
             ${bookingDue}::text as balance, ${B.event_date}::text as date,
             ${about(sql`'Bridal booking ' || to_char(${B.event_date}, 'Mon FMDD, YYYY')`, sql`${bridalPackagesTable.name}`)} as about
        from ${B} left join ${bridalPackagesTable} on ${bridalPackagesTable.id} = ${B.package_id}
       where ${where}`,
    // a balance, and an event from today to `until`: the ones to chase before the day
    owes: ({ today, until }) => sql`${bookingDue} > 0 and ${B.event_date} between ${today}::date and ${until}::date`,
  },
  {
    kind: 'student',
    resource: 'students',
    rows: (where) => sql`
      select ${S.id} as id, ${S.name}::text as name, ${S.phone}::text as phone, ${S.fee}::text as charge, ${S.amount_paid}::text as amount_paid,
             ${S.balance}::text as balance, ${S.end_date}::text as date,
             ${about(sql`'Makeup training'`, sql`${trainingProgramsTable.name}`, sql`${trainingSessionsTable.name}`)} as about
        from ${S} left join ${trainingProgramsTable} on ${trainingProgramsTable.id} = ${S.program_id}
                  left join ${trainingSessionsTable} on ${trainingSessionsTable.id} = ${S.session_id}
       where ${where}`,
    owes: () => sql`${S.balance} > 0`,
  },
  {
    kind: 'office-student',
    resource: 'office-students',
    rows: (where) => sql`
      select ${O.id} as id, ${O.name}::text as name, ${O.phone}::text as phone, ${O.fee}::text as charge, ${O.amount_paid}::text as amount_paid,
             ${O.balance}::text as balance, ${O.end_date}::text as date,
             ${about(sql`'PMU training'`, sql`${extraProgramsTable.name}`)} as about
        from ${O} left join ${extraProgramsTable} on ${extraProgramsTable.id} = ${O.package_id}
       where ${where}`,
    owes: () => sql`${O.balance} > 0`,
  },
  {
    kind: 'hostel-student',
    resource: 'hostel-students',
    rows: (where) => sql`
      select ${H.id} as id, ${H.name}::text as name, ${H.phone}::text as phone, ${H.fee}::text as charge, ${H.amount_paid}::text as amount_paid,
             ${H.balance}::text as balance, ${H.end_date}::text as date,
             ${about(sql`'Hostel'`, sql`${extraProgramsTable.name}`, sql`'room ' || ${H.room}`)} as about
        from ${H} left join ${extraProgramsTable} on ${extraProgramsTable.id} = ${H.pricing_id}
       where ${where}`,
    owes: () => sql`${H.balance} > 0`,
  },
  {
    // a sale whose transfer never came (issue 28, item 3; decision 027): its `balance`, a paid sale only
    kind: 'sale',
    resource: 'orders',
    rows: (where) => sql`
      select ${SALE.id} as id, ${SALE.customer_name}::text as name, coalesce(${SALE.customer_phone}, '')::text as phone, ${SALE.total}::text as charge,
             (${SALE.total} - ${SALE.balance})::text as amount_paid, ${SALE.balance}::text as balance, ${SALE.business_date}::text as date,
             ${about(sql`'Invoice ' || ${SALE.invoice_no}`)} as about
        from ${SALE}
       where ${where}`,
    owes: () => sql`${SALE.balance} > 0 and ${SALE.status} = 'paid'`,
  },
];
const sourceOf = (kind: ReminderKind) => SOURCES.find((s) => s.kind === kind)!;

type Row = { id: number; name: string; phone: string; charge: string; amount_paid: string; balance: string; date: string; about: string };
type LastRow = { kind: ReminderKind | typeof APPOINTMENT_REMINDER_KIND; record_id: number; sent_at: Date | string; sent_by: number | null; sent_by_name: string | null; balance: string };

const naira = (v: string | number | null) => fromKobo(sumKobo(v));
const lastOf = (r: LastRow): LastReminder => ({
  at: new Date(r.sent_at).toISOString(),
  by: r.sent_by !== null ? { id: Number(r.sent_by), name: r.sent_by_name ?? '' } : null,
  balance: naira(r.balance),
});

/** The latest reminder of each of these records (one query per kind listed). */
export async function lastReminders(db: DbOrTx, kind: ReminderKind | typeof APPOINTMENT_REMINDER_KIND, ids: number[]): Promise<Map<number, LastReminder>> {
  if (!ids.length) return new Map();
  const found = await rows<LastRow>(
    db,
    sql`select distinct on (${R.record_id}) ${R.kind} as kind, ${R.record_id} as record_id, ${R.sent_at} as sent_at, ${R.sent_by} as sent_by, ${R.sent_by_name} as sent_by_name, ${R.balance}::text as balance
          from ${R} where ${R.kind} = ${kind} and ${R.record_id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
         order by ${R.record_id}, ${R.sent_at} desc, ${R.id} desc`,
  );
  return new Map(found.map((r) => [Number(r.record_id), lastOf(r)]));
}

/**
 * Everyone who owes: trainees of the three kinds with a balance, and bookings with a balance and an event from today
 * to today + `days`; bookings first (soonest event first), then each kind by name. Whoever was reminded within the
 * studio's skip window (settings.reminder_skip_days) is left out, and counted, unless `includeReminded`.
 */
export async function dueReminders(db: DbOrTx, { today, days, includeReminded, now = new Date() }: { today: string; days: number; includeReminded: boolean; now?: Date }): Promise<DueReminders> {
  const skipDays = (await readSettings(db)).reminder_skip_days;
  const since = now.getTime() - skipDays * 86_400_000;
  const ctx = { today, until: addDays(today, days) };
  const all: DueReminder[] = [];
  for (const source of SOURCES) {
    const order = source.kind === 'booking' ? sql`order by date, name, id` : sql`order by name, id`;
    const found = await rows<Row>(db, sql`select * from (${source.rows(source.owes(ctx))}) t ${order}`);
    const last = await lastReminders(db, source.kind, found.map((r) => Number(r.id)));
    for (const r of found) {
      const lastReminder = last.get(Number(r.id)) ?? null;
      all.push({
        kind: source.kind,
        id: Number(r.id),
        name: r.name,
        phone: r.phone,
        charge: naira(r.charge),
        amount_paid: naira(r.amount_paid),
        balance: naira(r.balance),
        about: r.about,
        date: r.date,
        last_reminder: lastReminder,
        recently_reminded: lastReminder !== null && skipDays > 0 && Date.parse(lastReminder.at) > since,
      });
    }
  }
  const data = includeReminded ? all : all.filter((d) => !d.recently_reminded);
  return {
    data,
    summary: {
      count: data.length,
      balance: fromKobo(data.reduce((k, d) => k + sumKobo(d.balance), 0)),
      skipped: all.length - data.length,
      skip_days: skipDays,
      days,
    },
  };
}

/**
 * Records the reminders just sent: one line each (what it owed then, who sent it), and one `remind` line in the
 * activity log on its record. All or nothing: a record that does not exist is a 422 on `items.N`. A record named
 * twice is reminded once.
 */
export async function recordReminders(tx: Tx, user: UserRow, items: ReminderItem[]): Promise<(ReminderItem & { last_reminder: LastReminder })[]> {
  const unique = [...new Map(items.map((i) => [`${i.kind}:${i.id}`, i])).values()];
  const errors: Record<string, string[]> = {};
  const found: { item: ReminderItem; row: Row }[] = [];
  for (const [n, item] of items.entries()) {
    if (!unique.includes(item)) continue;
    const source = sourceOf(item.kind);
    const idCol = { booking: B.id, student: S.id, 'office-student': O.id, 'hostel-student': H.id, sale: SALE.id }[item.kind];
    const [row] = await rows<Row>(tx, source.rows(eq(idCol, item.id)));
    if (!row) errors[`items.${n}`] = [`There is no ${item.kind.replace('-', ' ')} with id ${item.id}.`];
    else found.push({ item, row });
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  const at = new Date();
  const out: (ReminderItem & { last_reminder: LastReminder })[] = [];
  for (const { item, row } of found) {
    const balance = naira(row.balance);
    await tx.insert(R).values({ kind: item.kind, record_id: item.id, balance, sent_at: at, sent_by: user.id, sent_by_name: user.name });
    await recordActivity(tx, { user, action: 'remind', resource: sourceOf(item.kind).resource, recordId: item.id, after: { balance, phone: row.phone, sent_at: at.toISOString() } });
    out.push({ ...item, last_reminder: { at: at.toISOString(), by: { id: user.id, name: user.name }, balance } });
  }
  return out;
}
