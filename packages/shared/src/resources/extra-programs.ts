import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { money, optionalText, recordBase, text } from '../primitives.js';
import { instalmentPlanSchema } from '../trainee-plans.js';
import { programRuleInputFields } from './training-programs.js';

export const EXTRA_PROGRAM_TYPES = ['office', 'hostel'] as const;
export const extraProgramTypeSchema = z.enum(EXTRA_PROGRAM_TYPES);
export type ExtraProgramType = (typeof EXTRA_PROGRAM_TYPES)[number];
export const EXTRA_PROGRAM_LABELS: Record<ExtraProgramType, { label: string; singular: string }> = {
  office: { label: 'PMU Packages', singular: 'PMU Package' },
  hostel: { label: 'Hostel Pricing', singular: 'Hostel Price' },
};

export const extraProgramSchema = z.object({
  ...recordBase,
  type: extraProgramTypeSchema,
  name: z.string(),
  price: z.number(),
  duration: z.string().nullable(),
  description: z.string().nullable(),
  /** A PMU package's plan and minimum attendance (issue 33); a hostel pricing has neither. */
  plan: instalmentPlanSchema.nullable(),
  min_attendance_percent: z.number().nullable(),
});
export const extraProgramInputSchema = z.object({
  type: extraProgramTypeSchema,
  name: text(100),
  price: money(),
  duration: optionalText(50),
  description: optionalText(1000),
  ...programRuleInputFields,
});

/** PMU packages (type office) and hostel pricing (type hostel); `list/{type}` gives one kind. */
export const extraPrograms = defineResource({
  name: 'extra-programs',
  path: '/api/extra-programs',
  label: 'Extra Programs',
  singular: 'Extra Program',
  record: extraProgramSchema,
  create: extraProgramInputSchema,
  searchable: ['name', 'duration'],
  sortable: ['name', 'type', 'price', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  lists: {
    /** One kind: PMU packages (`office`) or hostel pricing (`hostel`). */
    list: { path: 'list/:type', params: z.object({ type: extraProgramTypeSchema }), label: 'One kind' },
  },
  roles: { read: 'admin', write: 'admin' },
  fixture: {
    examples: (n) => [
      { type: 'office', name: `Brow Microblading ${n}`, price: 85000, duration: '2 weeks', description: 'Brows' },
      { type: 'hostel', name: `Shared Room ${n}`, price: 30000, duration: '1 month' },
      { type: 'office', name: `Lip Blush ${n}`, price: 120000.5 },
    ],
  },
});
