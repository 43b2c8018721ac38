import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, time, varchar } from 'drizzle-orm/pg-core';
import type { BookingStatus, DepositOutcome } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { ledgerColumns, ledgerTable } from '../../db/ledger.table.js';
import { bridalPackagesTable } from '../bridal-packages/bridal-packages.table.js';
import { usersTable } from '../users/users.table.js';
import { clientIdColumn } from '../clients/clients.table.js';

export const bridalBookingsTable = pgTable(
  'bridal_bookings',
  {
    id: idColumn(),
    client_name: varchar('client_name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull(),
    email: varchar('email', { length: 150 }),
    event_date: date('event_date', { mode: 'string' }).notNull(),
    /** When the bride is to be ready (the artist's call time), if known: read as `HH:MM`. */
    event_time: time('event_time', { precision: 0 }),
    event_location: varchar('event_location', { length: 200 }),
    package_id: integer('package_id')
      .notNull()
      .references(() => bridalPackagesTable.id, { onDelete: 'restrict' }),
    price: moneyColumn('price').notNull(),
    ...ledgerColumns('price'),
    status: varchar('status', { length: 12 }).$type<BookingStatus>().notNull().default('pending'),
    artist_id: integer('artist_id').references(() => usersTable.id, { onDelete: 'set null' }),
    note: text('note'),
    client_id: clientIdColumn(),
    /** Cancelled holding money: what became of it (issue 28), and the studio day that was decided. */
    deposit_outcome: varchar('deposit_outcome', { length: 10 }).$type<DepositOutcome>(),
    settled_on: date('settled_on', { mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    index('bridal_bookings_event_date_idx').on(t.event_date, t.id),
    index('bridal_bookings_artist_date_idx').on(t.artist_id, t.event_date),
    index('bridal_bookings_package_idx').on(t.package_id),
    index('bridal_bookings_client_idx').on(t.client_id, t.event_date),
    // the ledger keeps amount_paid; this is the last line of defence against an overpaid or negative balance
    check('bridal_bookings_paid_within_price', sql`${t.amount_paid} >= 0 AND ${t.amount_paid} <= ${t.price}`),
  ],
);

/** Deposits and balance payments of each booking. */
export const bridalBookingPaymentsTable = ledgerTable('bridal_booking_payments', () => bridalBookingsTable.id);
