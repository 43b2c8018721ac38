import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.js';

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
