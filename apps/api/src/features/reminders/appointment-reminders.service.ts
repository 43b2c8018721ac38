import { eq, inArray } from 'drizzle-orm';
import { APPOINTMENT_REMINDER_KIND, type AppointmentRemindersSent, type LastReminder } from '@studio/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { appointmentsTable } from '../../db/schema.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { unprocessable } from '../../plugins/errors.js';
import { lastReminders } from './reminders.service.js';
import { duesRemindersTable } from './reminders.table.js';

// The day-before appointment reminders (issue 34, item 4): kept with every other reminder (dues_reminders, kind
// `appointment`), so one sent from a phone shows as sent, by whom and when, on every device.

const A = appointmentsTable;

/** The appointments of `day` already reminded, each with its last reminder. */
export async function appointmentRemindersOf(db: DbOrTx, day: string): Promise<AppointmentRemindersSent['data']> {
  const ids = (await db.select({ id: A.id }).from(A).where(eq(A.day, day))).map((r) => r.id);
  const last = await lastReminders(db, APPOINTMENT_REMINDER_KIND, ids);
  return [...last].sort((a, b) => a[0] - b[0]).map(([appointment_id, last_reminder]) => ({ appointment_id, last_reminder }));
}

/**
 * Records the appointment reminders just sent: one line each (who, when) and a `remind` line in the activity log on
 * the appointment. All or nothing: an appointment that does not exist is a 422 on `ids.N`; one named twice counts once.
 */
export async function recordAppointmentReminders(tx: Tx, user: UserRow, ids: number[]): Promise<{ appointment_id: number; last_reminder: LastReminder }[]> {
  const unique = [...new Set(ids)];
  const found = await tx.select({ id: A.id }).from(A).where(inArray(A.id, unique));
  const known = new Set(found.map((r) => r.id));
  const errors: Record<string, string[]> = {};
  ids.forEach((id, n) => {
    if (!known.has(id)) errors[`ids.${n}`] = [`There is no appointment with id ${id}.`];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  const at = new Date();
  for (const id of unique) {
    await tx.insert(duesRemindersTable).values({ kind: APPOINTMENT_REMINDER_KIND, record_id: id, balance: 0, sent_at: at, sent_by: user.id, sent_by_name: user.name });
    await recordActivity(tx, { user, action: 'remind', resource: 'appointments', recordId: id, after: { sent_at: at.toISOString() } });
  }
  return unique.map((appointment_id) => ({ appointment_id, last_reminder: { at: at.toISOString(), by: { id: user.id, name: user.name }, balance: 0 } }));
}
