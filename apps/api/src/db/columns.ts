import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Naira with kobo, exact: NUMERIC(14,2), read as a JS number only after SQL has done any sum. */
export const moneyColumn = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
