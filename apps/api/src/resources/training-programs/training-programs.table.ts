import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';

export const trainingProgramsTable = pgTable('training_programs', {
  id: idColumn(),
  name: varchar('name', { length: 100 }).notNull(),
  duration: varchar('duration', { length: 50 }).notNull(),
  fee: moneyColumn('fee').notNull(),
  description: text('description'),
  ...timestamps(),
});
