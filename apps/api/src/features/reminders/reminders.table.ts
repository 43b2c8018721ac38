import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { APPOINTMENT_REMINDER_KIND, ReminderKind } from '@studio/shared';
import { idColumn, moneyColumn } from '../../db/columns.js';
import { usersTable } from '../../resources/users/users.table.js';

/**
 * Every reminder sent (issue 17, item 7): which record (a trainee of one of the three kinds, a booking, a sale), what it
 * owed then, when and by whom (by id and by name as at that moment). The latest per record is its "last reminded";
 * a reminder run skips records reminded within the studio's window (settings.reminder_skip_days). The day-before
 * appointment reminders are here too (kind `appointment`, issue 34 item 4), so every device sees them sent.
 */
export const duesRemindersTable = pgTable(
  'dues_reminders',
  {
    id: idColumn(),
    kind: varchar('kind', { length: 20 }).$type<ReminderKind | typeof APPOINTMENT_REMINDER_KIND>().notNull(),
    record_id: integer('record_id').notNull(),
    balance: moneyColumn('balance').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sent_by: integer('sent_by').references(() => usersTable.id, { onDelete: 'set null' }),
    sent_by_name: varchar('sent_by_name', { length: 100 }),
  },
  (t) => [
    index('dues_reminders_record_idx').on(t.kind, t.record_id, t.sent_at),
    check('dues_reminders_kind', sql`${t.kind} in ('student', 'office-student', 'hostel-student', 'booking', 'sale', 'appointment')`),
  ],
);
