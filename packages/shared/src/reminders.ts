import { z } from 'zod';

// Reminder runs (issue 17, item 7): everyone who owes, each reminded on WhatsApp one after another.

/** What a reminder is about: a makeup, PMU or hostel trainee's fee, a booking's balance, or a sale's (a transfer never received). */
export const REMINDER_KINDS = ['student', 'office-student', 'hostel-student', 'booking', 'sale'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  student: 'Makeup student',
  'office-student': 'PMU student',
  'hostel-student': 'Hostel student',
  booking: 'Booking',
  sale: 'Sale',
};

/** How far ahead a run looks for bookings by default (events in the next 14 days). */
export const DEFAULT_REMINDER_DAYS = 14;

/** `GET /api/reminders/dues?days=14&include_reminded=true`. */
export const remindersQuerySchema = z.object({
  /** Bookings with an event from today to today + days. */
  days: z.coerce.number().int().min(0).max(366).default(DEFAULT_REMINDER_DAYS),
  /** Also list those reminded within the skip window (flagged `recently_reminded`). */
  include_reminded: z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1'),
});
export type RemindersQuery = z.input<typeof remindersQuerySchema>;

export const reminderItemSchema = z.object({
  kind: z.enum(REMINDER_KINDS, { error: `The kind must be one of ${REMINDER_KINDS.join(', ')}.` }),
  id: z.number().int().positive().max(2_147_483_647),
});
export type ReminderItem = z.infer<typeof reminderItemSchema>;

/** `POST /api/reminders/sent` (admin): the reminders just sent. */
export const remindersSentSchema = z.object({
  items: z.array(reminderItemSchema).min(1, { error: 'Choose at least one reminder.' }).max(500),
});
export type RemindersSent = z.input<typeof remindersSentSchema>;

/** The last reminder of a record: when, and who sent it. */
export interface LastReminder {
  at: string;
  by: { id: number; name: string } | null;
  /** What it owed when reminded. */
  balance: number;
}

/** One person who owes, as a run lists them. */
export interface DueReminder {
  kind: ReminderKind;
  /** The trainee's or booking's id. */
  id: number;
  name: string;
  phone: string;
  /** The fee or the booking's price, what is paid, and what is still due (the fee ledger's, or booking-dues.ts'). */
  charge: number;
  amount_paid: number;
  balance: number;
  /** What it is for, as a reminder says it: "Makeup training, Professional Makeup, January class", "Bridal booking 5 Dec 2026, Gold". */
  about: string;
  /** A booking's event day; a trainee's end date. */
  date: string;
  last_reminder: LastReminder | null;
  /** Reminded within the skip window: left out of a run unless asked for. */
  recently_reminded: boolean;
}

export interface DueReminders {
  data: DueReminder[];
  summary: {
    /** Listed, and what they owe. */
    count: number;
    balance: number;
    /** Left out: reminded within the last `skip_days` days. */
    skipped: number;
    skip_days: number;
    days: number;
  };
}

/** `POST /api/reminders/sent`'s answer: each record's new last reminder. */
export interface RemindersSentResult {
  data: (ReminderItem & { last_reminder: LastReminder })[];
}

/**
 * The day-before appointment reminders (issue 34, item 4): recorded on the server like the payment reminders, so a
 * reminder sent from one phone shows as sent on every device, with who sent it and when. Staff and admins send them.
 */
export const APPOINTMENT_REMINDER_KIND = 'appointment' as const;

/** `GET /api/reminders/appointments/{day}`: the appointments of that day reminded, each with its last reminder. */
export interface AppointmentRemindersSent {
  data: { appointment_id: number; last_reminder: LastReminder }[];
}

/** `POST /api/reminders/appointments/sent` (staff): the appointments just reminded. */
export const appointmentRemindersSentSchema = z.object({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, { error: 'Choose at least one appointment.' })
    .max(500),
});
export type AppointmentRemindersSentInput = z.input<typeof appointmentRemindersSentSchema>;
