import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Login attempts per (username, client address), in the database so the count survives a restart and
 * holds across every app process on one PostgreSQL. One row per key: the attempts counted in the
 * current window and when that window began (millisecond precision, so the app can name it exactly).
 */
export const loginThrottleTable = pgTable(
  'login_throttle',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    attempts: integer('attempts').notNull(),
    window_started_at: timestamp('window_started_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [index('login_throttle_window_idx').on(t.window_started_at)],
);
