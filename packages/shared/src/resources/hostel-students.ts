import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { depositRule } from '../crud/ledger.js';
import { id, isoMonth, optionalText } from '../primitives.js';
import { changeSessionAction, endRule, firstPaymentFields, suspendAction, traineeFilterFields, traineeInputFields, traineeLists, traineeRecordFields } from './trainees.js';

export const hostelStudentSchema = z.object({
  ...traineeRecordFields,
  student_id: z.number().nullable(),
  pricing_id: z.number(),
  session_id: z.number().nullable(),
  room: z.string().nullable(),
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

/** Trainees in the studio's hostel: start is check-in, end is check-out; vacated once check-out has passed. */
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
    /** Checked out in a month. */
    getmonthVacated: { path: 'getmonth-vacated/:month', params: z.object({ month: isoMonth() }), role: 'staff', order: { field: 'end_date', order: 'desc' }, label: 'Vacated in a month' },
    /** Checked out before today (the staff page labelled Vacated). */
    vacated: { path: '/api/hostel-students-vacated', role: 'staff', order: { field: 'end_date', order: 'desc' }, label: 'Vacated' },
    vacatedSearch: { path: '/api/hostel-students-vacated/search/:text', params: textParams, role: 'staff', order: { field: 'end_date', order: 'desc' } },
  },
  totals: ['fee', 'amount_paid', 'balance'],
  references: { student_id: 'students', pricing_id: 'extra-programs', session_id: 'training-session' },
  ledger: { charge: 'fee', singular: 'Fee payment' },
  actions: { suspend: suspendAction, changeSession: changeSessionAction },
  countPath: 'totalnumber',
  roles: { read: 'admin', write: 'admin' },
});
