import { sql, type SQL } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, primaryKey, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * What the studio took and spent, per day and per month, kept by the database itself as sales, payments and
 * entries are written (statement-level triggers, migration 0019; docs/decisions/018-daily-totals.md): the
 * dashboard and the finance summaries read a few hundred of these rows instead of years of sales.
 *
 * One row per `grain` ('d': a studio day; 'm': a month, `day` its 1st), `source` and `key`:
 * - `sale`, key the outlet: paid sales (count, amount = total, extra = change given)
 * - `staff`, key `outlet:staff_id`: paid sales per seller (count, amount)
 * - `method`, key `outlet:method`: what paid sales took per payment method (count of lines, amount)
 * - `product`, key the product id, months only: paid sales' lines (count = quantity, amount, extra = cost)
 * - `income` / `expense`, key the category: manual finance entries (count, amount)
 * - a payment ledger's source (`fees`, `bookings`; `deposits` for appointments, income only once checked out into a
 *   sale), key its table: payments net of reversals (count of lines, amount)
 * - `refund`, key the outlet: partial refunds paid out that day (count of refunds, amount), for the record only: their
 *   money is already taken off that day's `sale`, `staff` and `method` rows and the month's `product` row (migration 0023)
 * Voids are out (a sale counts while its status is `paid`); a reversal is a negative ledger line.
 * `daily_totals_recount()` computes the same rows from scratch (tests, the migration, db:copy-to-postgres).
 */
/** A month's row of a product that sold (or was refunded): the rows the dashboard's best sellers and month cost read. */
export const productMonthSold = (t: { grain: AnyPgColumn; source: AnyPgColumn; count: AnyPgColumn; amount: AnyPgColumn }): SQL =>
  sql`${t.grain} = 'm' and ${t.source} = 'product' and (${t.count} <> 0 or ${t.amount} <> 0)`;

export const dailyTotalsTable = pgTable(
  'daily_totals',
  {
    grain: varchar('grain', { length: 1 }).$type<'d' | 'm'>().notNull(),
    source: varchar('source', { length: 20 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: varchar('key', { length: 80 }).notNull(),
    count: integer('count').notNull().default(0),
    amount: numeric('amount', { precision: 18, scale: 2, mode: 'string' }).notNull().default('0'),
    extra: numeric('extra', { precision: 18, scale: 2, mode: 'string' }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.source, t.day, t.key] }),
    // a month's products by takings (the dashboard's best sellers: the first few, read backwards, never sorted) with the
    // cost beside them (its month cost of goods, from the index alone); the predicate is the dashboard's, said once
    index('daily_totals_product_month_idx').on(t.day, t.amount, t.count, t.extra, t.key).where(productMonthSold(t)),
  ],
);
