import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../db/columns.js';

/** Append-only: a database trigger refuses UPDATE and DELETE on it (see the migration). */
export const activityLogTable = pgTable(
  'activity_log',
  {
    id: idColumn(),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 100 }),
    action: varchar('action', { length: 30 }).notNull(),
    resource: varchar('resource', { length: 50 }).notNull(),
    record_id: integer('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('activity_log_resource_idx').on(t.resource, t.record_id), index('activity_log_created_idx').on(t.created_at)],
);
