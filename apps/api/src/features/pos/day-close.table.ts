import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Outlet, PaymentMethod } from '@studio/shared';
import { idColumn, moneyColumn } from '../../db/columns.js';
import { usersTable } from '../../resources/users/users.table.js';

/**
 * One close of an outlet's business day. Never edited: a reopen sets `status` to reopened with who, when and why,
 * and the day may then be closed again (a new row). At most one row per outlet and day is `closed`.
 */
export const dayClosesTable = pgTable(
  'day_closes',
  {
    id: idColumn(),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).$type<'closed' | 'reopened'>().notNull().default('closed'),
    sales_count: integer('sales_count').notNull(),
    sales_total: moneyColumn('sales_total').notNull(),
    note: text('note'),
    closed_by: integer('closed_by')
      .notNull()
      .references(() => usersTable.id),
    closed_by_name: varchar('closed_by_name', { length: 100 }).notNull(),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    reopened_by: integer('reopened_by').references(() => usersTable.id),
    reopened_by_name: varchar('reopened_by_name', { length: 100 }),
    reopened_at: timestamp('reopened_at', { withTimezone: true, mode: 'date' }),
    reopen_reason: text('reopen_reason'),
  },
  (t) => [
    uniqueIndex('day_closes_closed_unique').on(t.outlet, t.business_date).where(sql`${t.status} = 'closed'`),
    index('day_closes_day_idx').on(t.outlet, t.business_date, t.closed_at),
  ],
);

/** What one close expected and counted for one payment method. */
export const dayCloseCountsTable = pgTable(
  'day_close_counts',
  {
    day_close_id: integer('day_close_id')
      .notNull()
      .references(() => dayClosesTable.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 10 }).$type<PaymentMethod>().notNull(),
    expected: moneyColumn('expected').notNull(),
    counted: moneyColumn('counted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day_close_id, t.method] })],
);
