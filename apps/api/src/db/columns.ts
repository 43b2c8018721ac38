import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';
import { toKobo } from '@studio/shared';

/** Naira with kobo, exact: NUMERIC(14,2), read as a JS number only after SQL has done any sum. */
export const moneyColumn = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A NUMERIC sum as SQL sends it (text, or null over no rows) in integer kobo, for exact arithmetic in JS. */
export const sumKobo = (v: string | number | null | undefined) => toKobo(Number(v ?? 0));
