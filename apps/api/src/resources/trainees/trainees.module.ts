import { and, eq } from 'drizzle-orm';
import { enrolmentEnd, hostelStudents, officeStudents, programLength, students, studioDate, type ExtraProgramType, type TraineeKind } from '@studio/shared';
import { defineCrudModule, recordPicker, type CrudContext } from '../../crud/define-crud-module.js';
import type { DbOrTx } from '../../db/client.js';
import { invalidField } from '../../plugins/errors.js';
import { extraProgramsTable, trainingProgramsTable, trainingSessionsTable } from '../../db/schema.js';
import { traineeCertificatesTable } from './trainee-plans.table.js';
import { followFee, planOf, scheduleAtEnrolment } from './trainee-schedule.js';
import { checkDates, dateInMonth, feeOr, idOrAll, leftBy, traineeListConditions, traineeStatus } from './trainees.columns.js';
import {
  hostelStudentPaymentsTable,
  hostelStudentsTable,
  officeStudentPaymentsTable,
  officeStudentsTable,
  studentPaymentsTable,
  studentsTable,
} from './trainees.table.js';

/** A PMU package must be an extra program of type office, a hostel pricing one of type hostel. */
async function checkKind(tx: DbOrTx, id: number | undefined, type: ExtraProgramType, field: string) {
  if (id === undefined) return;
  const [row] = await tx.select({ type: extraProgramsTable.type }).from(extraProgramsTable).where(eq(extraProgramsTable.id, id));
  if (row && row.type !== type) throw invalidField(field, `The selected ${field.replace(/_id$/, '')} is not ${type === 'office' ? 'a PMU package' : 'a hostel pricing'}.`);
}

const S = studentsTable;
export const studentsModule = defineCrudModule({
  resource: students,
  table: S,
  computed: traineeStatus(S),
  toRecord: recordPicker(students),
  lists: {
    ...traineeListConditions(S, (x) => idOrAll(S.program_id, x)),
    program: ({ a, b }) => and(idOrAll(S.program_id, a), idOrAll(S.session_id, b)),
  },
  ledger: { table: studentPaymentsTable },
  // her certificates copy her name (issue 33): an erasure blanks it there too
  personalChildren: [{ table: traineeCertificatesTable, parent: 'student_id', erase: { name: 'erased-name' } }],
  hooks: {
    async beforeCreate(input, { tx }) {
      return { ...input, ...(await enrolmentDates(tx, input)), fee: await feeOr(input, tx, trainingProgramsTable, 'fee', input.program_id, 'program_id') };
    },
    beforeUpdate(input, existing) {
      checkDates(input, existing);
      return input;
    },
    afterWrite: scheduleHook('student', (row) => row.program_id),
  },
});

/**
 * A makeup or PMU trainee's schedule follows her enrolment (issue 33, item 1): her program's or package's plan is
 * written when she is created, and a changed fee moves the last instalment (trainee-schedule.ts).
 */
function scheduleHook<R extends { id: number; fee: number; start_date: string }>(kind: TraineeKind, programOf: (row: R) => number) {
  return async (action: 'create' | 'update' | 'delete', before: R | null, after: R | null, { tx }: CrudContext) => {
    if (action === 'create' && after) await scheduleAtEnrolment(tx, kind, after, await planOf(tx, kind, programOf(after)));
    if (action === 'update' && before && after && before.fee !== after.fee) await followFee(tx, kind, after.id, after.fee);
  };
}

/**
 * A makeup student's dates when the body leaves them out (issue 17, item 4): she starts with her session and her
 * program's duration sets the end (a 1-month class gets one month, whatever the session's length). Dates given stay.
 */
async function enrolmentDates(tx: DbOrTx, input: { program_id: number; session_id: number; start_date?: string; end_date?: string }) {
  if (input.start_date !== undefined && input.end_date !== undefined) return {};
  let start = input.start_date;
  if (start === undefined) {
    const [session] = await tx.select({ start: trainingSessionsTable.start_date }).from(trainingSessionsTable).where(eq(trainingSessionsTable.id, input.session_id));
    if (!session) throw invalidField('session_id', 'The selected session is invalid.');
    start = session.start;
  }
  if (input.end_date !== undefined) {
    if (input.end_date < start) throw invalidField('end_date', 'The end date must be on or after the start date.');
    return { start_date: start };
  }
  const [program] = await tx.select({ duration: trainingProgramsTable.duration }).from(trainingProgramsTable).where(eq(trainingProgramsTable.id, input.program_id));
  if (!program) throw invalidField('program_id', 'The selected program is invalid.');
  const length = programLength(program.duration);
  if (!length) throw invalidField('end_date', `Give the end date: the program's duration ("${program.duration}") is not a length of time such as 3 months or 6 weeks.`);
  return { start_date: start, end_date: enrolmentEnd(start, length) };
}

/**
 * Office and hostel trainees name an extra program of one type (a PMU package, a hostel pricing): checked on
 * create and update, and its price is the fee when the body gives none.
 */
function extraProgramHooks(field: 'package_id' | 'pricing_id', type: ExtraProgramType) {
  return {
    async beforeCreate(input: Record<string, unknown> & { fee?: number }, { tx }: { tx: DbOrTx }) {
      await checkKind(tx, input[field] as number, type, field);
      return { ...input, fee: await feeOr(input, tx, extraProgramsTable, 'price', input[field] as number, field) };
    },
    async beforeUpdate(input: Record<string, unknown> & { start_date?: string; end_date?: string }, existing: { start_date: string; end_date: string }, { tx }: { tx: DbOrTx }) {
      checkDates(input, existing);
      await checkKind(tx, input[field] as number | undefined, type, field);
      return input;
    },
  };
}

const O = officeStudentsTable;
export const officeStudentsModule = defineCrudModule({
  resource: officeStudents,
  table: O,
  computed: traineeStatus(O),
  toRecord: recordPicker(officeStudents),
  lists: {
    ...traineeListConditions(O, (x) => idOrAll(O.package_id, x)),
    // office students: package id and the month they started
    program: ({ a, b }) => and(idOrAll(O.package_id, a), b === 'all' ? undefined : dateInMonth(O.start_date, b)),
  },
  ledger: { table: officeStudentPaymentsTable },
  personalChildren: [{ table: traineeCertificatesTable, parent: 'office_student_id', erase: { name: 'erased-name' } }],
  hooks: { ...extraProgramHooks('package_id', 'office'), afterWrite: scheduleHook('office-student', (row) => row.package_id) },
});

const H = hostelStudentsTable;
const pricingHooks = extraProgramHooks('pricing_id', 'hostel');
export const hostelStudentsModule = defineCrudModule({
  resource: hostelStudents,
  table: H,
  computed: traineeStatus(H),
  toRecord: recordPicker(hostelStudents),
  lists: {
    ...traineeListConditions(H),
    // vacated as of today: a check-out later this month is not yet one (the month's list and Vacated agree)
    getmonthVacated: ({ month }, ctx) => and(leftBy(H, ctx.today), dateInMonth(H.end_date, month)),
    vacated: (_, ctx) => leftBy(H, ctx.today),
    vacatedSearch: ({ text }, ctx) => and(leftBy(H, ctx.today), ctx.search(text)),
  },
  ledger: { table: hostelStudentPaymentsTable },
  hooks: {
    ...pricingHooks,
    async beforeUpdate(input, existing, ctx) {
      if ((input as { checked_out?: boolean }).checked_out === true) return checkOut(input as { end_date?: string }, existing, ctx);
      return pricingHooks.beforeUpdate(input, existing, ctx);
    },
  },
});

/**
 * The Check out action (`checked_out` comes from it only: no PUT body carries it): the day she leaves, the studio's
 * today unless given, never before her check-in. A later day is allowed (she stays in session until then).
 */
function checkOut(input: { end_date?: string }, existing: { start_date: string }, { req }: CrudContext) {
  const day = input.end_date ?? studioDate(new Date(), req.server.config.tzStudio);
  if (day < existing.start_date) throw invalidField('date', `The check-out cannot be before her check-in on ${existing.start_date}.`);
  return { checked_out: true, end_date: day };
}
