import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  DASHBOARD_BOOKING_DAYS,
  DASHBOARD_DAYS,
  DASHBOARD_MONTHS,
  DASHBOARD_STOCK_ALERTS,
  DASHBOARD_TOP,
  APPOINTMENT_STATUSES,
  OUTLETS,
  PAYMENT_METHODS,
  fromKobo,
  type Dashboard,
  type Outlet,
  type PaymentMethod,
  type SalesPeriod,
  addDays,
  addMonths,
  monthRange,
  studioDate,
  studioInstant,
} from '@studio/shared';
import { type Db, rows } from '../../db/client.js';
import { backupDirs, backupOverview } from '../../db/backup.js';
import type { AppConfig } from '../../config.js';
import { bookingCounts, bookingDue, bookingDuesBetween } from '../../resources/bridal-bookings/booking-dues.js';
import { inSessionOn } from '../../resources/trainees/trainees.columns.js';
import { appointmentsTable, bridalBookingsTable, clientsTable, extraProgramsTable, hostelStudentsTable, officeStudentsTable, productsTable, studentsTable, usersTable } from '../../db/schema.js';
import { summaryRange } from '../finances/finance-summaries.js';
import { notReceivedTotals, unconfirmedTotals } from '../transfers/transfers.service.js';
import { stockFilters } from '../../resources/products/products.routes.js';
import { ordersTable } from '../pos/orders.table.js';
import { dailyTotalsTable } from '../finances/daily-totals.table.js';
import { sumKobo } from '../../db/columns.js';

const O = ordersTable;
const P = productsTable;


/** The studio days and months the figures cover, worked out once from "now" in the studio time zone. */
export function dashboardCalendar(now: Date, timeZone: string) {
  const today = studioDate(now, timeZone);
  const month = today.slice(0, 7);
  const lastMonth = addMonths(month, -1);
  const lastMonthRange = monthRange(lastMonth);
  // the same stretch of last month: the 1st to today's day of the month (its last day in a shorter month)
  const samePeriodTo = `${lastMonth}-${today.slice(8)}` < lastMonthRange.to ? `${lastMonth}-${today.slice(8)}` : lastMonthRange.to;
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(today, i - DASHBOARD_DAYS + 1));
  const months = Array.from({ length: DASHBOARD_MONTHS }, (_, i) => addMonths(month, i - DASHBOARD_MONTHS + 1));
  return {
    today,
    yesterday: addDays(today, -1),
    month,
    monthFrom: `${month}-01`,
    lastMonth,
    lastMonthRange,
    samePeriodTo,
    days,
    months,
    // the day rows read: the 30-day chart, and last month to today (today, yesterday, this and last month)
    from: [days[0]!, lastMonthRange.from].sort()[0]!,
  };
}
type Calendar = ReturnType<typeof dashboardCalendar>;

/** Count and total (kobo) per outlet, added up exactly. */
class PeriodSum {
  count = 0;
  totalK = 0;
  readonly outlets = Object.fromEntries(OUTLETS.map((o) => [o, { count: 0, totalK: 0 }])) as Record<Outlet, { count: number; totalK: number }>;
  add(outlet: Outlet, count: number, totalK: number) {
    this.count += count;
    this.totalK += totalK;
    this.outlets[outlet].count += count;
    this.outlets[outlet].totalK += totalK;
  }
  figures(): SalesPeriod {
    const by_outlet = Object.fromEntries(OUTLETS.map((o) => [o, { count: this.outlets[o].count, total: fromKobo(this.outlets[o].totalK) }])) as SalesPeriod['by_outlet'];
    return { count: this.count, total: fromKobo(this.totalK), by_outlet };
  }
}

/** Naira per outlet of a chart bar, zero-filled. */
function bars<K extends string>(key: K, labels: string[], sums: Map<string, PeriodSum>) {
  return labels.map((label) => {
    const s = sums.get(label) ?? new PeriodSum();
    return { [key]: label, store: fromKobo(s.outlets.store.totalK), office: fromKobo(s.outlets.office.totalK), salon: fromKobo(s.outlets.salon.totalK), total: fromKobo(s.totalK) } as { [P in K]: string } & Record<Outlet | 'total', number>;
  });
}

/**
 * Paid sales (voids never count) of the dashboard, from `daily_totals` (kept by the database as sales are
 * written: migration 0019, docs/decisions/018-daily-totals.md): the day rows per outlet over the last 12
 * months give today, yesterday, this month, last month and both charts; this month's day rows per payment
 * method and per seller, and the month's row per product (best sellers and the month's cost of goods), give
 * the rest; the newest invoices come from the orders' date index. A few hundred rows, whatever the years.
 */
async function salesSection(db: Db, cal: Calendar): Promise<Dashboard['sales']> {
  const T = dailyTotalsTable;
  // this month's rows per method and seller: the calendar month's, which is the month to date (no sale is dated after today)
  const thisMonth = (source: string) => and(eq(T.grain, 'm'), eq(T.source, source), eq(T.day, cal.monthFrom));
  const sales = (grain: 'd' | 'm', from: string) =>
    db
      .select({ date: sql<string>`${T.day}::text`, outlet: sql<Outlet>`${T.key}`, count: T.count, total: T.amount, change: T.extra })
      .from(T)
      .where(and(eq(T.grain, grain), eq(T.source, 'sale'), gte(T.day, from), lte(T.day, cal.today)));
  const [dayRows, monthRows, items, methods, staff, recent] = await Promise.all([
    sales('d', cal.from),
    sales('m', `${cal.months[0]!}-01`),
    // the month's product rows: the best five by takings (ties kept, then by name), the month's cost of goods beside them
    rows<{ product_id: number; name: string; outlet: Outlet; kind: 'product' | 'service'; quantity: number; total: string; month_cost: string }>(
      db,
      sql`
      with m as (
        select ${T.key}::int as id, ${T.count} as quantity, ${T.amount} as total, sum(${T.extra}) over () as month_cost
          from ${T} where ${T.grain} = 'm' and ${T.source} = 'product' and ${T.day} = ${cal.monthFrom} and (${T.count} <> 0 or ${T.amount} <> 0)
      ), top as (select * from m order by total desc fetch first ${DASHBOARD_TOP} rows with ties)
      select p.id as product_id, p.name, p.outlet, p.kind, top.quantity, top.total::text as total, top.month_cost::text as month_cost
        from top join ${P} p on p.id = top.id
       order by top.total desc, p.name asc, p.id asc
       limit ${DASHBOARD_TOP}`,
    ),
    db
      .select({ method: sql<PaymentMethod>`split_part(${T.key}, ':', 2)`, amount: sql<string>`sum(${T.amount})::text` })
      .from(T)
      .where(thisMonth('method'))
      .groupBy(sql`1`),
    rows<{ id: number; name: string; count: number; total: string }>(
      db,
      sql`
      select u.id, u.name, s.count, s.total::text as total
        from (select split_part(${T.key}, ':', 2)::int as id, sum(${T.count})::int as count, sum(${T.amount}) as total from ${T} where ${thisMonth('staff')} group by 1) s
        join ${usersTable} u on u.id = s.id
       where s.count <> 0
       order by s.total desc, u.name asc
       limit ${DASHBOARD_TOP}`,
    ),
    db
      .select({ id: O.id, invoice_no: O.invoice_no, outlet: O.outlet, customer_name: O.customer_name, total: O.total, status: O.status, created_at: O.created_at })
      .from(O)
      // business_date follows created_at, and leading with it lets the date index find the newest rows
      .orderBy(desc(O.business_date), desc(O.created_at), desc(O.id))
      .limit(5),
  ]);
  // one row a day with the outlets' figures side by side, as the sums below read them
  const days = new Map<string, { date: string; outlets: string[]; changeK: number }>();
  for (const r of dayRows) {
    const d = days.get(r.date) ?? days.set(r.date, { date: r.date, outlets: OUTLETS.flatMap(() => ['0', '0']), changeK: 0 }).get(r.date)!;
    const i = OUTLETS.indexOf(r.outlet);
    if (i < 0) continue;
    d.outlets[2 * i] = String(r.count);
    d.outlets[2 * i + 1] = String(r.total);
    d.changeK += sumKobo(r.change);
  }

  const today = new PeriodSum();
  const yesterday = new PeriodSum();
  const month = new PeriodSum();
  const lastMonth = new PeriodSum();
  const samePeriod = new PeriodSum();
  const byDay = new Map<string, PeriodSum>();
  const byMonth = new Map<string, PeriodSum>();
  let changeK = 0;
  // the 12-month chart from the month rows
  for (const r of monthRows) {
    const i = OUTLETS.indexOf(r.outlet);
    if (i < 0) continue;
    const m = r.date.slice(0, 7);
    (byMonth.get(m) ?? byMonth.set(m, new PeriodSum()).get(m)!).add(r.outlet, Number(r.count), sumKobo(r.total));
  }
  for (const r of days.values()) {
    const m = r.date.slice(0, 7);
    const sums = [byDay.set(r.date, new PeriodSum()).get(r.date)!];
    if (r.date === cal.today) sums.push(today);
    if (r.date === cal.yesterday) sums.push(yesterday);
    if (m === cal.month) {
      sums.push(month);
      changeK += r.changeK;
    }
    if (m === cal.lastMonth) sums.push(lastMonth);
    if (m === cal.lastMonth && r.date <= cal.samePeriodTo) sums.push(samePeriod);
    OUTLETS.forEach((outlet, i) => {
      const n = Number(r.outlets[2 * i]);
      const k = sumKobo(r.outlets[2 * i + 1]);
      for (const s of sums) s.add(outlet, n, k);
    });
  }

  const byMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<PaymentMethod, number>;
  for (const m of methods) byMethod[m.method] = sumKobo(m.amount);
  // cash is taken as tendered; what went back as change was not takings
  byMethod.cash -= changeK;
  const costK = sumKobo(items[0]?.month_cost);

  return {
    today: { date: cal.today, ...today.figures() },
    yesterday: { date: cal.yesterday, ...yesterday.figures() },
    month: { month: cal.month, from: cal.monthFrom, to: cal.today, ...month.figures(), gross_profit: fromKobo(month.totalK - costK) },
    last_month: {
      month: cal.lastMonth,
      ...lastMonth.figures(),
      same_period: { from: cal.lastMonthRange.from, to: cal.samePeriodTo, count: samePeriod.count, total: fromKobo(samePeriod.totalK) },
    },
    daily: bars('date', cal.days, byDay),
    monthly: bars('month', cal.months, byMonth),
    payment_methods: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, fromKobo(byMethod[m])])) as Record<PaymentMethod, number>,
    top_products: items.map((i) => ({ product_id: i.product_id, name: i.name, outlet: i.outlet, kind: i.kind, quantity: Number(i.quantity), total: fromKobo(sumKobo(i.total)) })),
    top_staff: staff.map((s) => ({ id: s.id, name: s.name, count: Number(s.count), total: fromKobo(sumKobo(s.total)) })),
    recent_orders: recent.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
  };
}

/** Stock alerts: how many products are finished or low at each outlet, and the most urgent ones. */
async function stockSection(db: Db): Promise<Dashboard['stock']> {
  const [counts, lowest] = await Promise.all([
    db
      .select({
        outlet: P.outlet,
        finished: sql<number>`(count(*) filter (where ${stockFilters.finished}))::int`,
        low: sql<number>`(count(*) filter (where ${stockFilters.low}))::int`,
      })
      .from(P)
      .where(eq(P.kind, 'product'))
      .groupBy(P.outlet),
    db
      .select({ id: P.id, name: P.name, outlet: P.outlet, quantity: sql<number>`${P.quantity}`, reorder_level: P.reorder_level })
      .from(P)
      .where(and(eq(P.kind, 'product'), lte(P.quantity, P.reorder_level)))
      .orderBy(asc(P.quantity), asc(P.name), asc(P.id))
      .limit(DASHBOARD_STOCK_ALERTS),
  ]);
  const by_outlet = Object.fromEntries(OUTLETS.map((o) => [o, { finished: 0, low: 0 }])) as Dashboard['stock']['by_outlet'];
  for (const c of counts) by_outlet[c.outlet] = { finished: Number(c.finished), low: Number(c.low) };
  return {
    finished: OUTLETS.reduce((n, o) => n + by_outlet[o].finished, 0),
    low: OUTLETS.reduce((n, o) => n + by_outlet[o].low, 0),
    by_outlet,
    lowest: lowest.map((p) => ({ ...p, quantity: Number(p.quantity), stock_status: Number(p.quantity) <= 0 ? ('finished' as const) : ('low' as const) })),
  };
}

/**
 * Every figure of the admin dashboard at `now`, "today" and "this month" in the studio time zone.
 * Sections run side by side; a later one (students, bookings, finances) is one more function and key.
 */
export async function dashboard(db: Db, config: Pick<AppConfig, 'tzStudio' | 'dataDir' | 'backupDir' | 'backupCopyDir'>, now = new Date()): Promise<Dashboard> {
  const timeZone = config.tzStudio;
  const cal = dashboardCalendar(now, timeZone);
  const [sales, stock, month, trainees, hostel, bookings, unconfirmed, notReceived, appointments, clients] = await Promise.all([
    salesSection(db, cal),
    stockSection(db),
    summaryRange(db, cal.monthFrom, cal.today),
    traineesSection(db, cal.today),
    hostelSection(db, cal.today),
    bookingsSection(db, cal.today, cal.month),
    unconfirmedTotals(db),
    notReceivedTotals(db, cal.monthFrom, cal.today),
    appointmentsSection(db, cal.today),
    clientsSection(db, cal, timeZone),
  ]);
  const finances = { month: cal.month, income: month.income, expense: month.expense, net: month.net };
  const transfers = { unconfirmed, not_received: { month: cal.month, ...notReceived } };
  const { dir, copyDir } = backupDirs(config);
  const backups = backupOverview(dir, copyDir, now);
  return { date: cal.today, time_zone: timeZone, generated_at: now.toISOString(), sales, stock, finances, students: trainees, hostel, bookings, transfers, appointments, clients, backups };
}

/** Today's appointments per outlet and status (the book's day index). */
async function appointmentsSection(db: Db, today: string): Promise<Dashboard['appointments']> {
  const A = appointmentsTable;
  const counts = await db
    .select({ outlet: A.outlet, status: A.status, n: sql<number>`count(*)::int` })
    .from(A)
    .where(eq(A.day, today))
    .groupBy(A.outlet, A.status);
  const zero = () => ({ count: 0, ...(Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as Record<(typeof APPOINTMENT_STATUSES)[number], number>) });
  const by_outlet = Object.fromEntries(OUTLETS.map((o) => [o, zero()])) as Dashboard['appointments']['by_outlet'];
  for (const r of counts) {
    const o = by_outlet[r.outlet];
    if (!o) continue;
    o[r.status] += Number(r.n);
    if (r.status !== 'cancelled') o.count += Number(r.n);
  }
  return { date: today, count: OUTLETS.reduce((n, o) => n + by_outlet[o].count, 0), by_outlet };
}

/**
 * New clients (first recorded this month, in the studio's time zone) and returning ones (recorded before, with a
 * paid sale or a done appointment this month), merged records left out.
 */
async function clientsSection(db: Db, cal: Calendar, timeZone: string): Promise<Dashboard['clients']> {
  const C = clientsTable;
  const from = studioInstant(cal.monthFrom, '00:00', timeZone).toISOString();
  const to = studioInstant(addDays(cal.today, 1), '00:00', timeZone).toISOString();
  const [r] = await rows<{ new: number; returning: number }>(db, sql`
    with came as (
      select ${O.client_id} as id from ${O}
       where ${O.business_date} between ${cal.monthFrom} and ${cal.today} and ${O.status} = 'paid' and ${O.client_id} is not null
      union
      select ${appointmentsTable.client_id} from ${appointmentsTable}
       where ${appointmentsTable.day} between ${cal.monthFrom} and ${cal.today} and ${appointmentsTable.status} = 'done'
    )
    select (select count(*)::int from ${C} where ${C.created_at} >= ${from}::timestamptz and ${C.created_at} < ${to}::timestamptz and ${C.merged_into_id} is null) as new,
           (select count(*)::int from came join ${C} c on c.id = came.id where c.created_at < ${from}::timestamptz and c.merged_into_id is null) as returning`);
  return { month: cal.month, new: Number(r.new), returning: Number(r.returning) };
}

/** In session today (not suspended, started, not ended) per kind, and what every trainee still owes. */
async function traineesSection(db: Db, today: string): Promise<Dashboard['students']> {
  // in session as the lists say it (a hostel student checked out today has left)
  const per = (t: typeof studentsTable) => sql`
    select (count(*) filter (where ${inSessionOn(t, today)}))::int as in_session,
           (count(*) filter (where ${t.balance} > 0))::int as owing, coalesce(sum(${t.balance}) filter (where ${t.balance} > 0), 0)::text as owed
      from ${t}`;
  const counts = await Promise.all([per(studentsTable), per(officeStudentsTable as never), per(hostelStudentsTable as never)].map((q) => rows<{ in_session: number; owing: number; owed: string }>(db, q)));
  const kinds = counts.map((c) => c[0]!);
  return {
    in_session: { students: kinds[0]!.in_session, office_students: kinds[1]!.in_session, hostel_students: kinds[2]!.in_session, total: kinds.reduce((n, r) => n + r.in_session, 0) },
    owing: { count: kinds.reduce((n, r) => n + r.owing, 0), total: fromKobo(kinds.reduce((k, r) => k + sumKobo(r.owed), 0)) },
  };
}

/** Hostel beds taken today, per pricing. */
async function hostelSection(db: Db, today: string): Promise<Dashboard['hostel']> {
  const H = hostelStudentsTable;
  const taken = await db
    .select({ pricing_id: H.pricing_id, name: extraProgramsTable.name, taken: sql<number>`count(*)::int` })
    .from(H)
    .innerJoin(extraProgramsTable, eq(extraProgramsTable.id, H.pricing_id))
    .where(inSessionOn(H, today))
    .groupBy(H.pricing_id, extraProgramsTable.name)
    .orderBy(asc(extraProgramsTable.name));
  return { taken: taken.reduce((n, r) => n + Number(r.taken), 0), by_pricing: taken.map((r) => ({ ...r, taken: Number(r.taken) })) };
}

/** Bookings with an event in the next 14 days (today included), not cancelled, soonest first. */
async function bookingsSection(db: Db, today: string, month: string): Promise<Dashboard['bookings']> {
  const B = bridalBookingsTable;
  const { from, to } = monthRange(month);
  const [rows, dues] = await Promise.all([
    db
      .select({ id: B.id, client_name: B.client_name, event_date: B.event_date, status: B.status, balance: sql<string>`${bookingDue}` })
      .from(B)
      .where(and(gte(B.event_date, today), lte(B.event_date, addDays(today, DASHBOARD_BOOKING_DAYS - 1)), bookingCounts))
      .orderBy(asc(B.event_date), asc(B.id)),
    bookingDuesBetween(db, from, to),
  ]);
  return {
    upcoming: rows.map((r) => ({ ...r, balance: fromKobo(sumKobo(r.balance)) })),
    balance_due: fromKobo(rows.reduce((k, r) => k + sumKobo(r.balance), 0)),
    month_balance_due: dues.balance,
  };
}

/** `GET /api/dashboard` (admin): every figure the dashboard shows, in one call (cost and profit included). */
export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/dashboard', { config: { role: 'admin' }, schema: { tags: ['Dashboard'] } }, async () => ({ data: await dashboard(db, app.config) }));
}
