import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '@studio/shared';
import { idColumn, moneyColumn, transferCheckColumns } from './columns.js';
import { usersTable } from '../resources/users/users.table.js';

// The table side of a payment ledger (the service that writes it is crud/ledger.ts): tables import this,
// never the service, so loading the schema never loads the engine.

/**
 * The parent's side of a ledger: `amount_paid` (kept by the ledger, never by a PUT) and `balance`, a
 * generated column (`charge - amount_paid`) so lists filter and sort on it like any column.
 *
 * @example
 * export const bookingsTable = pgTable('bridal_bookings', { ..., price: moneyColumn('price').notNull(), ...ledgerColumns('price') });
 */
export function ledgerColumns(charge: string) {
  return {
    amount_paid: moneyColumn('amount_paid').notNull().default(0),
    balance: numeric('balance', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql.raw(`"${charge}" - "amount_paid"`)),
  };
}

/**
 * A payment ledger table under `parent`: one line per payment, a reversal being a new negative line that
 * names the line it reverses (at most once: a unique index). Lines are never updated or deleted.
 *
 * @example
 * export const bookingPaymentsTable = ledgerTable('bridal_booking_payments', () => bookingsTable.id);
 */
export function ledgerTable(name: string, parentId: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: idColumn(),
      parent_id: integer('parent_id')
        .notNull()
        .references(parentId, { onDelete: 'restrict' }),
      amount: moneyColumn('amount').notNull(),
      method: varchar('method', { length: 10 }).$type<PaymentMethod>().notNull(),
      date: date('date', { mode: 'string' }).notNull(),
      note: text('note'),
      reverses_id: integer('reverses_id'),
      user_id: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
      created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
      ...transferCheckColumns(),
    },
    (t) => [
      index(`${name}_parent_idx`).on(t.parent_id, t.date, t.id),
      uniqueIndex(`${name}_reverses_unique`).on(t.reverses_id),
      index(`${name}_date_idx`).on(t.date),
      // the transfers waiting for a person (issue 17): a small index however long the ledger
      index(`${name}_unconfirmed_idx`).on(t.id).where(sql`${t.method} = 'transfer' and ${t.amount} > 0 and ${t.confirmed_at} is null and ${t.not_received_at} is null`),
      // the transfers flagged not received, by day (the finance summary and dashboard): as small, read without a scan
      index(`${name}_not_received_idx`).on(t.date).where(sql`${t.not_received_at} is not null`),
    ],
  );
}
export type LedgerTable = ReturnType<typeof ledgerTable>;
