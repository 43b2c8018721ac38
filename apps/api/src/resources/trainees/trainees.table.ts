import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, varchar, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { ledgerColumns, ledgerTable } from '../../db/ledger.table.js';
import { clientIdColumn } from '../clients/clients.table.js';
import { extraProgramsTable } from '../extra-programs/extra-programs.table.js';
import { trainingProgramsTable } from '../training-programs/training-programs.table.js';
import { trainingSessionsTable } from '../training-sessions/training-sessions.table.js';

// What the three trainee tables (makeup, PMU and hostel) share, then the three.

/**
 * A trainee table: identity, dates, fee with its ledger (`amount_paid`, generated `balance`), a stored
 * `suspended` flag (status is derived from it and today), plus the kind's own columns.
 */
export function traineeTable<C extends Record<string, PgColumnBuilderBase>>(name: string, own: C) {
  return pgTable(
    name,
    {
      id: idColumn(),
      name: varchar('name', { length: 100 }).notNull(),
      phone: varchar('phone', { length: 30 }).notNull(),
      start_date: date('start_date', { mode: 'string' }).notNull(),
      end_date: date('end_date', { mode: 'string' }).notNull(),
      fee: moneyColumn('fee').notNull(),
      ...ledgerColumns('fee'),
      suspended: boolean('suspended').notNull().default(false),
      client_id: clientIdColumn(),
      ...own,
      ...timestamps(),
    },
    (t) => [
      index(`${name}_start_idx`).on(t.start_date, t.id),
      index(`${name}_end_idx`).on(t.end_date, t.id),
      index(`${name}_name_idx`).on(t.name),
      index(`${name}_client_idx`).on(t.client_id),
      // who owes and how much (the dashboard's card, the owing lists): the balances alone, read without the table
      index(`${name}_owing_idx`).on(t.balance).where(sql`${t.balance} > 0`),
      check(`${name}_paid_within_fee`, sql`${t.amount_paid} >= 0 AND ${t.amount_paid} <= ${t.fee}`),
      check(`${name}_end_not_before_start`, sql`${t.end_date} >= ${t.start_date}`),
    ],
  );
}

/** A trainee's fee payments. */
export const traineeLedger = (name: string, parentId: () => AnyPgColumn) => ledgerTable(name, parentId);


/** Makeup trainees: a program type and a training session. */
export const studentsTable = traineeTable('students', {
  email: varchar('email', { length: 150 }),
  address: text('address'),
  program_id: integer('program_id')
    .notNull()
    .references(() => trainingProgramsTable.id, { onDelete: 'restrict' }),
  session_id: integer('session_id')
    .notNull()
    .references(() => trainingSessionsTable.id, { onDelete: 'restrict' }),
});
export const studentPaymentsTable = traineeLedger('student_payments', () => studentsTable.id);

/** PMU (office) trainees: a PMU package. */
export const officeStudentsTable = traineeTable('office_students', {
  email: varchar('email', { length: 150 }),
  address: text('address'),
  package_id: integer('package_id')
    .notNull()
    .references(() => extraProgramsTable.id, { onDelete: 'restrict' }),
});
export const officeStudentPaymentsTable = traineeLedger('office_student_payments', () => officeStudentsTable.id);

/** Hostel trainees: a hostel pricing, a room, maybe a makeup student and a session. */
export const hostelStudentsTable = traineeTable('hostel_students', {
  student_id: integer('student_id').references(() => studentsTable.id, { onDelete: 'set null' }),
  pricing_id: integer('pricing_id')
    .notNull()
    .references(() => extraProgramsTable.id, { onDelete: 'restrict' }),
  session_id: integer('session_id').references(() => trainingSessionsTable.id, { onDelete: 'restrict' }),
  room: varchar('room', { length: 30 }),
  /**
   * Checked out by the desk (the Check out action): the end date is then the day she left, and she is gone on it
   * (her bed is free that day). Without it the end date is her last night, as booked.
   */
  checked_out: boolean('checked_out').notNull().default(false),
});
export const hostelStudentPaymentsTable = traineeLedger('hostel_student_payments', () => hostelStudentsTable.id);
