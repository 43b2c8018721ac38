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

/**
 * One row per money movement between two days: its day, its source, its expense category, and the amount
 * counted as income or expense. A reversal is a negative ledger line, so a reversed payment nets to zero;
 * a voided sale is not `paid` and is left out.
 */
function movements(from: string, to: string): SQL {
  const F = financesTable;
  const O = ordersTable;
  const ledger = (t: typeof studentPaymentsTable, source: Source) =>
    sql`select ${t.date} as day, ${source}::text as source, null::text as category, ${t.amount} as income, 0::numeric as expense from ${t} where ${t.date} between ${from} and ${to}`;
  return sql`
    select ${F.date} as day,
           case when ${F.type} = 'income' then 'manual' else 'expense' end as source,
           case when ${F.type} = 'expense' then ${F.category} end as category,
           case when ${F.type} = 'income' then ${F.amount} else 0 end as income,
           case when ${F.type} = 'expense' then ${F.amount} else 0 end as expense
      from ${F} where ${F.date} between ${from} and ${to}
    union all
    select ${O.business_date}, 'sales_' || ${O.outlet}, null, ${O.total}, 0 from ${O}
     where ${O.status} = 'paid' and ${O.business_date} between ${from} and ${to}
    union all ${ledger(studentPaymentsTable, 'fees')}
    union all ${ledger(officeStudentPaymentsTable, 'fees')}
    union all ${ledger(hostelStudentPaymentsTable, 'fees')}
    union all ${ledger(bridalBookingPaymentsTable as unknown as typeof studentPaymentsTable, 'bookings')}`;
}


export async function summaryRange(db: Db, from: string, to: string): Promise<FinanceSummary> {
  const rows = (await db.execute(sql`
    select source, category, sum(income)::text as income, sum(expense)::text as expense
      from (${movements(from, to)}) m group by source, category`)) as unknown as { rows: { source: Source; category: string | null; income: string; expense: string }[] };
  const byK: Record<string, number> = {};
  const expenseK: Record<string, number> = {};
  let incomeK = 0;
  let spentK = 0;
  for (const r of rows.rows) {
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
  const rows = (await db.execute(sql`
    select left(day::text, ${width}) as period, sum(income)::text as income, sum(expense)::text as expense
      from (${movements(from, to)}) m group by 1`)) as unknown as { rows: { period: string; income: string; expense: string }[] };
  const found = new Map(rows.rows.map((r) => [r.period, r]));
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

