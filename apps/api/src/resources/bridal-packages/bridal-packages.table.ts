import { boolean, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';

export const bridalPackagesTable = pgTable('bridal_packages', {
  id: idColumn(),
  name: varchar('name', { length: 100 }).notNull(),
  price: moneyColumn('price').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});
