import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usersTable } from '../../resources/users/users.table.js';

/**
 * The studio's settings, one row per key (`max_staff_discount_percent`); the value is JSON, its type is
 * the shared `studioSettingsSchema`'s. A key without a row has its default (DEFAULT_SETTINGS).
 */
export const settingsTable = pgTable('settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updated_by: integer('updated_by').references(() => usersTable.id),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
