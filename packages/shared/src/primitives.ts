import { z } from 'zod';
import './validation.js';

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

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(s: string): boolean {
  if (!datePattern.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** `YYYY-MM-DD`, a real calendar day. */
export const isoDate = () => z.string().refine(isRealDate, { error: (iss) => `The ${String(iss.path?.at(-1) ?? 'date').replace(/_/g, ' ')} field must be a date in the form YYYY-MM-DD.` });
/** `YYYY-MM`. */
export const isoMonth = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'The month must be in the form YYYY-MM.' });

export const zeroOne = () => z.union([z.literal(0), z.literal(1)]);
export const id = () => z.number().int().positive();

/** Every stored record carries these. */
export const recordBase = {
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const OUTLETS = ['store', 'office', 'salon'] as const;
export type Outlet = (typeof OUTLETS)[number];
export const outletSchema = z.enum(OUTLETS);
export const OUTLET_LABELS: Record<Outlet, string> = { store: 'Makeup Store', office: 'PMU Office', salon: 'Salon' };

/** Money arithmetic is done in integer kobo; naira numbers are only for display and the wire. */
export const toKobo = (naira: number) => Math.round(naira * 100);
export const fromKobo = (kobo: number) => kobo / 100;
