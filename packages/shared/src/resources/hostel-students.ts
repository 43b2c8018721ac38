import { z } from 'zod';
import { defineAction, defineResource } from '../crud/define-resource.js';
import { depositRule } from '../crud/ledger.js';
import { id, isoDate, isoMonth, optionalText } from '../primitives.js';
import { changeSessionAction, endRule, firstPaymentFields, suspendAction, traineeFilterFields, traineeInputFields, traineeLists, traineeRecordFields, traineeExamples } from './trainees.js';

export const hostelStudentSchema = z.object({
  ...traineeRecordFields,
  student_id: z.number().nullable(),
  pricing_id: z.number(),
  session_id: z.number().nullable(),
  room: z.string().nullable(),
  /** Checked out by the desk: `end_date` is the day she left, and she is gone on it (vacated, her bed free). */
  checked_out: z.boolean(),
});
export type HostelStudent = z.infer<typeof hostelStudentSchema>;

const fields = {
  ...traineeInputFields,
  /** A makeup student living in the hostel, when they are one. */
  student_id: id().nullish(),
  /** Hostel pricing: an extra program of type hostel. */
  pricing_id: id(),
  session_id: id().nullish(),
  room: optionalText(30),
};
export const hostelStudentInputSchema = z.object({ ...fields, ...firstPaymentFields }).refine(...endRule).refine(...depositRule);
export const hostelStudentUpdateSchema = z.object(fields).partial().refine(...endRule);

const textParams = z.object({ text: z.string().min(1).max(100) });

/**
 * `POST /api/hostel-students/check-out { id, date? }`: she leaves on `date` (default the studio's today; a past day is
 * allowed, not before her check-in; a later day keeps her in session until then). Her end date becomes that day and
 * she is gone on it: off the in-session list, her bed free, on the Vacated list. Logged as `check-out`.
 */
export const checkOutAction = defineAction({
  path: 'check-out',
  body: z.object({ id: id(), date: isoDate().optional() }),
  toUpdate: (b) => ({ checked_out: true, ...(b.date ? { end_date: b.date } : {}) }),
  label: 'Check out',
  log: 'check-out',
});

/**
 * Trainees in the studio's hostel: start is check-in, end is check-out. Vacated once the check-out has passed, or from
 * the check-out day itself when the desk checked her out (`checked_out`).
 */
export const hostelStudents = defineResource({
  name: 'hostel-students',
  path: '/api/hostel-students',
  label: 'Hostel Students',
  singular: 'Hostel Student',
  record: hostelStudentSchema,
  create: hostelStudentInputSchema,
  update: hostelStudentUpdateSchema,
  filters: z.object({ ...traineeFilterFields, pricing_id: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
  searchable: ['name', 'phone', 'room'],
  sortable: ['name', 'room', 'start_date', 'end_date', 'fee', 'amount_paid', 'balance', 'status', 'created_at'],
  defaultSort: { field: 'start_date', order: 'desc' },
  lists: {
    ...traineeLists('/api/hostel-students', { owing: true, insessionMonth: false }),
    /** Vacated (as of today), with a check-out day in a month. */
    getmonthVacated: { path: 'getmonth-vacated/:month', params: z.object({ month: isoMonth() }), role: 'staff', order: { field: 'end_date', order: 'desc' }, label: 'Vacated in a month' },
    /** Gone today: check-out before today, or checked out by the desk on or before today (the staff page labelled Vacated). */
    vacated: { path: '/api/hostel-students-vacated', role: 'staff', order: { field: 'end_date', order: 'desc' }, label: 'Vacated' },
    vacatedSearch: { path: '/api/hostel-students-vacated/search/:text', params: textParams, role: 'staff', order: { field: 'end_date', order: 'desc' } },
  },
  totals: ['fee', 'amount_paid', 'balance'],
  references: { student_id: 'students', pricing_id: 'extra-programs', session_id: 'training-session' },
  ledger: { charge: 'fee', singular: 'Fee payment' },
  personal: { client: 'client_id', name: 'name', phone: 'phone', erase: { name: 'erased-name', phone: '', room: null }, exportKey: 'hostel' },
  actions: { suspend: suspendAction, changeSession: changeSessionAction, checkOut: checkOutAction },
  countPath: 'totalnumber',
  roles: { read: 'admin', write: 'admin' },
  fixture: { examples: (n) => traineeExamples(n).map((t, i) => ({ ...t, room: ['A1', 'B2', 'C3'][i] })), refs: { pricing_id: 1 } },
});
