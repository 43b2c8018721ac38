import { date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import type { FinanceType, Outlet } from '@studio/shared';
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
    recorded_by: integer('recorded_by').references(() => usersTable.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('finances_date_idx').on(t.date, t.id), index('finances_type_date_idx').on(t.type, t.date), index('finances_category_idx').on(t.category)],
);
