import { integer, numeric, timestamp, varchar } from 'drizzle-orm/pg-core';
import { toKobo, transferStatus, type TransferCheck } from '@studio/shared';

/** Naira with kobo, exact: NUMERIC(14,2), read as a JS number only after SQL has done any sum. */
export const moneyColumn = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A NUMERIC sum as SQL sends it (text, or null over no rows) in integer kobo, for exact arithmetic in JS. */
export const sumKobo = (v: string | number | null | undefined) => toKobo(Number(v ?? 0));

/**
 * A bank-transfer payment line waits for a person (issue 17): an admin confirms the money reached the account, or
 * flags it not received (a fake alert). Who did it is kept by id and by name as at that moment (like staff_name).
 * A line with method `transfer` and neither set is unconfirmed; other methods never are. Lines made before this
 * existed were confirmed by the migration (confirmed_at set, confirmed_by null): docs/decisions/015-*.md.
 */
export const transferCheckColumns = () => ({
  confirmed_at: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  confirmed_by: integer('confirmed_by'),
  confirmed_by_name: varchar('confirmed_by_name', { length: 100 }),
  not_received_at: timestamp('not_received_at', { withTimezone: true, mode: 'date' }),
  not_received_by: integer('not_received_by'),
  not_received_by_name: varchar('not_received_by_name', { length: 100 }),
  not_received_reason: varchar('not_received_reason', { length: 255 }),
});

type CheckRow = { [K in keyof ReturnType<typeof transferCheckColumns>]: K extends `${string}_at` ? Date | null : K extends `${string}_by` ? number | null : string | null };

/** The check columns of a payment line as the API answers them. */
export function presentTransferCheck(method: string, r: CheckRow): TransferCheck {
  const person = (id: number | null, name: string | null) => (id !== null ? { id, name: name ?? '' } : null);
  return {
    confirmed_at: r.confirmed_at ? r.confirmed_at.toISOString() : null,
    confirmed_by: person(r.confirmed_by, r.confirmed_by_name),
    not_received_at: r.not_received_at ? r.not_received_at.toISOString() : null,
    not_received_by: person(r.not_received_by, r.not_received_by_name),
    not_received_reason: r.not_received_reason,
    transfer_status: transferStatus(method, r),
  };
}
