import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.js';

export const suppliersTable = pgTable('suppliers', {
  id: idColumn(),
  name: varchar('name', { length: 100 }).notNull(),
  ...timestamps(),
});
