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
  roles: { read: 'admin', write: 'admin' },
});
