import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, uniqueIndex, varchar, text, timestamp, jsonb } from 'drizzle-orm/pg-core';
import type { Outlet, PaymentMethod, RefundMethod, TouchUpRule } from '@studio/shared';
import { idColumn, moneyColumn, timestamps, transferCheckColumns } from '../../db/columns.js';
import { usersTable } from '../../resources/users/users.table.js';
import { productsTable } from '../../resources/products/products.table.js';
import { clientIdColumn } from '../../resources/clients/clients.table.js';
import { ledgerTable } from '../../db/ledger.table.js';

export const ordersTable = pgTable(
  'orders',
  {
    id: idColumn(),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    invoice_no: varchar('invoice_no', { length: 20 }).notNull(),
    customer_name: varchar('customer_name', { length: 100 }).notNull(),
    customer_phone: varchar('customer_phone', { length: 30 }),
    subtotal: moneyColumn('subtotal').notNull(),
    discount: moneyColumn('discount').notNull().default(0),
    total: moneyColumn('total').notNull(),
    amount_paid: moneyColumn('amount_paid').notNull(),
    change: moneyColumn('change').notNull().default(0),
    payment_method: varchar('payment_method', { length: 10 }).$type<PaymentMethod | 'split'>().notNull(),
    status: varchar('status', { length: 10 }).$type<'paid' | 'void'>().notNull().default('paid'),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => usersTable.id),
    staff_name: varchar('staff_name', { length: 100 }).notNull(),
    note: text('note'),
    client_ref: varchar('client_ref', { length: 36 }),
    /**
     * The hash of the sale's request in a canonical form (saleRequestHash): a retry with `client_ref` and the same
     * body answers the first order, another body with it is refused (issue 28, item 5). Null on sales made before.
     */
    request_hash: varchar('request_hash', { length: 64 }),
    /** The studio-time-zone day of the sale: month and day queries use it. */
    business_date: date('business_date', { mode: 'string' }).notNull(),
    voided_at: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voided_by: integer('voided_by').references(() => usersTable.id),
    /** Who voided it, by name as at the void (like staff_name), and why (required since issue 9). */
    voided_by_name: varchar('voided_by_name', { length: 100 }),
    void_reason: varchar('void_reason', { length: 200 }),
    /** The admin who approved a staff member's discount above the limit at the till, by id and name as at the sale. */
    discount_approved_by: integer('discount_approved_by').references(() => usersTable.id),
    discount_approved_by_name: varchar('discount_approved_by_name', { length: 100 }),
    /** Paid before the sale: an appointment's deposit counted at its check-out. */
    deposit: moneyColumn('deposit').notNull().default(0),
    /**
     * Naira still owed (issue 28, item 3; decision 027): a transfer marked not received adds its amount, a payment
     * taken later against it (order_balance_payments) takes it off. Kept by orders-balance.service.ts only.
     */
    balance: moneyColumn('balance').notNull().default(0),
    /** Found or created from customer_phone by a trigger (migration 0018). */
    client_id: clientIdColumn(),
    /** An offline sale that took stock below zero (issue 18): accepted, the products to be counted. */
    oversold: boolean('oversold').notNull().default(false),
    /** An offline sale's device, its count there and the provisional receipt the customer holds; null when sold online. */
    offline_device: varchar('offline_device', { length: 64 }),
    offline_seq: integer('offline_seq'),
    provisional_no: varchar('provisional_no', { length: 24 }),
    /** When the device queued the sale (its clock) and how old its prices were. */
    queued_at: timestamp('queued_at', { withTimezone: true, mode: 'date' }),
    prices_as_of: timestamp('prices_as_of', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_invoice_no_unique').on(t.invoice_no),
    // the stock check's list: few rows, whatever the number of sales
    index('orders_oversold_idx').on(t.id).where(sql`${t.oversold}`),
    uniqueIndex('orders_client_ref_unique').on(t.client_ref),
    // the paged lists' order (newest day, then time, then id: see pagedOrders) read straight from an index,
    // a month's page included; status and total at the end so its count and total need no table read on PostgreSQL
    index('orders_outlet_day_time_idx').on(t.outlet, t.business_date, t.created_at, t.id, t.status, t.total),
    index('orders_staff_day_time_idx').on(t.staff_id, t.business_date, t.created_at, t.id),
    // a client's history, newest first
    index('orders_client_day_idx').on(t.client_id, t.business_date, t.id),
    index('orders_day_time_idx').on(t.business_date, t.created_at, t.id, t.status, t.total),
    // paid sales by day with what the sums read: the finance summaries and the dashboard's daily totals
    // are an index-only scan on PostgreSQL (voids are not in it)
    index('orders_paid_day_idx').on(t.business_date, t.outlet, t.total, t.change).where(sql`${t.status} = 'paid'`),
    // the dashboard's returning clients: who bought this month, an index-only scan of the month's paid sales with a client
    index('orders_paid_client_day_idx').on(t.business_date, t.client_id).where(sql`${t.status} = 'paid' and ${t.client_id} is not null`),
    // the orders that are not paid (voids): few, so the transfers waiting are summed without looking up each one's order
    index('orders_unpaid_idx').on(t.id).where(sql`${t.status} <> 'paid'`),
    // the sales that owe (payment reminders, a client's balance): few, whatever the number of sales
    index('orders_owing_idx').on(t.id).where(sql`${t.balance} > 0 and ${t.status} = 'paid'`),
    // the name search (`ilike '%text%'`): trigrams find a rare name without reading every order (pg_trgm)
    index('orders_customer_name_trgm_idx').using('gin', sql`${t.customer_name} gin_trgm_ops`),
    // one name's orders at one outlet, newest first: the name search's page walks it per name found in order_names
    index('orders_name_outlet_day_time_idx').on(t.customer_name, t.outlet, t.business_date, t.created_at, t.id),
  ],
);

export const orderItemsTable = pgTable(
  'order_items',
  {
    id: idColumn(),
    order_id: integer('order_id')
      .notNull()
      .references(() => ordersTable.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => productsTable.id),
    name: varchar('name', { length: 150 }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<'product' | 'service'>().notNull(),
    /** The service's touch-up rule as sold (decision 040): the line of a PMU procedure is the client's touch-up plan. */
    touch_up: jsonb('touch_up').$type<TouchUpRule>(),
    unit_price: moneyColumn('unit_price').notNull(),
    cost_price: moneyColumn('cost_price').notNull(),
    quantity: integer('quantity').notNull(),
    total: moneyColumn('total').notNull(),
    /** Who did the work (issue 32; decision 033): the artist of a service, who sold a product; the seller unless the till names another. Null on lines before it: the order's seller. */
    staff_id: integer('staff_id').references(() => usersTable.id),
  },
  (t) => [index('order_items_order_idx').on(t.order_id), index('order_items_product_idx').on(t.product_id), index('order_items_staff_idx').on(t.staff_id)],
);

export const orderPaymentsTable = pgTable(
  'order_payments',
  {
    id: idColumn(),
    order_id: integer('order_id')
      .notNull()
      .references(() => ordersTable.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 10 }).$type<PaymentMethod>().notNull(),
    amount: moneyColumn('amount').notNull(),
    reference: varchar('reference', { length: 100 }),
    ...transferCheckColumns(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.order_id),
    // the transfers waiting for a person: a small index however many sales there are
    index('order_payments_unconfirmed_idx').on(t.id).where(sql`${t.method} = 'transfer' and ${t.confirmed_at} is null and ${t.not_received_at} is null`),
    // the transfers flagged not received (the finance summary and dashboard): a scan of every payment without it
    index('order_payments_not_received_idx').on(t.order_id).where(sql`${t.not_received_at} is not null`),
  ],
);

/**
 * A partial refund of a sale (issue 17, item 6; decision 015): some of its items given back, their money paid out
 * in cash or by transfer on `business_date` (the studio day it was made, whatever day the sale was), by whom, why, and
 * the admin who approved it when a staff member made it. Append-only: the lines below carry what it gave back;
 * daily_totals counts them as they are written (migration 0023).
 */
export const orderRefundsTable = pgTable(
  'order_refunds',
  {
    id: idColumn(),
    order_id: integer('order_id')
      .notNull()
      .references(() => ordersTable.id, { onDelete: 'cascade' }),
    /** The sale's outlet: the drawer (or account) the money leaves, and the day close that counts it. */
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    amount: moneyColumn('amount').notNull(),
    method: varchar('method', { length: 10 }).$type<RefundMethod>().notNull(),
    reference: varchar('reference', { length: 100 }),
    reason: varchar('reason', { length: 255 }).notNull(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => usersTable.id),
    staff_name: varchar('staff_name', { length: 100 }).notNull(),
    approved_by: integer('approved_by').references(() => usersTable.id),
    approved_by_name: varchar('approved_by_name', { length: 100 }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_refunds_order_idx').on(t.order_id), index('order_refunds_outlet_day_idx').on(t.outlet, t.business_date)],
);

/** What one refund gave back, line by line: the sale's line, how many, and the money for them (their share of what was paid). */
export const orderRefundItemsTable = pgTable(
  'order_refund_items',
  {
    id: idColumn(),
    refund_id: integer('refund_id')
      .notNull()
      .references(() => orderRefundsTable.id, { onDelete: 'cascade' }),
    order_item_id: integer('order_item_id')
      .notNull()
      .references(() => orderItemsTable.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => productsTable.id),
    name: varchar('name', { length: 150 }).notNull(),
    quantity: integer('quantity').notNull(),
    amount: moneyColumn('amount').notNull(),
    /** The cost price as at the sale: the month's cost of goods goes down with the item. */
    cost_price: moneyColumn('cost_price').notNull(),
  },
  (t) => [index('order_refund_items_refund_idx').on(t.refund_id), index('order_refund_items_order_item_idx').on(t.order_item_id)],
);

/**
 * A sale's balance ledger (issue 28, item 3; decision 027): a transfer of the sale marked not received is a negative
 * line (its `note` names the payment line), a payment taken later a positive one, a later payment's transfer marked
 * not received a negative line reversing it. `orders.balance` is minus their sum. daily_totals counts each line on
 * the outlet's `sale` and `method` rows of its `date` (migration 0033), so income loses what never came and gains
 * what came later, on the day it did.
 */
export const orderBalancePaymentsTable = ledgerTable('order_balance_payments', () => ordersTable.id);
/** The note of the lines a void writes to net a balance ledger: no money taken, so no day close counts them. */
export const VOID_NETTING_NOTE = 'Invoice voided';

/** Per-outlet invoice sequence; the row lock on increment serialises numbering within an outlet only. */
export const invoiceCountersTable = pgTable('invoice_counters', {
  outlet: varchar('outlet', { length: 10 }).$type<Outlet>().primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * How many orders each outlet has, per status, kept by statement-level triggers on orders (migration 0014):
 * the paged lists' totals without counting every order on each request.
 */
export const orderCountsTable = pgTable(
  'order_counts',
  {
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    status: varchar('status', { length: 10 }).$type<'paid' | 'void'>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.outlet, t.status] })],
);

/**
 * How many orders each outlet has under each customer name, kept by statement-level triggers on orders (migration
 * 0027, as order_counts): the name search finds the few names that match (trigrams over distinct names, not over
 * 300,000 orders), counts their orders exactly from `n`, and reads a page per name from orders_name_outlet_day_time_idx.
 * A name whose orders were all renamed or deleted keeps a row with n = 0.
 */
export const orderNamesTable = pgTable(
  'order_names',
  {
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    customer_name: varchar('customer_name', { length: 100 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.outlet, t.customer_name] }), index('order_names_customer_name_trgm_idx').using('gin', sql`${t.customer_name} gin_trgm_ops`)],
);
