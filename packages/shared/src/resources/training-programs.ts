import { z } from 'zod';
import { addDays } from '../calendar.js';
import { defineResource } from '../crud/define-resource.js';
import { money, optionalText, recordBase, text } from '../primitives.js';
import { instalmentPlanSchema } from '../trainee-plans.js';

/** How long a program runs, read from its `duration` ("3 months", "6 weeks", "1 month 2 weeks", "10 days", "1 year"). */
export interface ProgramLength {
  months: number;
  days: number;
}

const LENGTH_PART = /(\d{1,3})\s*(years?|yrs?|months?|mths?|weeks?|wks?|days?)\b/gi;

/**
 * A program's length from the words of its duration; null when they name none (a duration such as "Flexible").
 *
 * @example
 * programLength('3 months') // { months: 3, days: 0 }
 * programLength('1 month 2 weeks') // { months: 1, days: 14 }
 * programLength('Flexible') // null
 */
export function programLength(duration: string | null | undefined): ProgramLength | null {
  let months = 0;
  let days = 0;
  let found = false;
  for (const [, n, unit] of (duration ?? '').matchAll(LENGTH_PART)) {
    const k = Number(n);
    const u = unit!.toLowerCase();
    found = true;
    if (u.startsWith('y')) months += 12 * k;
    else if (u.startsWith('m')) months += k;
    else if (u.startsWith('w')) days += 7 * k;
    else days += k;
  }
  return found && months + days > 0 ? { months, days } : null;
}

/**
 * The end of an enrolment: its start plus the program's length, months first (a day past the month's end is its last
 * day: 31 January + 1 month is 28 February), then days (issue 17, item 4: a 1-month class gets one month).
 *
 * @example
 * enrolmentEnd('2026-01-05', { months: 1, days: 0 }) // '2026-02-05'
 * enrolmentEnd('2026-05-04', { months: 0, days: 14 }) // '2026-05-18'
 */
export function enrolmentEnd(start: string, length: ProgramLength): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + length.months + 1, 0)).getUTCDate();
  const moved = new Date(Date.UTC(y, m - 1 + length.months, Math.min(d, last))).toISOString().slice(0, 10);
  return addDays(moved, length.days);
}

export const trainingProgramSchema = z.object({
  ...recordBase,
  name: z.string(),
  duration: z.string(),
  fee: z.number(),
  description: z.string().nullable(),
  plan: instalmentPlanSchema.nullable(),
  min_attendance_percent: z.number().nullable(),
});

/** What a program type or PMU package may ask of its trainees (issue 33): a plan, a minimum attendance for the certificate. */
export const programRuleInputFields = {
  /** Enrolment writes the trainee's schedule from it; null: no plan. */
  plan: instalmentPlanSchema.nullish(),
  /** The share (%) of marked days a trainee must attend for her certificate; null: no minimum. */
  min_attendance_percent: z.number().int({ error: 'The minimum attendance must be a whole percentage.' }).min(1).max(100).nullish(),
};
export const trainingProgramInputSchema = z.object({
  name: text(100),
  /** A length of time the enrolment form reads ("3 months", "6 weeks"): a student's end date is her start plus it. */
  duration: text(50),
  fee: money(),
  description: optionalText(1000),
  ...programRuleInputFields,
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
  fixture: {
    examples: (n) => [
      { name: `Bridal Makeup ${n}`, duration: '3 months', fee: 150000.5, description: 'Full makeup course' },
      { name: `Editorial Makeup ${n}`, duration: '6 weeks', fee: 90000, plan: { deposit: { share: 50, due_days: 0 }, instalments: [{ amount: 20000, due_days: 14 }, { share: 30, due_days: 28 }] }, min_attendance_percent: 80 },
      { name: `Gele Tying ${n}`, duration: '2 weeks', fee: 25000.25 },
    ],
  },
});
