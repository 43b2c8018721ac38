import { date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import type { FinanceType, Outlet, PaymentMethod } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { usersTable } from '../users/users.table.js';

/** Manual income and expense entries. */
export const financesTable = pgTable(
  'finances',
  {
    id: idColumn(),
    type: varchar('type', { length: 10 }).$type<FinanceType>().notNull(),
    category: varchar('category', { length: 60 }).notNull(),
    amount: moneyColumn('amount').notNull(),
    description: text('description'),
    date: date('date', { mode: 'string' }).notNull(),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>(),
    /**
     * How the money went, when the studio itself wrote the entry (a restock paid now, a payment to a supplier: issue
     * 28, item 7): a cash one at an outlet leaves that day's drawer (the day close). Null on manual entries.
     */
    method: varchar('method', { length: 10 }).$type<PaymentMethod>(),
    recorded_by: integer('recorded_by').references(() => usersTable.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('finances_date_idx').on(t.date, t.id), index('finances_type_date_idx').on(t.type, t.date), index('finances_category_idx').on(t.category)],
);
