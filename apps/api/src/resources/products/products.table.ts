import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, customType, index, integer, pgTable, text, timestamp, uniqueIndex, varchar, jsonb } from 'drizzle-orm/pg-core';
import type { MovementReason, Outlet, TouchUpRule } from '@studio/shared';
import { idColumn, moneyColumn, timestamps } from '../../db/columns.js';
import { suppliersTable } from '../suppliers/suppliers.table.js';
import { usersTable } from '../users/users.table.js';

/**
 * The id of the transaction that last wrote a row (`pg_current_xact_id()`, 64-bit, never wraps). The till's
 * list asks for the rows written by transactions its last read did not see (features/pos/till-catalogue.ts).
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * A product out of stock or at its reorder level (or below): the stock alerts. Few rows, kept in a partial index
 * (products_stock_alert_idx), so the dashboard's counts and most urgent products never read the whole catalogue;
 * every query that wants that index says this predicate as it is (the finished and low filters imply it).
 */
export const stockAlertOf = (t: { kind: AnyPgColumn; quantity: AnyPgColumn; reorder_level: AnyPgColumn }): SQL =>
  sql`${t.kind} = 'product' and ${t.quantity} <= greatest(${t.reorder_level}, 0)`;

export const productsTable = pgTable(
  'products',
  {
    id: idColumn(),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<'product' | 'service'>().notNull().default('product'),
    sku: varchar('sku', { length: 60 }),
    category: varchar('category', { length: 60 }),
    cost_price: moneyColumn('cost_price').notNull().default(0),
    price: moneyColumn('price').notNull(),
    /**
     * Stock on hand. Below zero only after an offline sale of more than the server knew of (the goods left: the
     * order is flagged `oversold` for a count, issue 18); every other path keeps it at or above 0 in its own
     * conditional update (stock.ts, orders.service.ts). Migration 0022 dropped the check that refused it.
     */
    quantity: integer('quantity'),
    reorder_level: integer('reorder_level').notNull().default(5),
    /** A service's usual length in minutes: an appointment's default (null for a product). */
    duration_minutes: integer('duration_minutes'),
    /** A PMU service's touch-up rule (decision 040); null for everything else. */
    touch_up: jsonb('touch_up').$type<TouchUpRule>(),
    /** Set when a product with history is "deleted": hidden from the till and the lists, its sales and ledger kept. */
    archived_at: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** Who the studio usually buys it from; a supplier named here is not deleted (products' `references`). */
    supplier_id: integer('supplier_id').references(() => suppliersTable.id, { onDelete: 'restrict' }),
    ...timestamps(),
    /** Set by a trigger on every insert and update (migration 0007): no code path can forget it. */
    changed_xid: xid8('changed_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('products_outlet_name_idx').on(t.outlet, t.name),
    index('products_outlet_changed_idx').on(t.outlet, t.changed_xid),
    uniqueIndex('products_outlet_sku_unique').on(t.outlet, sql`lower(${t.sku})`),
    index('products_stock_alert_idx').on(t.quantity, t.name, t.id).where(stockAlertOf(t)),
  ],
);

/** Every change of a product's quantity, with who, when and why. */
export const stockMovementsTable = pgTable(
  'stock_movements',
  {
    id: idColumn(),
    product_id: integer('product_id')
      .notNull()
      // a product with a ledger is archived, never deleted: no delete can take its history with it
      .references(() => productsTable.id, { onDelete: 'restrict' }),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    change: integer('change').notNull(),
    quantity_after: integer('quantity_after').notNull(),
    reason: varchar('reason', { length: 20 }).$type<MovementReason>().notNull(),
    order_id: integer('order_id'),
    note: text('note'),
    user_id: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // a restock's declared details (restockDetailFields): who delivered it, at what unit cost
    supplier_id: integer('supplier_id').references(() => suppliersTable.id, { onDelete: 'restrict' }),
    unit_cost: moneyColumn('unit_cost'),
  },
  (t) => [index('stock_movements_product_idx').on(t.product_id, t.id)],
);

/** A product deleted (or gone from an outlet), for the tills that still list it: written by a trigger (migration 0007). */
export const productRemovalsTable = pgTable(
  'product_removals',
  {
    id: idColumn(),
    product_id: integer('product_id').notNull(),
    outlet: varchar('outlet', { length: 10 }).$type<Outlet>().notNull(),
    removed_xid: xid8('removed_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('product_removals_outlet_idx').on(t.outlet, t.removed_xid)],
);
