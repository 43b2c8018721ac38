import { boolean, date, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.js';

export const trainingSessionsTable = pgTable('training_sessions', {
  id: idColumn(),
  name: varchar('name', { length: 100 }).notNull(),
  start_date: date('start_date', { mode: 'string' }).notNull(),
  end_date: date('end_date', { mode: 'string' }).notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});
