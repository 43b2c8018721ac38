import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { money, optionalText, recordBase, text } from '../primitives.js';

export const trainingProgramSchema = z.object({
  ...recordBase,
  name: z.string(),
  duration: z.string(),
  fee: z.number(),
  description: z.string().nullable(),
});
export const trainingProgramInputSchema = z.object({
  name: text(100),
  duration: text(50),
  fee: money(),
  description: optionalText(1000),
});

/** Program types of makeup training (e.g. "Professional makeup, 3 months"). */
export const trainingPrograms = defineResource({
  name: 'training-programs',
  path: '/api/training-programs',
  label: 'Program Types',
  singular: 'Program Type',
  record: trainingProgramSchema,
  create: trainingProgramInputSchema,
  searchable: ['name', 'duration'],
  sortable: ['name', 'duration', 'fee', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  roles: { read: 'admin', write: 'admin' },
});
