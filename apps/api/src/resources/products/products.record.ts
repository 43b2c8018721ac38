import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stockStatus, type Product } from '@studio/shared';
import { isAdmin, type UserRow } from '../../plugins/auth.js';
import { productsTable } from './products.table.js';

export type ProductRow = typeof productsTable.$inferSelect;

export function productRecord(row: ProductRow): Product {
  return {
    id: row.id,
    outlet: row.outlet,
    name: row.name,
    kind: row.kind,
    sku: row.sku,
    category: row.category,
    cost_price: row.cost_price,
    price: row.price,
    quantity: row.quantity,
    reorder_level: row.reorder_level,
    stock_status: stockStatus(row),
    duration_minutes: row.duration_minutes,
    archived_at: row.archived_at ? row.archived_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Staff never see cost prices (contract §3). */
export function productView(record: Product, user: UserRow): Product {
  if (isAdmin(user)) return record;
  const { cost_price: _cost, ...rest } = record;
  return rest;
}

/**
 * The same record built by the database as JSON text, for long lists (the POS product list): a
 * till's 2,000 items come back as one value instead of 2,000 rows parsed, mapped and serialised
 * again. Keys, order and formats match `productRecord` + `productView` exactly; a test compares them.
 */
export function productJsonSql(withCost: boolean): SQL {
  const p = productsTable;
  const iso = (col: AnyPgColumn) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`json_build_object(
    'id', ${p.id}, 'outlet', ${p.outlet}, 'name', ${p.name}, 'kind', ${p.kind}, 'sku', ${p.sku}, 'category', ${p.category},
    ${withCost ? sql`'cost_price', ${p.cost_price},` : sql``}
    'price', ${p.price}, 'quantity', ${p.quantity}, 'reorder_level', ${p.reorder_level},
    'stock_status', case when ${p.kind} <> 'product' or ${p.quantity} is null then null
                         when ${p.quantity} <= 0 then 'finished'
                         when ${p.quantity} <= ${p.reorder_level} then 'low' else 'stocked' end,
    'duration_minutes', ${p.duration_minutes},
    'archived_at', ${iso(p.archived_at)},
    'created_at', ${iso(p.created_at)}, 'updated_at', ${iso(p.updated_at)})`;
}
