import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { isoDate, recordBase, text } from '../primitives.js';

export const trainingSessionSchema = z.object({
  ...recordBase,
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  active: z.boolean(),
});
const fields = { name: text(100), start_date: isoDate(), end_date: isoDate(), active: z.boolean().default(true) };
const endNotBeforeStart = (b: { start_date?: string; end_date?: string }) => !b.start_date || !b.end_date || b.end_date >= b.start_date;
const endRule = { path: ['end_date'], error: 'The end date must be on or after the start date.' };

export const trainingSessionInputSchema = z.object(fields).refine(endNotBeforeStart, endRule);
export const trainingSessionUpdateSchema = z.object(fields).partial().refine(endNotBeforeStart, endRule);

type SessionDates = { start_date?: unknown; end_date?: unknown };

/**
 * Sessions as a picker offers them: the current ones first (started, not ended: the class a new student usually
 * joins), then the future ones soonest first, then the past ones latest first (issue 17, item 4).
 */
export function sessionPickerOrder(a: SessionDates, b: SessionDates, today: string): number {
  const when = (s: SessionDates) => (String(s.start_date) > today ? 1 : String(s.end_date) < today ? 2 : 0);
  const wa = when(a);
  const wb = when(b);
  if (wa !== wb) return wa - wb;
  const byStart = String(a.start_date).localeCompare(String(b.start_date));
  return wa === 1 ? byStart : -byStart;
}

/** A training intake (e.g. "January 2027 class"), which students are placed in. */
export const trainingSessions = defineResource({
  name: 'training-session',
  path: '/api/training-session',
  label: 'Training Sessions',
  singular: 'Training Session',
  record: trainingSessionSchema,
  create: trainingSessionInputSchema,
  update: trainingSessionUpdateSchema,
  searchable: ['name'],
  sortable: ['name', 'start_date', 'end_date', 'active', 'created_at'],
  defaultSort: { field: 'start_date', order: 'desc' },
  pickerOrder: sessionPickerOrder,
  roles: { read: 'admin', write: 'admin' },
  fixture: {
    examples: (n) => [
      { name: `January Class ${n}`, start_date: '2027-01-10', end_date: '2027-04-10' },
      { name: `March Class ${n}`, start_date: '2027-03-01', end_date: '2027-05-30', active: true },
      { name: `May Class ${n}`, start_date: '2027-05-02', end_date: '2027-08-01', active: false },
    ],
  },
});
