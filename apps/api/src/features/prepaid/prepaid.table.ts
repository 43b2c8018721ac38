import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Outlet, PrepaidLineKind } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { usersTable } from '../../resources/users/users.table.js';
import { clientIdColumn } from '../../resources/clients/clients.table.js';
import { servicePackagesTable } from '../../resources/service-packages/service-packages.table.js';

// Value paid before the service (issue 31; decision 032). A voucher's and a client's credit balance is the sum of its
// lines in prepaid_lines: nothing here holds a balance.

/** A gift voucher sold: its code, face value and expiry; its value lives in prepaid_lines. */
export const giftVouchersTable = pgTable(
  'gift_vouchers',
  {
    id: idColumn(),
    /** Eight characters of VOUCHER_CODE_ALPHABET, stored without the dash. */
    code: varchar('code', { length: 12 }).notNull(),
    face_value: moneyColumn('face_value').notNull(),
    expires_on: date('expires_on', { mode: 'string' }),
    buyer_name: varchar('buyer_name', { length: 100 }),
    buyer_phone: varchar('buyer_phone', { length: 30 }),
    recipient_name: varchar('recipient_name', { length: 100 }),
    /** The buyer's client, found or created by phone (studio_link_client). */
    client_id: clientIdColumn(),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    payment_method: varchar('payment_method', { length: 10 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    sold_by: integer('sold_by')
      .notNull()
      .references(() => usersTable.id),
    sold_by_name: varchar('sold_by_name', { length: 100 }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('gift_vouchers_code_unique').on(t.code), index('gift_vouchers_client_idx').on(t.client_id)],
);

/**
 * A package of sessions a client bought (issue 31, item 4; decision 040): what it covered when sold (copied from its
 * service package, which may change later), its price and expiry. Its sessions and value left are its lines in
 * prepaid_lines (`client_package_id`): `sold` (+price, +sessions), `redeemed` (−value, −sessions), `voided` back.
 */
export const clientPackagesTable = pgTable(
  'client_packages',
  {
    id: idColumn(),
    service_package_id: integer('service_package_id')
      .notNull()
      .references(() => servicePackagesTable.id, { onDelete: 'restrict' }),
    client_id: clientIdColumn().notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Every service a session covers, the first the package's main one. */
    service_ids: jsonb('service_ids').$type<number[]>().notNull(),
    sessions: integer('sessions').notNull(),
    price: moneyColumn('price').notNull(),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    payment_method: varchar('payment_method', { length: 10 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    sold_by: integer('sold_by')
      .notNull()
      .references(() => usersTable.id),
    sold_by_name: varchar('sold_by_name', { length: 100 }).notNull(),
    ...timestamps(),
  },
  (t) => [index('client_packages_client_idx').on(t.client_id)],
);

/**
 * The one ledger of prepaid value: each line belongs to a voucher or to a client's credit (never both). Positive
 * lines add value (sold, topped up, a deposit kept, value put back by a refund or a void), negative ones draw it
 * (redeemed, written off). `method` is the money that came in or went out with it (a sale of value), null otherwise.
 */
export const prepaidLinesTable = pgTable(
  'prepaid_lines',
  {
    id: idColumn(),
    voucher_id: integer('voucher_id').references(() => giftVouchersTable.id, { onDelete: 'restrict' }),
    client_id: clientIdColumn(),
    /** A client's package (decision 040): its lines carry `sessions` too (sold +n, redeemed −1 a line, voided back). */
    client_package_id: integer('client_package_id').references(() => clientPackagesTable.id, { onDelete: 'restrict' }),
    sessions: integer('sessions'),
    kind: varchar('kind', { length: 12 }).$type<PrepaidLineKind>().notNull(),
    amount: moneyColumn('amount').notNull(),
    method: varchar('method', { length: 10 }),
    reference: varchar('reference', { length: 100 }),
    /** The sale it was drawn by or put back from, its payment line and refund. */
    order_id: integer('order_id'),
    payment_id: integer('payment_id'),
    refund_id: integer('refund_id'),
    /**
     * The bridal booking whose deposit was kept as this credit (or taken back from it): that money was income when it
     * was paid (decision 026), so keeping it as credit takes it out of the bookings' income on the day it was kept, and
     * it is income again only when spent (migration 0041; decision 032).
     */
    booking_id: integer('booking_id'),
    /** Where the money of a sale of value was taken (its day close). */
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    note: text('note'),
    user_id: integer('user_id').references(() => usersTable.id),
    user_name: varchar('user_name', { length: 100 }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('prepaid_lines_voucher_idx').on(t.voucher_id),
    index('prepaid_lines_client_idx').on(t.client_id),
    index('prepaid_lines_payment_idx').on(t.payment_id),
    index('prepaid_lines_day_idx').on(t.outlet, t.business_date),
    index('prepaid_lines_package_idx').on(t.client_package_id),
    check('prepaid_lines_one_account', sql`num_nonnulls(${t.voucher_id}, ${t.client_id}, ${t.client_package_id}) = 1`),
    check('prepaid_lines_sessions_on_packages', sql`(${t.sessions} is null) = (${t.client_package_id} is null)`),
    check('prepaid_lines_not_zero', sql`${t.amount} <> 0 or ${t.sessions} <> 0`),
  ],
);
