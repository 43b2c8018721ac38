import { date, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { PaySourceKind } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { usersTable } from '../../resources/users/users.table.js';

/**
 * A pay run (issue 32; decision 033): drafted for a period, then closed. A closed run is never changed: what
 * happens afterwards to something it counted is an adjustment source in a later run.
 */
export const payRunsTable = pgTable(
  'pay_runs',
  {
    id: idColumn(),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).$type<'draft' | 'closed'>().notNull().default('draft'),
    total: moneyColumn('total').notNull().default(0),
    created_by: integer('created_by').notNull().references(() => usersTable.id),
    created_by_name: varchar('created_by_name', { length: 100 }).notNull(),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closed_by: integer('closed_by').references(() => usersTable.id),
    closed_by_name: varchar('closed_by_name', { length: 100 }),
    ...timestamps(),
  },
  (t) => [index('pay_runs_period_idx').on(t.period_from, t.period_to)],
);

/** One person's figures in a run; each is the sum of that person's sources of its kinds. */
export const payRunLinesTable = pgTable(
  'pay_run_lines',
  {
    id: idColumn(),
    run_id: integer('run_id')
      .notNull()
      .references(() => payRunsTable.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => usersTable.id),
    staff_name: varchar('staff_name', { length: 100 }).notNull(),
    base_pay: moneyColumn('base_pay').notNull(),
    commission: moneyColumn('commission').notNull(),
    tips: moneyColumn('tips').notNull(),
    advances_paid_back: moneyColumn('advances_paid_back').notNull(),
    adjustments: moneyColumn('adjustments').notNull(),
    net: moneyColumn('net').notNull(),
  },
  (t) => [index('pay_run_lines_run_idx').on(t.run_id, t.staff_id)],
);

/** Where each naira of a line came from: the order line, refund or void and the rule that priced it. */
export const payRunSourcesTable = pgTable(
  'pay_run_sources',
  {
    id: idColumn(),
    run_id: integer('run_id')
      .notNull()
      .references(() => payRunsTable.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id').notNull(),
    kind: varchar('kind', { length: 20 }).$type<PaySourceKind>().notNull(),
    ref_id: integer('ref_id'),
    /** The order line it concerns (a refund's too): what a later refund or void of it is matched on. */
    order_item_id: integer('order_item_id'),
    order_id: integer('order_id'),
    invoice_no: varchar('invoice_no', { length: 20 }),
    rule_id: integer('rule_id'),
    date: date('date', { mode: 'string' }).notNull(),
    amount: moneyColumn('amount').notNull(),
    detail: varchar('detail', { length: 200 }).notNull(),
  },
  (t) => [index('pay_run_sources_run_idx').on(t.run_id, t.staff_id), index('pay_run_sources_item_idx').on(t.order_item_id)],
);
