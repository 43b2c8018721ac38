import type { FastifyInstance } from 'fastify';
import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
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
  dataEnvelope,
  dashboardSchema,
} from '@studio/shared';
import { rows, type Db } from '../../db/client.js';
import { isoText, jsonRow, jsonRows, oneStatement } from '../../db/one-statement.js';
import { backupDirs, backupOverview } from '../../db/backup.js';
import type { AppConfig } from '../../config.js';
import { bookingCounts, bookingDue, bookingDuesOf, bookingDuesSql } from '../../resources/bridal-bookings/index.js';
import { inSessionOn } from '../../resources/trainees/index.js';
import { moneyBetweenSql, moneyOf, productMonthSold } from '../finances/index.js';
import { notReceivedPartsOf, notReceivedPartsSql, notReceivedTotalsOf, transferTotalsOf, unconfirmedTotalsSql } from '../transfers/index.js';
import { stockFilters, stockAlertOf } from '../../resources/products/index.js';
import { ordersTable, dailyTotalsTable, appointmentsTable, bridalBookingsTable, clientsTable, extraProgramsTable, hostelStudentsTable, officeStudentsTable, productsTable, studentsTable, usersTable } from '../../db/schema.js';
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
  const yesterday = addDays(today, -1);
  // yesterday as far as today has gone: its midnight plus the time since today's (issue 34, item 7: like for like)
  const sinceMidnight = now.getTime() - studioInstant(today, '00:00', timeZone).getTime();
  const yesterdayByNow = new Date(studioInstant(yesterday, '00:00', timeZone).getTime() + sinceMidnight).toISOString();
  return {
    today,
    yesterday,
    yesterdayByNow,
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

type SaleRow = { grain: 'd' | 'm'; date: string; outlet: Outlet; count: number; total: string; change: string };
type ProductRow = { product_id: number; name: string; outlet: Outlet; kind: 'product' | 'service'; quantity: number; total: string; month_cost: string };
/** The statement writes the API's own fields, `created_at` as toISOString writes it (isoText): nothing to map. */
type RecentRow = Dashboard['sales']['recent_orders'][number];

/**
 * Paid sales (voids never count) of the dashboard, from `daily_totals` (kept by the database as sales are
 * written: migration 0019, docs/decisions/018-daily-totals.md): the day rows per outlet of the 30-day chart and
 * last month to today give today, yesterday, this month and last month; the month rows the 12-month chart; this
 * month's rows per payment method and per seller, and the month's row per product (best sellers and the month's
 * cost of goods), give the rest; the newest invoices come from the orders' date index. A few hundred rows,
 * whatever the years.
 */
function salesParts(cal: Calendar) {
  const T = dailyTotalsTable;
  // this month's rows per method and seller: the calendar month's, which is the month to date (no sale is dated after today)
  const thisMonth = (source: string) => and(eq(T.grain, 'm'), eq(T.source, source), eq(T.day, cal.monthFrom));
  const sales = (grain: 'd' | 'm', from: string) => and(eq(T.grain, grain), eq(T.source, 'sale'), gte(T.day, from), lte(T.day, cal.today));
  return {
    // the day rows and the month rows together
    sale_rows: jsonRows<SaleRow>(sql`
      select ${T.grain} as grain, ${T.day}::text as date, ${T.key} as outlet, ${T.count} as count, ${T.amount}::text as total, ${T.extra}::text as change
        from ${T} where ${or(sales('d', cal.from), sales('m', `${cal.months[0]!}-01`))}`),
    // the month's product rows: the best five by takings (ties kept, then by name), the month's cost of goods beside them,
    // both from daily_totals_product_month_idx: the top read backwards from the index and stopped after the ties, the
    // cost summed from the index alone, where a sort of every product's row took most of the statement on PGlite
    top_products: jsonRows<ProductRow>(sql`
      with top as (
        select ${T.key}::int as id, ${T.count} as quantity, ${T.amount} as total
          from ${T} where ${productMonthSold(T)} and ${T.day} = ${cal.monthFrom}
         order by ${T.amount} desc fetch first ${DASHBOARD_TOP} rows with ties
      )
      select p.id as product_id, p.name, p.outlet, p.kind, top.quantity, top.total::text as total,
             (select sum(${T.extra}) from ${T} where ${productMonthSold(T)} and ${T.day} = ${cal.monthFrom})::text as month_cost
        from top join ${P} p on p.id = top.id
       order by top.total desc, p.name asc, p.id asc
       limit ${DASHBOARD_TOP}`),
    payment_methods: jsonRows<{ method: PaymentMethod; amount: string }>(sql`
      select split_part(${T.key}, ':', 2) as method, sum(${T.amount})::text as amount from ${T} where ${thisMonth('method')} group by 1`),
    // the month's sales paid by an appointment's deposit (orders.deposit): read through the checked-out appointments,
    // which are few beside the orders (appointments_order_idx), not the month's orders
    deposits: jsonRow<{ amount: string }>(sql`
      select coalesce(sum(o.deposit), 0)::text as amount
        from ${appointmentsTable} a join ${O} o on o.id = a.order_id
       where a.order_id is not null and o.status = 'paid' and o.business_date between ${cal.monthFrom} and ${cal.today}`),
    top_staff: jsonRows<{ id: number; name: string; count: number; total: string }>(sql`
      select u.id, u.name, s.count, s.total::text as total
        from (select split_part(${T.key}, ':', 2)::int as id, sum(${T.count})::int as count, sum(${T.amount}) as total from ${T} where ${thisMonth('staff')} group by 1) s
        join ${usersTable} u on u.id = s.id
       where s.count <> 0
       order by s.total desc, u.name asc
       limit ${DASHBOARD_TOP}`),
    // business_date follows created_at, and leading with it lets the date index find the newest rows
    recent_orders: jsonRows<RecentRow>(sql`
      select ${O.id} as id, ${O.invoice_no} as invoice_no, ${O.outlet} as outlet, ${O.customer_name} as customer_name, ${O.total}::float8 as total,
             ${O.status} as status, ${isoText(O.created_at)} as created_at
        from ${O} order by ${O.business_date} desc, ${O.created_at} desc, ${O.id} desc limit 5`),
  };
}

function salesSection(cal: Calendar, answer: Answer): Omit<Dashboard['sales'], 'yesterday_by_now'> {
  const { sale_rows: saleRows, top_products: items, payment_methods: methods, top_staff: staff, recent_orders: recent, deposits } = answer;
  // one row a day with the outlets' figures side by side, as the sums below read them
  const days = new Map<string, { date: string; outlets: string[]; changeK: number }>();
  const dayRows = saleRows.filter((r) => r.grain === 'd');
  const monthRows = saleRows.filter((r) => r.grain === 'm');
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
    payment_methods: { ...(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, fromKobo(byMethod[m])])) as Record<PaymentMethod, number>), deposit: fromKobo(sumKobo(deposits?.amount)) },
    top_products: items.map((i) => ({ product_id: i.product_id, name: i.name, outlet: i.outlet, kind: i.kind, quantity: Number(i.quantity), total: fromKobo(sumKobo(i.total)) })),
    top_staff: staff.map((s) => ({ id: s.id, name: s.name, count: Number(s.count), total: fromKobo(sumKobo(s.total)) })),
    recent_orders: recent,
  };
}

/** Stock alerts: how many products are finished or low at each outlet, and the most urgent ones. */
const stockParts = () => ({
  // both read the stock alerts' partial index (finished and low are inside it), not the catalogue
  stock_counts: jsonRows<{ outlet: Outlet; finished: number; low: number }>(sql`
    select ${P.outlet} as outlet, (count(*) filter (where ${stockFilters.finished}))::int as finished, (count(*) filter (where ${stockFilters.low}))::int as low
      from ${P} where ${stockAlertOf(P)} group by ${P.outlet}`),
  stock_lowest: jsonRows<{ id: number; name: string; outlet: Outlet; quantity: number; reorder_level: number }>(sql`
    select ${P.id} as id, ${P.name} as name, ${P.outlet} as outlet, ${P.quantity} as quantity, ${P.reorder_level} as reorder_level
      from ${P} where ${stockAlertOf(P)} and ${P.quantity} <= ${P.reorder_level}
     order by ${P.quantity} asc, ${P.name} asc, ${P.id} asc limit ${DASHBOARD_STOCK_ALERTS}`),
});

function stockSection({ stock_counts: counts, stock_lowest: lowest }: Answer): Dashboard['stock'] {
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
 * Every read of the dashboard, each answering JSON, sent as ONE statement (db/one-statement.ts): on the embedded
 * database each statement is a trip through its engine and each row returned a cost (docs/decisions/018-daily-totals.md).
 */
export function dashboardParts(cal: Calendar, timeZone: string) {
  return {
    ...salesParts(cal),
    ...stockParts(),
    money: jsonRow<{ income: string | null; expense: string | null }>(moneyBetweenSql(cal.monthFrom, cal.today)),
    trainees: jsonRows<{ in_session: number; owing: number; owed: string }>(traineesSql(cal.today)),
    hostel: jsonRows<{ pricing_id: number; name: string; taken: number }>(hostelSql(cal.today)),
    ...bookingsParts(cal.today, cal.month),
    unconfirmed: jsonRow<{ count: number; amount: string }>(unconfirmedTotalsSql()),
    not_received: jsonRows<{ sale: boolean; count: number; amount: string }>(notReceivedPartsSql(cal.monthFrom, cal.today)),
    appointments: jsonRows<{ outlet: Outlet; status: (typeof APPOINTMENT_STATUSES)[number]; n: number }>(appointmentsSql(cal.today)),
    clients: jsonRow<{ new: number; returning: number }>(clientsSql(cal, timeZone)),
  };
}
type Answer = Awaited<ReturnType<typeof oneStatement<ReturnType<typeof dashboardParts>>>>;

/**
 * `split`: the reads as separate statements side by side (PostgreSQL), not one statement (the embedded database): on
 * PostgreSQL the pool runs them at once, where one statement runs them one after another in one backend, and the waiting
 * transfers' read, planned in parallel workers when its estimate is off, waits for their start-up (docs/decisions/018).
 * `prepared`: the one statement prepared once a day in the embedded database's one session and then only executed,
 * not parsed and planned on every call (db/one-statement.ts; decision 018).
 */
export interface DashboardOptions {
  split?: boolean;
  prepared?: boolean;
}

/**
 * Every figure of the admin dashboard at `now`, "today" and "this month" in the studio time zone.
 * A later section (students, bookings, finances) is one more part and key.
 */
export async function dashboard(
  db: Db,
  config: Pick<AppConfig, 'tzStudio' | 'dataDir' | 'backupDir' | 'backupCopyDir'>,
  now = new Date(),
  { split = false, prepared = false }: DashboardOptions = {},
): Promise<Dashboard> {
  const timeZone = config.tzStudio;
  const cal = dashboardCalendar(now, timeZone);
  const [answer, byNow] = await Promise.all([oneStatement(db, dashboardParts(cal, timeZone), { split, ...(prepared ? { prepared: 'dashboard' } : {}) }), yesterdayByNow(db, cal)]);
  const month = moneyOf(answer.money ?? undefined);
  const finances = { month: cal.month, income: month.income, expense: month.expense, net: month.net };
  const transfers = {
    unconfirmed: transferTotalsOf(answer.unconfirmed ?? undefined),
    not_received: { month: cal.month, ...notReceivedTotalsOf(notReceivedPartsOf(answer.not_received)) },
  };
  const { dir, copyDir } = backupDirs(config);
  const backups = backupOverview(dir, copyDir, now);
  return {
    date: cal.today,
    time_zone: timeZone,
    generated_at: now.toISOString(),
    sales: { ...salesSection(cal, answer), yesterday_by_now: byNow },
    stock: stockSection(answer),
    finances,
    students: traineesSection(answer.trainees),
    hostel: hostelSection(answer.hostel),
    bookings: bookingsSection(answer),
    transfers,
    appointments: appointmentsSection(cal.today, answer.appointments),
    clients: { month: cal.month, new: Number(answer.clients?.new ?? 0), returning: Number(answer.clients?.returning ?? 0) },
    backups,
  };
}

/**
 * Yesterday's paid sales made before `cal.yesterdayByNow`, per outlet: what today so far is compared with. A sale's
 * time is when it was made: an offline sale's device time (`queued_at`), else when it was recorded. Its own statement,
 * not a part of the dashboard's one: its instant changes on every call, and the one statement is prepared once a day.
 */
async function yesterdayByNow(db: Db, cal: Calendar): Promise<Dashboard['sales']['yesterday_by_now']> {
  const made = await rows<{ outlet: Outlet; count: number; total: string }>(
    db,
    sql`select ${O.outlet} as outlet, count(*)::int as count, sum(${O.total})::text as total
          from ${O} where ${O.business_date} = ${cal.yesterday} and ${O.status} = 'paid'
           and coalesce(${O.queued_at}, ${O.created_at}) < ${cal.yesterdayByNow}::timestamptz
         group by ${O.outlet}`,
  );
  const sum = new PeriodSum();
  for (const r of made) if (OUTLETS.includes(r.outlet)) sum.add(r.outlet, Number(r.count), sumKobo(r.total));
  return { date: cal.yesterday, to: cal.yesterdayByNow, ...sum.figures() };
}

/** Today's appointments per outlet and status (the book's day index). */
const appointmentsSql = (today: string) => {
  const A = appointmentsTable;
  return sql`select ${A.outlet} as outlet, ${A.status} as status, count(*)::int as n from ${A} where ${A.day} = ${today} group by ${A.outlet}, ${A.status}`;
};

function appointmentsSection(today: string, counts: Answer['appointments']): Dashboard['appointments'] {
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
function clientsSql(cal: Calendar, timeZone: string): SQL {
  const C = clientsTable;
  const from = studioInstant(cal.monthFrom, '00:00', timeZone).toISOString();
  const to = studioInstant(addDays(cal.today, 1), '00:00', timeZone).toISOString();
  // returning = everyone who came less those who came and are new this month (or merged): the month's clients are
  // counted from an index alone (orders_paid_client_day_idx), once each by count(distinct), which sorts the month's
  // ~7,000 ids (this read 2.0 ms on PGlite at full size, 2.5 when a union hashed them), and only the few new or merged
  // ones are looked up, each by its own sales (orders_client_day_idx), not every client the studio has (docs/decisions/018-daily-totals.md)
  const A = appointmentsTable;
  const cameOrder = sql`${O.business_date} between ${cal.monthFrom} and ${cal.today} and ${O.status} = 'paid'`;
  const cameVisit = sql`${A.day} between ${cal.monthFrom} and ${cal.today} and ${A.status} = 'done'`;
  return sql`
    select (select count(*)::int from ${C} where ${C.created_at} >= ${from}::timestamptz and ${C.created_at} < ${to}::timestamptz and ${C.merged_into_id} is null) as new,
           (select count(distinct came.client_id)::int from (select ${O.client_id} from ${O} where ${cameOrder} and ${O.client_id} is not null
                                       union all select ${A.client_id} from ${A} where ${cameVisit} and ${A.client_id} is not null) came)
             - (select count(*)::int from ${C} c
                 where (c.created_at >= ${from}::timestamptz or c.merged_into_id is not null)
                   and (exists (select 1 from ${O} where ${O.client_id} = c.id and ${cameOrder}) or exists (select 1 from ${A} where ${A.client_id} = c.id and ${cameVisit}))) as returning`;
}

/** In session today (not suspended, started, not ended) per kind, and what every trainee still owes. */
function traineesSql(today: string): SQL {
  // in session as the lists say it (a hostel student checked out today has left): the few not ended yet, from the
  // end dates' index; who owes and how much from the owing index alone (migration 0029), not three reads of every trainee
  const per = (t: typeof studentsTable, k: number) => sql`
    select ${sql.raw(String(k))} as k, (select count(*) from ${t} where ${inSessionOn(t, today)})::int as in_session, o.owing, o.owed
      from (select count(*)::int as owing, coalesce(sum(${t.balance}), 0)::text as owed from ${t} where ${t.balance} > 0) o`;
  return sql`${per(studentsTable, 0)} union all ${per(officeStudentsTable as never, 1)} union all ${per(hostelStudentsTable as never, 2)} order by k`;
}

function traineesSection(kinds: Answer['trainees']): Dashboard['students'] {
  return {
    in_session: { students: kinds[0]!.in_session, office_students: kinds[1]!.in_session, hostel_students: kinds[2]!.in_session, total: kinds.reduce((n, r) => n + r.in_session, 0) },
    owing: { count: kinds.reduce((n, r) => n + r.owing, 0), total: fromKobo(kinds.reduce((k, r) => k + sumKobo(r.owed), 0)) },
  };
}

/** Hostel beds taken today, per pricing. */
function hostelSql(today: string): SQL {
  const H = hostelStudentsTable;
  const E = extraProgramsTable;
  return sql`
    select ${H.pricing_id} as pricing_id, ${E.name} as name, count(*)::int as taken
      from ${H} join ${E} on ${E.id} = ${H.pricing_id}
     where ${inSessionOn(H, today)}
     group by ${H.pricing_id}, ${E.name}
     order by ${E.name} asc`;
}

function hostelSection(taken: Answer['hostel']): Dashboard['hostel'] {
  return { taken: taken.reduce((n, r) => n + Number(r.taken), 0), by_pricing: taken.map((r) => ({ pricing_id: r.pricing_id, name: r.name, taken: Number(r.taken) })) };
}

/** Bookings with an event in the next 14 days (today included), not cancelled, soonest first; the month's dues. */
function bookingsParts(today: string, month: string) {
  const B = bridalBookingsTable;
  const { from, to } = monthRange(month);
  return {
    bookings_upcoming: jsonRows<{ id: number; client_name: string; event_date: string; status: Dashboard['bookings']['upcoming'][number]['status']; balance: string }>(sql`
      select ${B.id} as id, ${B.client_name} as client_name, ${B.event_date} as event_date, ${B.status} as status, (${bookingDue})::text as balance
        from ${B}
       where ${B.event_date} >= ${today} and ${B.event_date} <= ${addDays(today, DASHBOARD_BOOKING_DAYS - 1)} and ${bookingCounts}
       order by ${B.event_date} asc, ${B.id} asc`),
    bookings_dues: jsonRow<Parameters<typeof bookingDuesOf>[0]>(bookingDuesSql(from, to)),
  };
}

function bookingsSection({ bookings_upcoming: rows, bookings_dues: dues }: Answer): Dashboard['bookings'] {
  return {
    upcoming: rows.map((r) => ({ id: r.id, client_name: r.client_name, event_date: r.event_date, status: r.status, balance: fromKobo(sumKobo(r.balance)) })),
    balance_due: fromKobo(rows.reduce((k, r) => k + sumKobo(r.balance), 0)),
    month_balance_due: bookingDuesOf(dues ?? undefined).balance,
  };
}

/** `GET /api/dashboard` (admin): every figure the dashboard shows, in one call (cost and profit included). */
export function registerDashboardRoutes(app: FastifyInstance, db: Db, options: DashboardOptions = {}): void {
  app.get('/api/dashboard', { config: { role: 'admin' }, schema: { tags: ['Dashboard'], response: { 200: dataEnvelope(dashboardSchema) } } }, async () => ({ data: await dashboard(db, app.config, new Date(), options) }));
}
