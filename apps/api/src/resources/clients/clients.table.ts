import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PatchTestResult } from '@studio/shared';
import { idColumn, timestamps } from '../../db/columns.js';
import { usersTable } from '../users/users.table.js';

/**
 * One row per person the studio serves, by phone (`+2348031234567`, unique). Sales, bookings, trainees and
 * appointments point here by `client_id`; a trigger (migration 0018, `studio_link_client`) fills it from the
 * record's phone on every insert or phone change, whatever code path wrote it.
 */
export const clientsTable = pgTable(
  'clients',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    email: varchar('email', { length: 150 }),
    birthday: date('birthday', { mode: 'string' }),
    notes: text('notes'),
    allergies: text('allergies'),
    patch_test_date: date('patch_test_date', { mode: 'string' }),
    patch_test_result: varchar('patch_test_result', { length: 10 }).$type<PatchTestResult>(),
    consent_date: date('consent_date', { mode: 'string' }),
    consent_recorded_by: integer('consent_recorded_by').references(() => usersTable.id, { onDelete: 'set null' }),
    consent_recorded_by_name: varchar('consent_recorded_by_name', { length: 100 }),
    merged_into_id: integer('merged_into_id').references((): AnyPgColumn => clientsTable.id, { onDelete: 'restrict' }),
    erased_at: timestamp('erased_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('clients_phone_unique').on(t.phone),
    index('clients_name_idx').on(sql`lower(${t.name})`),
    index('clients_created_idx').on(t.created_at),
    index('clients_merged_into_idx').on(t.merged_into_id),
  ],
);

/** The client a record belongs to (kept by the trigger from its phone); a client with history is never deleted. */
export const clientIdColumn = () => integer('client_id').references((): AnyPgColumn => clientsTable.id, { onDelete: 'restrict' });
