import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { depositRule } from '../crud/ledger.js';
import { id, optionalText } from '../primitives.js';
import { endRule, firstPaymentFields, suspendAction, traineeFilterFields, traineeInputFields, traineeLists, traineeRecordFields, traineeExamples } from './trainees.js';

export const officeStudentSchema = z.object({
  ...traineeRecordFields,
  email: z.string().nullable(),
  address: z.string().nullable(),
  package_id: z.number(),
});
export type OfficeStudent = z.infer<typeof officeStudentSchema>;

const fields = {
  ...traineeInputFields,
  email: optionalText(150).pipe(z.email().nullable()),
  address: optionalText(255),
  /** A PMU package: an extra program of type office. */
  package_id: id(),
};
export const officeStudentInputSchema = z.object({ ...fields, ...firstPaymentFields }).refine(...endRule).refine(...depositRule);
export const officeStudentUpdateSchema = z.object(fields).partial().refine(...endRule);

/** PMU (office) trainees: a PMU package instead of a program and session. */
export const officeStudents = defineResource({
  name: 'office-students',
  path: '/api/office-students',
  label: 'Office Students',
  singular: 'Office Student',
  record: officeStudentSchema,
  create: officeStudentInputSchema,
  update: officeStudentUpdateSchema,
  filters: z.object({ ...traineeFilterFields, package_id: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
  searchable: ['name', 'phone'],
  sortable: ['name', 'start_date', 'end_date', 'fee', 'amount_paid', 'balance', 'status', 'created_at'],
  defaultSort: { field: 'start_date', order: 'desc' },
  lists: traineeLists('/api/office-students', { program: { a: 'package', b: 'month' }, owing: true, insessionMonth: true }),
  totals: ['fee', 'amount_paid', 'balance'],
  references: { package_id: 'extra-programs' },
  ledger: { charge: 'fee', singular: 'Fee payment' },
  personal: { client: 'client_id', name: 'name', phone: 'phone', erase: { name: 'erased-name', phone: '', email: null, address: null }, exportKey: 'pmu_training' },
  actions: { suspend: suspendAction },
  countPath: 'totalnumber',
  roles: { read: 'admin', write: 'admin' },
  fixture: { examples: (n) => traineeExamples(n) },
});
