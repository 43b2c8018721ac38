import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { OfflineReviewLine, OfflineReviewReason, Outlet } from '@studio/shared';
import { idColumn } from '../../db/columns.js';
import { usersTable } from '../../resources/users/users.table.js';
import { ordersTable } from './orders.table.js';

/**
 * An offline sale the server would not record by itself (a closed day, a price that differs, ...): kept here, never
 * only in one browser, until an admin records or dismisses it (issue 18; docs/decisions/016-offline-till.md). One row
 * per `client_ref`: the device's retries answer the same row, and a recorded sale carries the same `client_ref`.
 */
export const offlineReviewsTable = pgTable(
  'offline_reviews',
  {
    id: idColumn(),
    client_ref: varchar('client_ref', { length: 36 }).notNull(),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    reason: varchar('reason', { length: 30 }).$type<OfflineReviewReason>().notNull(),
    message: text('message').notNull(),
    sold_on: date('sold_on', { mode: 'string' }).notNull(),
    device_id: varchar('device_id', { length: 64 }).notNull(),
    device_seq: integer('device_seq').notNull(),
    provisional_no: varchar('provisional_no', { length: 24 }),
    sold_by: integer('sold_by').references(() => usersTable.id),
    sold_by_name: varchar('sold_by_name', { length: 100 }),
    sent_by: integer('sent_by')
      .notNull()
      .references(() => usersTable.id),
    sent_by_name: varchar('sent_by_name', { length: 100 }).notNull(),
    customer_name: varchar('customer_name', { length: 100 }).notNull(),
    /** Each line with the price the till showed and the server's at the time (null: the product is gone). */
    lines: jsonb('lines').$type<OfflineReviewLine[]>().notNull(),
    /** The sale's request as it came, less any approval password. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 10 }).$type<'open' | 'recorded' | 'dismissed'>().notNull().default('open'),
    resolved_by: integer('resolved_by').references(() => usersTable.id),
    resolved_by_name: varchar('resolved_by_name', { length: 100 }),
    resolved_at: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolution_note: text('resolution_note'),
    order_id: integer('order_id').references(() => ordersTable.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offline_reviews_client_ref_unique').on(t.client_ref),
    // the admin's list of what waits, and the day close's count of a day's
    index('offline_reviews_open_idx').on(t.outlet, t.sold_on).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A till's last word on its outbox (`POST /api/devices/heartbeat`, sent while online): how many sales it holds per
 * outlet, so the day close can warn that a device still has sales to send.
 */
export const devicesTable = pgTable('devices', {
  device_id: varchar('device_id', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 4 }).notNull(),
  user_id: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
  user_name: varchar('user_name', { length: 100 }),
  waiting: jsonb('waiting').$type<Partial<Record<Outlet, number>>>().notNull(),
  attention: integer('attention').notNull().default(0),
  seen_at: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
