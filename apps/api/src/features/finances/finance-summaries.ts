import { sql, type SQL } from 'drizzle-orm';
import { OUTLETS, addMonths, fromKobo, type FinancePeriodRow, type FinanceSummary } from '@studio/shared';
import type { Db } from '../../db/client.js';
import {
  bridalBookingPaymentsTable,
  financesTable,
  hostelStudentPaymentsTable,
  officeStudentPaymentsTable,
  ordersTable,
  studentPaymentsTable,
} from '../../db/schema.js';
import { sumKobo } from '../../db/columns.js';

// "How much did we make, and where did it go?": manual entries plus what the studio already records
// (paid sales, trainees' fee payments, booking payments), summed in SQL NUMERIC, never in floating point.
// Every source is dated by its own studio-calendar day (an order's business_date, a payment's date), so
// month and year boundaries are the studio's, whatever the server's time zone.

type Source = 'manual' | 'sales_store' | 'sales_office' | 'sales_salon' | 'fees' | 'bookings' | 'expense';

type Ledger = typeof studentPaymentsTable;
const ledgers: [Ledger, Source][] = [
  [studentPaymentsTable, 'fees'],
  [officeStudentPaymentsTable as unknown as Ledger, 'fees'],
  [hostelStudentPaymentsTable as unknown as Ledger, 'fees'],
  [bridalBookingPaymentsTable as unknown as Ledger, 'bookings'],
];

/**
 * The money movements between two days, each source summed on its own before the union, so that a few
 * thousand sums cross it instead of every sale: `by: 'source'` gives rows per source and expense category,
 * `by: 'day'` rows per day with income and expense (sales by day in the order of `orders_paid_day_idx`,
 * with no sort). A reversal is a negative ledger line, so a reversed payment nets to zero; a voided sale
 * is not `paid` and is left out.
 */
function sums(from: string, to: string, by: 'source' | 'day'): SQL {
  const F = financesTable;
  const O = ordersTable;
  const income = sql`coalesce(sum(${F.amount}) filter (where ${F.type} = 'income'), 0)`;
  const expense = sql`coalesce(sum(${F.amount}) filter (where ${F.type} = 'expense'), 0)`;
  if (by === 'day') {
    const ledger = ([t]: [Ledger, Source]) => sql`select ${t.date}, sum(${t.amount}), 0 from ${t} where ${t.date} between ${from} and ${to} group by ${t.date}`;
    return sql`
      select ${F.date} as day, ${income} as income, ${expense} as expense from ${F} where ${F.date} between ${from} and ${to} group by ${F.date}
      union all
      select ${O.business_date}, sum(${O.total}), 0 from ${O} where ${O.status} = 'paid' and ${O.business_date} between ${from} and ${to} group by ${O.business_date}
      union all ${sql.join(ledgers.map(ledger), sql` union all `)}`;
  }
  const ledger = ([t, source]: [Ledger, Source]) => sql`select ${source}::text, null, sum(${t.amount}), 0 from ${t} where ${t.date} between ${from} and ${to}`;
  return sql`
    select case when ${F.type} = 'income' then 'manual' else 'expense' end as source,
           case when ${F.type} = 'expense' then ${F.category} end::text as category, ${income} as income, ${expense} as expense
      from ${F} where ${F.date} between ${from} and ${to} group by ${F.type}, ${F.category}
    union all
    select 'sales_' || ${O.outlet}, null, sum(${O.total}), 0 from ${O}
     where ${O.status} = 'paid' and ${O.business_date} between ${from} and ${to} group by ${O.outlet}
    union all ${sql.join(ledgers.map(ledger), sql` union all `)}`;
}

/**
 * A summary query with the plan it needs over years of sales: one serial index-only pass over the paid-sales
 * index (`orders_paid_day_idx`). With PostgreSQL's defaults the planner picks a parallel seq scan of the
 * whole orders table instead, which took four times as long on 2 CPUs (five years of 300,000 sales: 307 ms
 * against 76 ms), so this transaction turns parallel workers off and prices random pages as on an SSD.
 * PGlite has no parallel workers, and no index-only scans until a VACUUM: there it changes nothing.
 */
async function summaryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('random_page_cost', '1.1', true)`);
    return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
  });
}

export async function summaryRange(db: Db, from: string, to: string): Promise<FinanceSummary> {
  const rows = await summaryRows<{ source: Source; category: string | null; income: string | null; expense: string | null }>(
    db,
    sql`select source, category, sum(income)::text as income, sum(expense)::text as expense from (${sums(from, to, 'source')}) m group by source, category`,
  );
  const byK: Record<string, number> = {};
  const expenseK: Record<string, number> = {};
  let incomeK = 0;
  let spentK = 0;
  for (const r of rows) {
    incomeK += sumKobo(r.income);
    spentK += sumKobo(r.expense);
    if (r.source === 'expense') expenseK[r.category ?? 'Other'] = (expenseK[r.category ?? 'Other'] ?? 0) + sumKobo(r.expense);
    else byK[r.source] = (byK[r.source] ?? 0) + sumKobo(r.income);
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
  };
}

/** Income, expense and net per month (`YYYY-MM`) or per year (`YYYY`), every period in the range, empty ones as 0. */
export async function summaryByPeriod(db: Db, from: string, to: string, unit: 'month' | 'year'): Promise<FinancePeriodRow[]> {
  const width = unit === 'month' ? 7 : 4;
  const rows = await summaryRows<{ period: string; income: string | null; expense: string | null }>(
    db,
    sql`select left(day::text, ${width}) as period, sum(income)::text as income, sum(expense)::text as expense from (${sums(from, to, 'day')}) m group by 1`,
  );
  const found = new Map(rows.map((r) => [r.period, r]));
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

