import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { INVOICE_PREFIX, TRANSFER_REORDER_LEVEL, type Outlet } from '@studio/shared';
import type { DbOrTx } from '../../db/client.js';
import { productsTable } from './products.table.js';

const T = productsTable;
const SKU_MAX = 60;

type ProductRow = typeof productsTable.$inferSelect;

/** A name as people mean it: case, outer spaces and runs of spaces aside (in SQL, so both sides fold alike). */
const foldedName = (name: SQL | AnyPgColumn) => sql`lower(regexp_replace(btrim(${name}), ${'\\s+'}, ' ', 'g'))`;

/** The SKU a product has at its own outlet without the outlet's prefix a transfer gave it ("SAL-LIP-01" at the salon → "LIP-01"). */
export function baseSku(outlet: Outlet, sku: string): string {
  const prefix = `${INVOICE_PREFIX[outlet]}-`;
  return sku.toUpperCase().startsWith(prefix) && sku.length > prefix.length ? sku.slice(prefix.length) : sku;
}

/** The SKU a transfer gives the product it creates at `outlet`: the outlet's invoice prefix and the source's SKU ("LIP-01" → "SAL-LIP-01"). */
export function outletSku(outlet: Outlet, base: string, n = 1): string {
  const suffix = n > 1 ? `-${n}` : '';
  return `${INVOICE_PREFIX[outlet]}-${base}`.slice(0, SKU_MAX - suffix.length) + suffix;
}

/**
 * The product at `outlet` a transfer of `source` adds to: the same SKU (the source's, without its own outlet's
 * prefix, or with the receiving outlet's), else the same name (case and spaces aside). A product in use comes
 * before an archived one, a SKU match before a name match; an archived match is returned so the caller can refuse.
 */
export async function findTransferTarget(tx: DbOrTx, source: ProductRow, outlet: Outlet): Promise<ProductRow | undefined> {
  const skus = source.sku ? [...new Set([source.sku, baseSku(source.outlet, source.sku), outletSku(outlet, baseSku(source.outlet, source.sku))].map((s) => s.toLowerCase()))] : [];
  const skuMatch = skus.length ? sql`lower(${T.sku}) in (${sql.join(skus.map((s) => sql`${s}`), sql`, `)})` : sql`false`;
  const nameMatch = sql`${foldedName(T.name)} = ${foldedName(sql`${source.name}::text`)}`;
  const [row] = await tx
    .select()
    .from(T)
    .where(and(eq(T.outlet, outlet), eq(T.kind, 'product'), sql`${T.quantity} is not null`, sql`(${skuMatch} or ${nameMatch})`))
    .orderBy(sql`${T.archived_at} is not null`, sql`case when ${skuMatch} then 0 else 1 end`, asc(T.id))
    .limit(1);
  return row;
}

/** A SKU for the new product at `outlet` that no product there has (archived ones included): "SAL-LIP-01", else "SAL-LIP-01-2", ... */
export async function freeOutletSku(tx: DbOrTx, source: ProductRow, outlet: Outlet): Promise<string | null> {
  if (!source.sku) return null;
  const base = baseSku(source.outlet, source.sku);
  for (let n = 1; ; n++) {
    const candidate = outletSku(outlet, base, n);
    const [taken] = await tx.select({ id: T.id }).from(T).where(and(eq(T.outlet, outlet), sql`lower(${T.sku}) = lower(${candidate})`)).limit(1);
    if (!taken) return candidate;
  }
}

/** The values of the product a transfer creates at `outlet`: the source's name, category and prices, its own SKU and reorder level, no stock yet. */
export async function newTransferProduct(tx: DbOrTx, source: ProductRow, outlet: Outlet, reorderLevel: number | null | undefined) {
  return {
    outlet,
    name: source.name,
    kind: 'product' as const,
    sku: await freeOutletSku(tx, source, outlet),
    category: source.category,
    cost_price: source.cost_price,
    price: source.price,
    quantity: 0,
    reorder_level: reorderLevel ?? TRANSFER_REORDER_LEVEL,
  };
}
