import { integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import type { InstalmentPlan } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';

export const trainingProgramsTable = pgTable('training_programs', {
  id: idColumn(),
  name: varchar('name', { length: 100 }).notNull(),
  duration: varchar('duration', { length: 50 }).notNull(),
  fee: moneyColumn('fee').notNull(),
  description: text('description'),
  ...programRuleColumns(),
  ...timestamps(),
});

/** A program type's or PMU package's instalment plan and minimum attendance share (issue 33, decision 034). */
export function programRuleColumns() {
  return {
    plan: jsonb('plan').$type<InstalmentPlan>(),
    min_attendance_percent: integer('min_attendance_percent'),
  };
}
