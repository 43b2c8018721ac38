import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { products, stockStatus, type Product } from '@studio/shared';
import { isAdmin, type UserRow } from '../../plugins/auth.js';
import { productsTable } from './products.table.js';

export type ProductRow = typeof productsTable.$inferSelect;

/** The record's fields in the declaration's order (`productSchema`): a field declared there and stored in a column of the same name needs nothing here. */
const FIELDS = Object.keys(products.record.shape) as (keyof Product & string)[];
/** Fields that are not columns: derived from other columns. */
const DERIVED = { stock_status: (row: ProductRow) => stockStatus(row) } satisfies Partial<Record<keyof Product, (row: ProductRow) => unknown>>;
const derived = (field: string): field is keyof typeof DERIVED => field in DERIVED;

export function productRecord(row: ProductRow): Product {
  const values = row as unknown as Record<string, unknown>;
  return Object.fromEntries(
    FIELDS.map((f) => {
      const v = derived(f) ? DERIVED[f](row) : values[f];
      return [f, v instanceof Date ? v.toISOString() : (v ?? null)];
    }),
  ) as Product;
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
  const columns = p as unknown as Record<string, AnyPgColumn>;
  const iso = (col: AnyPgColumn) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const stockStatusSql = sql`case when ${p.kind} <> 'product' or ${p.quantity} is null then null
                         when ${p.quantity} <= 0 then 'finished'
                         when ${p.quantity} <= ${p.reorder_level} then 'low' else 'stocked' end`;
  const value = (f: string): SQL => {
    if (f === 'stock_status') return stockStatusSql;
    const col = columns[f]!;
    return col.columnType === 'PgTimestamp' ? iso(col) : sql`${col}`;
  };
  const pairs = FIELDS.filter((f) => withCost || f !== 'cost_price').map((f) => sql`${sql.raw(`'${f}'`)}, ${value(f)}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
