import { date, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { usersTable } from '../users/users.table.js';

/** Who the studio buys stock from: a product's usual supplier (`products.supplier_id`) and a restock's (`stock_movements.supplier_id`). */
export const suppliersTable = pgTable('suppliers', {
  id: idColumn(),
  name: varchar('name', { length: 100 }).notNull(),
  phone: varchar('phone', { length: 30 }),
  email: varchar('email', { length: 150 }),
  address: varchar('address', { length: 255 }),
  notes: text('notes'),
  ...timestamps(),
});

/**
 * What the studio owes each supplier (issue 28, item 7; decision 027): a restock recorded as owed is a positive line
 * (its product), a payment to the supplier a negative one (its method; the same money is an expense "Stock purchases"
 * in finances, `finance_id`). What is owed is their sum. Lines are never changed or deleted.
 */
export const supplierPayablesTable = pgTable(
  'supplier_payables',
  {
    id: idColumn(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliersTable.id, { onDelete: 'restrict' }),
    amount: moneyColumn('amount').notNull(),
    method: varchar('method', { length: 10 }).$type<PaymentMethod>(),
    date: date('date', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 255 }),
    product_id: integer('product_id'),
    finance_id: integer('finance_id'),
    user_id: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('supplier_payables_supplier_idx').on(t.supplier_id, t.id)],
);
