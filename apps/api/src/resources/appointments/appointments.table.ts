import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { AppointmentStatus, DepositOutcome, Outlet } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { ledgerColumns, ledgerTable } from '../../db/ledger.table.js';
import { clientsTable } from '../clients/clients.table.js';
import { productsTable } from '../products/products.table.js';
import { usersTable } from '../users/users.table.js';
import { ordersTable } from '../../features/pos/orders.table.js';

export const appointmentsTable = pgTable(
  'appointments',
  {
    id: idColumn(),
    /** The service's outlet. */
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id, { onDelete: 'restrict' }),
    service_id: integer('service_id')
      .notNull()
      .references(() => productsTable.id, { onDelete: 'restrict' }),
    artist_id: integer('artist_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'restrict' }),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The studio date of starts_at: the day and week books read it. */
    day: date('day', { mode: 'string' }).notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    status: varchar('status', { length: 10 }).$type<AppointmentStatus>().notNull().default('booked'),
    note: text('note'),
    price: moneyColumn('price').notNull(),
    ...ledgerColumns('price'),
    deposit_outcome: varchar('deposit_outcome', { length: 10 }).$type<DepositOutcome>(),
    /** The studio day the deposit's outcome was decided: a forfeited deposit is income on it (issue 28). */
    settled_on: date('settled_on', { mode: 'string' }),
    order_id: integer('order_id').references(() => ordersTable.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    index('appointments_day_idx').on(t.day, t.starts_at),
    index('appointments_outlet_day_idx').on(t.outlet, t.day, t.starts_at),
    index('appointments_artist_day_idx').on(t.artist_id, t.day, t.starts_at),
    index('appointments_client_idx').on(t.client_id, t.starts_at),
    index('appointments_service_idx').on(t.service_id),
    index('appointments_order_idx').on(t.order_id),
    check('appointments_paid_within_price', sql`${t.amount_paid} >= 0 AND ${t.amount_paid} <= ${t.price}`),
    check('appointments_ends_after_start', sql`${t.ends_at} > ${t.starts_at}`),
  ],
);

/** Deposits taken for appointments. */
export const appointmentPaymentsTable = ledgerTable('appointment_payments', () => appointmentsTable.id);
