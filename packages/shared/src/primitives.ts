import { z } from 'zod';
import './validation.js';
import { OUTLETS } from './labels.js';

/** Naira amount: a JSON number, at least 0, at most 2 decimals. Stored as NUMERIC(14,2). */
export const money = () =>
  z
    .number()
    .min(0)
    .max(999_999_999_999)
    // on the number's shortest decimal form: `n * 100` is inexact above ~1e9 (1234567890.12 * 100 is not whole)
    .refine((n) => /^-?\d+(\.\d{1,2})?$/.test(String(n)), { error: (iss) => `The ${String(iss.path?.at(-1) ?? 'amount').replace(/_/g, ' ')} field must have at most 2 decimal places.` });

export const text = (max = 255) => z.string().trim().min(1).max(max);
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/**
 * The years a studio's date can mean: 2000 to 2100. A year such as 0026 or 9999 is a typing slip, never a
 * booking or an expense, and PostgreSQL and JavaScript disagree on the years below 100 (a summary for them was
 * wrong) and a range to 9999 asked for a hundred thousand rows.
 */
export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const inYears = (y: string) => Number(y) >= YEAR_MIN && Number(y) <= YEAR_MAX;
/** `YYYY-MM-DD` with a year from 2000 to 2100, a real calendar day (no 2026-02-30). */
export function isRealDate(s: string): boolean {
  const m = datePattern.exec(s);
  if (!m || !inYears(m[1]!)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** `YYYY-MM` with a year from 2000 to 2100. */
export function isRealMonth(s: string): boolean {
  const m = monthPattern.exec(s);
  return !!m && inYears(m[1]!);
}
const fieldName = (iss: { path?: PropertyKey[] }, fallback: string) => String(iss.path?.at(-1) ?? fallback).replace(/_/g, ' ');
const yearsText = `a year from ${YEAR_MIN} to ${YEAR_MAX}`;
/** `YYYY-MM-DD`, a real calendar day in 2000 to 2100: THE date of every record, query and route. */
export const isoDate = () =>
  z.string().refine(isRealDate, { error: (iss) => `The ${fieldName(iss, 'date')} field must be a real date in the form YYYY-MM-DD, in ${yearsText}.` });
/** A birthday: `YYYY-MM-DD`, a real calendar day from 1900 to 2100 (a client's birth year is before 2000). */
export function isRealBirthDate(s: string): boolean {
  const m = datePattern.exec(s);
  if (!m || Number(m[1]) < 1900 || Number(m[1]) > YEAR_MAX) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
export const birthDate = () =>
  z.string().refine(isRealBirthDate, { error: (iss) => `The ${fieldName(iss, 'date')} field must be a real date in the form YYYY-MM-DD, in a year from 1900 to ${YEAR_MAX}.` });
/** `YYYY-MM` in 2000 to 2100. */
export const isoMonth = () => z.string().refine(isRealMonth, { error: (iss) => `The ${fieldName(iss, 'month')} field must be a month in the form YYYY-MM, in ${yearsText}.` });
/** A month (`YYYY-MM`) or a real day in it (`YYYY-MM-DD`), in 2000 to 2100. */
export const isoMonthOrDate = () =>
  z.string().refine((s) => isRealMonth(s) || isRealDate(s), { error: (iss) => `The ${fieldName(iss, 'month')} field must be a month in the form YYYY-MM (or a real date in it), in ${yearsText}.` });
/** A year (`YYYY`), or a real month or day in it, in 2000 to 2100. */
export const isoYear = () =>
  z.string().refine((s) => (/^\d{4}$/.test(s) && inYears(s)) || isRealMonth(s) || isRealDate(s), { error: (iss) => `The ${fieldName(iss, 'year')} field must be ${yearsText} in the form YYYY.` });

/**
 * The first and last instant a body or query may carry (an appointment's start, an offline sale's clock times):
 * the same 2000 to 2100 as the dates, in UTC. Beyond them an instant is a typing slip or a device clock that is
 * wrong, and some broke the server: 9999-12-31T23:59:59Z plus an appointment's length is past what PostgreSQL
 * stores (a 500), and a year 0001 came back as another year.
 */
export const INSTANT_MIN = `${YEAR_MIN}-01-01T00:00:00.000Z`;
export const INSTANT_MAX = `${YEAR_MAX}-12-31T23:59:59.999Z`;
const isoInstant = z.iso.datetime({ offset: true });
/**
 * ISO 8601 with `Z` or an offset (`2027-03-01T09:00:00+01:00`), a real calendar day as written, and the instant
 * from INSTANT_MIN to INSTANT_MAX.
 */
export function isRealInstant(s: unknown): boolean {
  if (typeof s !== 'string' || !isoInstant.safeParse(s).success || !isRealDate(s.slice(0, 10))) return false;
  const t = Date.parse(s);
  return t >= Date.parse(INSTANT_MIN) && t <= Date.parse(INSTANT_MAX);
}
/**
 * THE instant of every body and query (decision 028): ISO 8601 with an offset, in 2000 to 2100. Its OpenAPI schema
 * says so (`format: date-time`, `formatMinimum`, `formatMaximum`), which instants.test.ts checks of every route.
 */
export const instant = () =>
  z
    .string()
    .refine(isRealInstant, { error: (iss) => `The ${fieldName(iss, 'time')} field must be a date and time in ISO 8601 with an offset (2027-03-01T09:00:00Z), in ${yearsText}.` })
    .meta({ format: 'date-time', formatMinimum: INSTANT_MIN, formatMaximum: INSTANT_MAX });

/**
 * The key that makes a money-taking POST safe to retry (a sale, a payment, a finance entry): a UUID the client
 * makes once per intended write and sends again on a retry; a replay answers the first result, another body
 * with the same key is a 422 on `client_ref`.
 */
export const clientRef = () => z.uuid({ error: 'The client ref must be a UUID.' }).optional();

export const zeroOne = () => z.union([z.literal(0), z.literal(1)]);
export const id = () => z.number().int().positive();

/** Every stored record carries these. */
export const recordBase = {
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const outletSchema = z.enum(OUTLETS);
