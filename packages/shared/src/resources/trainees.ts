import { z } from 'zod';
import { defineAction, type ListCallDef } from '../crud/define-resource.js';
import { clientRef, id, isoDate, isoMonth, money, recordBase, text } from '../primitives.js';
import { paymentMethodFor } from './orders.js';
import { phoneNumber } from '../phone.js';

// What makeup, PMU (office) and hostel trainees share: identity, dates, a fee with its ledger, a status.

/**
 * active: in training; suspended: put on hold by the studio; completed: the end date has passed (read so
 * without anyone editing it: the API derives it from the studio's today). Only suspension is stored.
 */
export const TRAINEE_STATUSES = ['active', 'suspended', 'completed'] as const;
export type TraineeStatus = (typeof TRAINEE_STATUSES)[number];
export const traineeStatusSchema = z.enum(TRAINEE_STATUSES);
export const TRAINEE_STATUS_LABELS: Record<TraineeStatus, string> = { active: 'Active', suspended: 'Suspended', completed: 'Completed' };

export const traineeRecordFields = {
  ...recordBase,
  name: z.string(),
  phone: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  fee: z.number(),
  amount_paid: z.number(),
  balance: z.number(),
  status: traineeStatusSchema,
};


export const traineeInputFields = {
  name: text(100),
  phone: phoneNumber({ keep: 'typed' }),
  start_date: isoDate(),
  end_date: isoDate(),
  /** Omitted: the program's, package's or pricing's. */
  fee: money().optional(),
};
/** A create may carry the first payment (contract §4), with its method (`depositRule`: never cash by default). */
export const firstPaymentFields = { amount_paid: money().nullish(), payment_method: paymentMethodFor('fees').nullish(), client_ref: clientRef() };

const endNotBeforeStart = (b: { start_date?: string; end_date?: string }) => !b.start_date || !b.end_date || b.end_date >= b.start_date;
export const endRule: [typeof endNotBeforeStart, { path: string[]; error: string }] = [endNotBeforeStart, { path: ['end_date'], error: 'The end date must be on or after the start date.' }];

/** Filters every trainee list takes: status, owing only, money bounds, dates. */
export const traineeFilterFields = {
  status: traineeStatusSchema.optional(),
  balance_min: z.coerce.number().min(0).max(999_999_999_999).optional(),
  start_date_from: isoDate().optional(),
  start_date_to: isoDate().optional(),
  end_date_from: isoDate().optional(),
  end_date_to: isoDate().optional(),
};

const refParam = z.union([z.literal('all'), z.string().regex(/^\d{1,9}$/, { error: 'The id must be a number or all.' })]);
const monthParams = z.object({ month: isoMonth() });
const textParams = z.object({ text: z.string().min(1).max(100) });

export const suspendAction = defineAction({
  path: 'suspend',
  body: z.object({ id: id(), suspended: z.boolean().default(true) }),
  toUpdate: (b) => ({ suspended: b.suspended }),
  label: 'Suspend or reinstate',
});
export const changeSessionAction = defineAction({
  path: 'change-session',
  body: z.object({ id: id(), session_id: id() }),
  toUpdate: (b) => ({ session_id: b.session_id }),
  label: 'Move to another training session',
});

/**
 * The list calls of spec §7 for a trainee resource: by start and end month, and its `-owing` and `-insession`
 * variants (`{base}-owing`, `{base}-insession`), each with search; `program` (a reference and a second key) where
 * the resource has one.
 */
export function traineeLists(base: string, opts: { program?: { a: string; b: string }; owing: boolean; insessionMonth: boolean }) {
  const staff = 'staff' as const;
  const byName = { field: 'name', order: 'asc' as const };
  const lists: Record<string, ListCallDef> = {
    getmonth: { path: 'getmonth/:month', params: monthParams, order: { field: 'start_date', order: 'asc' }, label: 'Started in a month' },
    getendmonth: { path: 'getendmonth/:month', params: monthParams, order: { field: 'end_date', order: 'asc' }, label: 'Ending in a month' },
    insession: { path: `${base}-insession`, role: staff, order: byName, label: 'In session today' },
    insessionSearch: { path: `${base}-insession/search/:text`, params: textParams, role: staff, order: byName },
    insessionDate: { path: `${base}-insession/date/:day`, params: z.object({ day: isoDate() }), role: staff, order: byName, label: 'In session on a day' },
  };
  if (opts.insessionMonth) lists.insessionMonth = { path: `${base}-insession/month/:month`, params: monthParams, role: staff, order: byName, label: 'In session during a month' };
  if (opts.owing) {
    lists.owing = { path: `${base}-owing`, role: staff, order: byName, label: 'Owing' };
    lists.owingSearch = { path: `${base}-owing/search/:text`, params: textParams, role: staff, order: byName };
  }
  if (opts.program) {
    lists.program = { path: 'program/:a/:b', params: z.object({ a: refParam, b: opts.program.b === 'month' ? z.union([z.literal('all'), isoMonth()]) : refParam }), label: `By ${opts.program.a} and ${opts.program.b}` };
    lists.insessionProgram = { path: `${base}-insession/program/:x`, params: z.object({ x: refParam }), role: staff, order: byName };
    if (opts.owing) lists.owingProgram = { path: `${base}-owing/program/:x`, params: z.object({ x: refParam }), role: staff, order: byName };
  }
  return lists;
}

/**
 * The trainees' sample records (their fixtures): one starting next year with no payment, one finished (completed)
 * with a deposit, one paid in full: apart in every sortable field, status and balance included.
 */
export const traineeExamples = (n: number) =>
  [
    { name: `Amaka Trainee ${n}`, phone: '0803 111 2222', start_date: '2027-01-10', end_date: '2027-04-10', fee: 150000 },
    { name: `Bukola Trainee ${n}`, phone: '0803 333 4444', start_date: '2026-01-05', end_date: '2026-03-05', fee: 120000, amount_paid: 20000, payment_method: 'cash' },
    { name: `Chinwe Trainee ${n}`, phone: '0803 555 6666', start_date: '2027-02-01', end_date: '2027-06-01', fee: 175000.5, amount_paid: 175000.5, payment_method: 'transfer' },
  ] as const;
