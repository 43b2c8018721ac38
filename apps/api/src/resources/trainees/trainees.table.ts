import { integer, text, varchar } from 'drizzle-orm/pg-core';
import { extraProgramsTable } from '../extra-programs/extra-programs.table.js';
import { trainingProgramsTable } from '../training-programs/training-programs.table.js';
import { trainingSessionsTable } from '../training-sessions/training-sessions.table.js';
import { traineeLedger, traineeTable } from './trainees.columns.js';

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
});
export const hostelStudentPaymentsTable = traineeLedger('hostel_student_payments', () => hostelStudentsTable.id);
