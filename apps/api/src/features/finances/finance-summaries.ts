import { sql, type SQL } from 'drizzle-orm';
import { OUTLETS, addMonths, fromKobo, monthRange, type FinancePeriodRow, type FinanceSummary } from '@studio/shared';
import { type Db, rows } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import { bookingDuesBetween } from '../../resources/bridal-bookings/index.js';
import { dailyTotalsTable } from './daily-totals.table.js';
import { notReceivedParts } from '../transfers/index.js';

// "How much did we make, and where did it go?": manual entries plus what the studio already records
// (paid sales, trainees' fee payments, booking payments), read from `daily_totals`, which the database keeps
// as those rows are written (migration 0019; docs/decisions/018-daily-totals.md): whole months from the
// month rows, the days of a partial first or last month from the day rows, summed in SQL NUMERIC, never in
// floating point. Every source is dated by its own studio-calendar day (an order's business_date, a
// payment's date), so month and year boundaries are the studio's, whatever the server's time zone. A
// reversal is a negative ledger line, so a reversed payment nets to zero; a voided sale is not counted; a partial
// refund comes off the sales of the day it was paid out (migration 0023).

const T = dailyTotalsTable;
/**
 * The sources of daily_totals that are money in or out of the studio: paid sales, manual entries and the fee and
 * booking ledgers. The rest are breakdowns of the sales (the dashboard's staff, product and method rows) and
 * appointment deposits, which count as income inside the sale they are checked out into (orders.deposit). A new
 * ledger of income adds its source here. Listed, so that each reads as an index range (grain, source, day).
 */
const MONEY = ['sale', 'income', 'expense', 'fees', 'bookings'];

/**
 * The rows covering the days `from`..`to` exactly once: the month rows of the whole months inside, the day rows
 * of the days outside them. A five-year range is some 60 month rows per source and at most 60 day rows.
 */
export function totalsCovering(from: string, to: string, sources: string[] = MONEY): SQL {
  const of = sql`${T.source} in (${sql.join(sources.map((b) => sql`${b}`), sql`, `)})`;
  const firstFull = from.endsWith('-01') ? from.slice(0, 7) : addMonths(from.slice(0, 7), 1);
  const lastFull = to === monthRange(to.slice(0, 7)).to ? to.slice(0, 7) : addMonths(to.slice(0, 7), -1);
  const days = sql`${T.grain} = 'd' and ${of} and ${T.day} between ${from} and ${to}`;
  if (firstFull > lastFull) return days;
  const fullFrom = `${firstFull}-01`;
  const fullTo = monthRange(lastFull).to;
  return sql`((${T.grain} = 'm' and ${of} and ${T.day} between ${fullFrom} and ${`${lastFull}-01`}) or (${days} and (${T.day} < ${fullFrom} or ${T.day} > ${fullTo})))`;
}
const money = (from: string, to: string) => totalsCovering(from, to);
/** Money in (every source but expenses) and out, summed in NUMERIC and read as text. */
const inAndOut = sql`sum(${T.amount}) filter (where ${T.source} <> 'expense')::text as income, sum(${T.amount}) filter (where ${T.source} = 'expense')::text as expense`;

/** Income, expense and net of the days `from`..`to` in one row (the dashboard's month): summaryRange's totals alone. */
export const moneyBetweenSql = (from: string, to: string): SQL => sql`select ${inAndOut} from ${T} where ${money(from, to)}`;

/** moneyBetweenSql's row as the API answers it. */
export function moneyOf(r: { income: string | null; expense: string | null } | undefined): Pick<FinanceSummary, 'income' | 'expense' | 'net'> {
  const inK = sumKobo(r?.income);
  const outK = sumKobo(r?.expense);
  return { income: fromKobo(inK), expense: fromKobo(outK), net: fromKobo(inK - outK) };
}

export async function moneyBetween(db: Db, from: string, to: string): Promise<Pick<FinanceSummary, 'income' | 'expense' | 'net'>> {
  return moneyOf((await rows<{ income: string | null; expense: string | null }>(db, moneyBetweenSql(from, to)))[0]);
}


export async function summaryRange(db: Db, from: string, to: string): Promise<FinanceSummary> {
  const [sums, notReceived, refunds] = await Promise.all([
    rows<{ source: string; key: string | null; amount: string | null }>(
      db,
      sql`select ${T.source} as source, case when ${T.source} in ('sale', 'expense') then ${T.key} end as key, sum(${T.amount})::text as amount
          from ${T} where ${money(from, to)} group by 1, 2`,
    ),
    notReceivedParts(db, from, to),
    // partial refunds (issue 17): already taken off the sales of the day they were paid out; their total, for the record
    rows<{ amount: string | null }>(db, sql`select sum(${T.amount})::text as amount from ${T} where ${totalsCovering(from, to, ['refund'])}`),
  ]);
  const byK: Record<string, number> = {};
  const expenseK: Record<string, number> = {};
  let incomeK = 0;
  let spentK = 0;
  for (const r of sums) {
    const k = sumKobo(r.amount);
    if (r.source === 'expense') {
      spentK += k;
      expenseK[r.key ?? 'Other'] = (expenseK[r.key ?? 'Other'] ?? 0) + k;
      continue;
    }
    incomeK += k;
    // manual income entries are `income`; a ledger's source (fees, bookings) is its own
    const source = r.source === 'sale' ? `sales_${r.key}` : r.source === 'income' ? 'manual' : r.source;
    byK[source] = (byK[source] ?? 0) + k;
  }
  const of = (k: string) => fromKobo(byK[k] ?? 0);
  const salesK = OUTLETS.reduce((s, o) => s + (byK[`sales_${o}`] ?? 0), 0);
  return {
    from,
    to,
    income: fromKobo(incomeK),
    expense: fromKobo(spentK),
    net: fromKobo(incomeK - spentK),
    income_by_source: { manual: of('manual'), sales: fromKobo(salesK), sales_store: of('sales_store'), sales_office: of('sales_office'), sales_salon: of('sales_salon'), fees: of('fees'), bookings: of('bookings') },
    expense_by_category: Object.fromEntries(Object.entries(expenseK).sort(([, a], [, b]) => b - a).map(([k, v]) => [k, fromKobo(v)])),
    transfers_not_received: fromKobo(Math.round(notReceived.sales.amount * 100) + Math.round(notReceived.ledgers.amount * 100)),
    transfers_not_received_sales: notReceived.sales.amount,
    refunds: fromKobo(sumKobo(refunds[0]?.amount)),
    bookings_due: (await bookingDuesBetween(db, from, to)).balance,
  };
}

/** Income, expense and net per month (`YYYY-MM`) or per year (`YYYY`), every period in the range, empty ones as 0. */
export async function summaryByPeriod(db: Db, from: string, to: string, unit: 'month' | 'year'): Promise<FinancePeriodRow[]> {
  const width = unit === 'month' ? 7 : 4;
  const sums = await rows<{ period: string; income: string | null; expense: string | null }>(
    db,
    sql`select left(${T.day}::text, ${width}) as period, ${inAndOut} from ${T} where ${money(from, to)} group by 1`,
  );
  const found = new Map(sums.map((r) => [r.period, r]));
  const periods: string[] = [];
  if (unit === 'month') for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addMonths(m, 1)) periods.push(m);
  else for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) periods.push(String(y));
  return periods.map((period) => {
    const r = found.get(period);
    const inK = sumKobo(r?.income);
    const outK = sumKobo(r?.expense);
    return { period, income: fromKobo(inK), expense: fromKobo(outK), net: fromKobo(inK - outK) };
  });
}
