// The finance side of `npm run bench` (see bench.ts): five years of manual income and expense entries,
// trainees of the three kinds and bridal bookings with their fee and booking payment ledgers (a few
// reversals among them), all by bulk SQL over generate_series, with every parent's amount_paid equal to
// its ledger's sum as the API would leave it. Orders are seeded by bench.ts.
import { FINANCE_CATEGORIES } from '@studio/shared';

type Run = (text: string) => Promise<unknown>;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** Days of the five years the bench covers, up to the studio's today. */
export const FIVE_YEARS_DAYS = 5 * 365 + 1;

const list = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

export interface FinanceSeedCounts {
  finances: number;
  trainees: number;
  bookings: number;
  student_payments: number;
  office_student_payments: number;
  hostel_student_payments: number;
  bridal_booking_payments: number;
  fee_payments: number;
  reversals: number;
  paid_mismatches: number;
}

/**
 * `entries` manual entries (one in five income) and about `payments` fee and booking payment lines, spread
 * over the five years to the studio's today (`today`, a SQL date expression). Trainees and bookings are a
 * quarter each of payments / 8 (1-3 payments each, none dated after today); one payment in 50 is reversed.
 */
export async function seedFinances(run: Run, opts: { entries: number; payments: number; today: string; adminId: number; step: <T>(label: string, fn: () => Promise<T>) => Promise<T> }): Promise<FinanceSeedCounts> {
  const { entries, payments, today: T, adminId, step } = opts;
  const D = FIVE_YEARS_DAYS;
  const per = Math.ceil(payments / 7.5); // parents per ledger: 1 + id % 3 lines each, a few of them after today and left out
  await step(`${entries.toLocaleString('en')} income and expense entries over five years`, () =>
    run(`INSERT INTO finances (type, category, amount, description, date, outlet, recorded_by, created_at, updated_at)
      SELECT CASE WHEN g % 5 = 0 THEN 'income' ELSE 'expense' END,
             CASE WHEN g % 5 = 0 THEN (${list(FINANCE_CATEGORIES.income)})[1 + (g / 5) % ${FINANCE_CATEGORIES.income.length}]
                  ELSE (${list(FINANCE_CATEGORIES.expense)})[1 + g % ${FINANCE_CATEGORIES.expense.length}] END,
             round((1000 + (g * 7919) % 250000) + (g % 4) * 0.25, 2),
             'Bench entry ' || g,
             ${T} - ${D - 1} + ((g - 1)::bigint * ${D} / ${entries})::int,
             (ARRAY['store','office','salon',NULL])[1 + g % 4],
             ${adminId},
             (${T} - ${D - 1} + ((g - 1)::bigint * ${D} / ${entries})::int) + time '09:00', now()
      FROM generate_series(1, ${entries}) g`),
  );
  await step(`${(3 * per).toLocaleString('en')} trainees of three kinds and ${per.toLocaleString('en')} bridal bookings over five years`, async () => {
    await run(`INSERT INTO training_programs (name, duration, fee) SELECT 'Bench program ' || g, (g * 4) || ' weeks', 100000 + g * 50000 FROM generate_series(1, 4) g`);
    // one session a quarter over the five years and the next one
    await run(`INSERT INTO training_sessions (name, start_date, end_date, active)
      SELECT 'Bench session ' || g, ${T} - ${D - 1} + (g - 1) * 91, ${T} - ${D - 1} + g * 91 - 1, true FROM generate_series(1, 22) g`);
    await run(`INSERT INTO extra_programs (type, name, price, duration)
      SELECT (ARRAY['office','hostel'])[1 + g % 2], CASE WHEN g % 2 = 0 THEN 'Bench PMU package ' ELSE 'Bench hostel room ' END || g, 60000 + g * 20000, '1 month' FROM generate_series(1, 6) g`);
    await run(`INSERT INTO bridal_packages (name, price) SELECT 'Bench bridal package ' || g, 80000 + g * 40000 FROM generate_series(1, 4) g`);
    // trainee g starts on day g of the spread; `d` is its start date
    const spread = `(SELECT g, ${T} - ${D - 1} + ((g - 1)::bigint * ${D} / ${per})::int AS d FROM generate_series(1, ${per}) g) s`;
    const first = (table: string, where = 'true') => `(SELECT min(id) FROM ${table} WHERE ${where})`;
    await run(`INSERT INTO students (name, phone, start_date, end_date, fee, suspended, email, program_id, session_id, created_at, updated_at)
      SELECT 'Bench Student ' || g, '0805' || lpad(g::text, 7, '0'), d, d + 90, 150000 + (g % 5) * 50000, g % 25 = 0, NULL,
             ${first('training_programs')} + g % 4, ${first('training_sessions')} + least(21, (d - (${T} - ${D - 1})) / 91), d + time '10:00', now()
      FROM ${spread}`);
    await run(`INSERT INTO office_students (name, phone, start_date, end_date, fee, suspended, package_id, created_at, updated_at)
      SELECT 'Bench PMU Student ' || g, '0806' || lpad(g::text, 7, '0'), d, d + 30, 120000 + (g % 4) * 40000, g % 25 = 0,
             ${first('extra_programs', "type = 'office'")} + 2 * (g % 3), d + time '10:00', now()
      FROM ${spread}`);
    await run(`INSERT INTO hostel_students (name, phone, start_date, end_date, fee, suspended, pricing_id, room, created_at, updated_at)
      SELECT 'Bench Hostel Student ' || g, '0807' || lpad(g::text, 7, '0'), d, d + 30 * (1 + g % 6), 60000 + (g % 6) * 20000, g % 25 = 0,
             ${first('extra_programs', "type = 'hostel'")} + 2 * (g % 3), 'Room ' || (1 + g % 20), d + time '10:00', now()
      FROM ${spread}`);
    // events from five years ago to two months ahead, booked 60 days before; past ones completed, 1 in 20 cancelled
    await run(`INSERT INTO bridal_bookings (client_name, phone, event_date, event_location, package_id, price, status, artist_id, created_at, updated_at)
      SELECT 'Bench Bride ' || g, '0808' || lpad(g::text, 7, '0'), e, 'Port Harcourt', ${first('bridal_packages')} + g % 4, 80000 + (g % 8) * 30000,
             CASE WHEN g % 20 = 0 THEN 'cancelled' WHEN e < ${T} THEN 'completed' WHEN g % 2 = 0 THEN 'confirmed' ELSE 'pending' END,
             ${adminId}, e - 60 + time '11:00', now()
      FROM (SELECT g, ${T} - ${D - 1} + ((g - 1)::bigint * ${D + 60} / ${per})::int AS e FROM generate_series(1, ${per}) g) s`);
  });
  await step('fee and booking payments (1-3 per trainee or booking, 1 in 50 reversed), amount_paid from the ledgers', async () => {
    // payment l of a parent is 30 % of its charge, dated `first + (l - 1) * gap`, never after today
    const ledger = async (ledgerTable: string, parent: string, charge: string, firstDay: string, gap: number, where = 'true') => {
      await run(`INSERT INTO ${ledgerTable} (parent_id, amount, method, date, note, user_id, created_at)
        SELECT p.id, round(p.${charge} * 0.3, 2), (ARRAY['cash','transfer','card','pos'])[1 + (p.id + l) % 4], x.day, NULL, ${adminId}, x.day + time '12:00'
        FROM ${parent} p CROSS JOIN LATERAL generate_series(1, 1 + p.id % 3) l
        CROSS JOIN LATERAL (SELECT ${firstDay} + (l - 1) * ${gap} AS day) x
        WHERE x.day <= ${T} AND ${where}
        ORDER BY x.day, p.id, l`);
      // a reversal: the negative of the line, the same day or the next (never after today)
      await run(`INSERT INTO ${ledgerTable} (parent_id, amount, method, date, note, reverses_id, user_id, created_at)
        SELECT parent_id, -amount, method, least(date + 1, ${T}), 'Reversal (bench)', id, ${adminId}, least(date + 1, ${T}) + time '13:00'
        FROM ${ledgerTable} WHERE id % 50 = 0 AND reverses_id IS NULL ORDER BY id`);
      await run(`UPDATE ${parent} p SET amount_paid = s.paid FROM (SELECT parent_id, sum(amount) AS paid FROM ${ledgerTable} GROUP BY parent_id) s WHERE s.parent_id = p.id`);
    };
    await ledger('student_payments', 'students', 'fee', 'p.start_date', 20);
    await ledger('office_student_payments', 'office_students', 'fee', 'p.start_date', 10);
    await ledger('hostel_student_payments', 'hostel_students', 'fee', 'p.start_date', 15);
    await ledger('bridal_booking_payments', 'bridal_bookings', 'price', 'p.event_date - 60', 25, "p.status <> 'cancelled'");
  });
  const ledgers = ['student_payments', 'office_student_payments', 'hostel_student_payments', 'bridal_booking_payments'] as const;
  const [c] = rowsOf<Record<string, number>>(
    await run(`SELECT (SELECT count(*) FROM finances)::int AS finances,
      (SELECT (SELECT count(*) FROM students) + (SELECT count(*) FROM office_students) + (SELECT count(*) FROM hostel_students))::int AS trainees,
      (SELECT count(*) FROM bridal_bookings)::int AS bookings,
      ${ledgers.map((l) => `(SELECT count(*) FROM ${l})::int AS ${l}`).join(', ')},
      (${ledgers.map((l) => `(SELECT count(*) FROM ${l} WHERE reverses_id IS NOT NULL)`).join(' + ')})::int AS reversals,
      (${[
        ['students', 'student_payments'],
        ['office_students', 'office_student_payments'],
        ['hostel_students', 'hostel_student_payments'],
        ['bridal_bookings', 'bridal_booking_payments'],
      ]
        .map(([p, l]) => `(SELECT count(*) FROM ${p} p WHERE amount_paid <> coalesce((SELECT sum(amount) FROM ${l} x WHERE x.parent_id = p.id), 0))`)
        .join(' + ')})::int AS paid_mismatches`),
  );
  const counts = c as unknown as FinanceSeedCounts;
  counts.fee_payments = ledgers.reduce((n, l) => n + Number(counts[l]), 0);
  return counts;
}
