import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { depositRule } from '../crud/ledger.js';
import { id, isoDate, optionalText } from '../primitives.js';
import { changeSessionAction, endRule, firstPaymentFields, suspendAction, traineeExamples, traineeFilterFields, traineeInputFields, traineeLists, traineeRecordFields } from './trainees.js';

export const studentSchema = z.object({
  ...traineeRecordFields,
  email: z.string().nullable(),
  address: z.string().nullable(),
  program_id: z.number(),
  session_id: z.number(),
});
export type Student = z.infer<typeof studentSchema>;

const fields = {
  ...traineeInputFields,
  email: optionalText(150).pipe(z.email().nullable()),
  address: optionalText(255),
  program_id: id(),
  session_id: id(),
};
/**
 * POST: the dates may be left out: the start is the session's start, the end the start plus the program's duration
 * (`enrolmentEnd`; a 422 on `end_date` when the duration names no length of time).
 */
export const studentInputSchema = z
  .object({ ...fields, start_date: isoDate().optional(), end_date: isoDate().optional(), ...firstPaymentFields })
  .refine(...endRule)
  .refine(...depositRule);
export const studentUpdateSchema = z.object(fields).partial().refine(...endRule);

/** Makeup trainees: a program type, a training session, a fee paid in instalments. */
export const students = defineResource({
  name: 'students',
  path: '/api/students',
  label: 'Makeup Students',
  singular: 'Makeup Student',
  record: studentSchema,
  create: studentInputSchema,
  update: studentUpdateSchema,
  filters: z.object({
    ...traineeFilterFields,
    program_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    session_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  }),
  searchable: ['name', 'phone'],
  sortable: ['name', 'start_date', 'end_date', 'fee', 'amount_paid', 'balance', 'status', 'created_at'],
  defaultSort: { field: 'start_date', order: 'desc' },
  lists: traineeLists('/api/students', { program: { a: 'program', b: 'session' }, owing: true, insessionMonth: true }),
  totals: ['fee', 'amount_paid', 'balance'],
  references: { program_id: 'training-programs', session_id: 'training-session' },
  ledger: { charge: 'fee', singular: 'Fee payment' },
  personal: { client: 'client_id', name: 'name', phone: 'phone', erase: { name: 'erased-name', phone: '', email: null, address: null }, exportKey: 'makeup_training' },
  actions: { suspend: suspendAction, changeSession: changeSessionAction },
  countPath: 'totalnumber',
  roles: { read: 'admin', write: 'admin' },
  fixture: { examples: (n) => traineeExamples(n) },
});
