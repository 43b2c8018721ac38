import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AttendanceStatus } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { usersTable } from '../users/users.table.js';
import { officeStudentsTable, studentsTable } from './trainees.table.js';

// A makeup or PMU trainee's schedule, attendance and certificates (issue 33, decision 034). Each row belongs to one
// trainee of one kind: `student_id` or `office_student_id`, exactly one set, so a trainee's rows go with her.

function traineeRefs() {
  return {
    student_id: integer('student_id').references(() => studentsTable.id, { onDelete: 'cascade' }),
    office_student_id: integer('office_student_id').references(() => officeStudentsTable.id, { onDelete: 'cascade' }),
  };
}
const oneTrainee = (name: string, t: { student_id: unknown; office_student_id: unknown }) =>
  check(`${name}_one_trainee`, sql`num_nonnulls(${t.student_id}, ${t.office_student_id}) = 1`);

/** The instalments written at enrolment from the plan (or by an admin): `seq` orders them, paid earliest first. */
export const traineeInstalmentsTable = pgTable(
  'trainee_instalments',
  {
    id: idColumn(),
    ...traineeRefs(),
    seq: integer('seq').notNull(),
    label: varchar('label', { length: 60 }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    amount: moneyColumn('amount').notNull(),
  },
  (t) => [
    oneTrainee('trainee_instalments', t),
    check('trainee_instalments_amount_not_negative', sql`${t.amount} >= 0`),
    uniqueIndex('trainee_instalments_student_seq').on(t.student_id, t.seq),
    uniqueIndex('trainee_instalments_office_student_seq').on(t.office_student_id, t.seq),
    index('trainee_instalments_due_idx').on(t.due_date),
  ],
);

/** One mark per trainee per day (a second is an update of it). */
export const traineeAttendanceTable = pgTable(
  'trainee_attendance',
  {
    id: idColumn(),
    ...traineeRefs(),
    date: date('date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).$type<AttendanceStatus>().notNull(),
    recorded_by: integer('recorded_by').references(() => usersTable.id, { onDelete: 'set null' }),
    recorded_by_name: varchar('recorded_by_name', { length: 100 }),
    ...timestamps(),
  },
  (t) => [
    oneTrainee('trainee_attendance', t),
    uniqueIndex('trainee_attendance_student_day').on(t.student_id, t.date),
    uniqueIndex('trainee_attendance_office_student_day').on(t.office_student_id, t.date),
    index('trainee_attendance_date_idx').on(t.date),
  ],
);

/**
 * A certificate: what it certified is copied at issue (name, program, dates), so a later edit of the trainee does
 * not change a printed certificate's answer. `verify_code` is what the QR code carries with the serial.
 */
export const traineeCertificatesTable = pgTable(
  'trainee_certificates',
  {
    id: idColumn(),
    ...traineeRefs(),
    serial: varchar('serial', { length: 30 }).notNull().unique(),
    verify_code: varchar('verify_code', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    program: varchar('program', { length: 100 }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    issued_on: date('issued_on', { mode: 'string' }).notNull(),
    issued_by: integer('issued_by').references(() => usersTable.id, { onDelete: 'set null' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revoked_by: integer('revoked_by').references(() => usersTable.id, { onDelete: 'set null' }),
    revoke_reason: varchar('revoke_reason', { length: 255 }),
    ...timestamps(),
  },
  (t) => [
    oneTrainee('trainee_certificates', t),
    // one certificate in force per trainee; a revoked one leaves room for a new one
    uniqueIndex('trainee_certificates_student_live').on(t.student_id).where(sql`${t.revoked_at} is null`),
    uniqueIndex('trainee_certificates_office_student_live').on(t.office_student_id).where(sql`${t.revoked_at} is null`),
  ],
);
