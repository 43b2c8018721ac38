import { and, eq, gt, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { monthRange } from '@studio/shared';
import type { AnyTable, ListContext } from '../../crud/define-crud-module.js';
import type { DbOrTx } from '../../db/client.js';
import { invalidField } from '../../plugins/errors.js';

// The list conditions the three trainee kinds (makeup, PMU and hostel) share (spec §7), and their checks;
// the tables themselves are in trainees.table.ts.

/** A trainee table's columns the lists read; `checked_out` only the hostel's (the desk's Check out). */
type TraineeCols = { start_date: AnyPgColumn; end_date: AnyPgColumn; suspended: AnyPgColumn; balance: AnyPgColumn; checked_out?: AnyPgColumn };

/**
 * Gone on `day`: the end date has passed; for a hostel student checked out by the desk, from the end date itself
 * (the day she left, her bed free that day).
 */
export function leftBy(t: TraineeCols, day: string): SQL {
  const passed = sql`${t.end_date} < ${day}::date`;
  return t.checked_out ? sql`(${passed} or (${t.checked_out} and ${t.end_date} <= ${day}::date))` : passed;
}

/** suspended, else completed once she has left (studio time), else active: read so without anyone editing it. */
export function traineeStatus(t: TraineeCols) {
  return ({ today }: { today: string }) => ({
    status: sql<string>`case when ${t.suspended} then 'suspended' when ${leftBy(t, today)} then 'completed' else 'active' end`,
  });
}

/** In training on `day`: not suspended, started, not yet left (a hostel student checked out that day has left). */
export const inSessionOn = (t: TraineeCols, day: string): SQL =>
  and(eq(t.suspended, false), lte(t.start_date, day), gte(t.end_date, day), t.checked_out ? or(eq(t.checked_out, false), gt(t.end_date, day)) : undefined)!;
/** In training at some time during `month`. */
export function inSessionDuring(t: TraineeCols, month: string): SQL {
  const { from, to } = monthRange(month);
  return and(eq(t.suspended, false), lte(t.start_date, to), gte(t.end_date, from))!;
}
export function dateInMonth(col: AnyPgColumn, month: string): SQL {
  const { from, to } = monthRange(month);
  return and(gte(col, from), lte(col, to))!;
}
/** `all`, or equality with the id in the path. */
export const idOrAll = (col: AnyPgColumn, value: string): SQL | undefined => (value === 'all' ? undefined : eq(col, Number(value)));
export const owing = (t: TraineeCols): SQL => gt(t.balance, 0);

/**
 * The conditions of `traineeLists` (packages/shared): by start and end month, and the -insession and -owing
 * variants with their search, day, month and program forms. `program` filters by the kind's own reference.
 */
export function traineeListConditions(t: TraineeCols, program?: (x: string) => SQL | undefined) {
  type P = Record<string, string>;
  return {
    getmonth: ({ month }: P) => dateInMonth(t.start_date, month!),
    getendmonth: ({ month }: P) => dateInMonth(t.end_date, month!),
    insession: (_: P, ctx: ListContext) => inSessionOn(t, ctx.today),
    insessionSearch: ({ text }: P, ctx: ListContext) => and(inSessionOn(t, ctx.today), ctx.search(text!)),
    insessionDate: ({ day }: P) => inSessionOn(t, day!),
    insessionMonth: ({ month }: P) => inSessionDuring(t, month!),
    insessionProgram: ({ x }: P, ctx: ListContext) => and(inSessionOn(t, ctx.today), program?.(x!)),
    owing: () => owing(t),
    owingSearch: ({ text }: P, ctx: ListContext) => and(owing(t), ctx.search(text!)),
    owingProgram: ({ x }: P) => and(owing(t), program?.(x!)),
  };
}

/** The fee from the program, package or pricing when the body gives none. */
export async function feeOr(input: { fee?: number }, tx: DbOrTx, table: AnyTable, priceColumn: string, id: number, field: string): Promise<number> {
  if (input.fee !== undefined) return input.fee;
  const [row] = await tx
    .select({ price: table[priceColumn] as AnyPgColumn })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw invalidField(field, `The selected ${field.replace(/_id$/, '')} is invalid.`);
  return Number(row.price);
}

/** A PUT naming one date is checked against the stored other. */
export function checkDates(input: { start_date?: string; end_date?: string }, existing: { start_date: string; end_date: string }): void {
  const start = input.start_date ?? existing.start_date;
  const end = input.end_date ?? existing.end_date;
  if (end < start) throw invalidField('end_date', 'The end date must be on or after the start date.');
}
