import { stockStatus, type Product } from '@studio/shared';
import { isAdmin, type UserRow } from '../../plugins/auth.js';
import type { productsTable } from './products.table.js';

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
