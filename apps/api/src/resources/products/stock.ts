import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { MovementReason } from '@studio/shared';
import type { DbOrTx } from '../../db/client.js';
import { productsTable, stockMovementsTable } from './products.table.js';

export interface StockChange {
  productId: number;
  change: number;
  reason: MovementReason;
  userId: number | null;
  orderId?: number | null;
  note?: string | null;
  /** A restock's declared details (`restockDetailFields`), each kept in the movement's column of the same name. */
  details?: Record<string, unknown>;
  /** Only when recording the past (the demo seed); otherwise now. */
  at?: Date;
}

/**
 * Adds a signed change to a product's stock in the caller's transaction. The update
 * itself requires the result to stay at or above 0, so two sales racing for the last
 * items cannot both succeed: the second waits for the first's row lock, re-reads the
 * quantity and matches nothing. Returns the new quantity and outlet, or undefined when
 * the change would go below 0 (or the product is a service or missing).
 */
export async function changeStock(tx: DbOrTx, productId: number, change: number) {
  const [row] = await tx
    .update(productsTable)
    .set({ quantity: sql`${productsTable.quantity} + ${change}`, updated_at: new Date() })
    .where(and(eq(productsTable.id, productId), eq(productsTable.kind, 'product'), gte(productsTable.quantity, -change)))
    .returning({ quantity: productsTable.quantity, outlet: productsTable.outlet });
  return row ? { quantity: row.quantity!, outlet: row.outlet } : undefined;
}

export type Movement = StockChange & { outlet: string; quantityAfter: number };

export async function recordMovements(tx: DbOrTx, movements: Movement[]): Promise<void> {
  if (!movements.length) return;
  await tx.insert(stockMovementsTable).values(
    movements.map((m) => ({
      product_id: m.productId,
      outlet: m.outlet as never,
      change: m.change,
      quantity_after: m.quantityAfter,
      reason: m.reason,
      order_id: m.orderId ?? null,
      note: m.note ?? null,
      user_id: m.userId,
      created_at: m.at,
      ...m.details,
    })),
  );
}

/** `changeStock` and its ledger line together. */
export async function applyStockChange(tx: DbOrTx, c: StockChange): Promise<number | undefined> {
  const row = await changeStock(tx, c.productId, c.change);
  if (!row) return undefined;
  await recordMovements(tx, [{ ...c, outlet: row.outlet, quantityAfter: row.quantity }]);
  return row.quantity;
}

/** Row-locks products in id order, so two writers touching the same pair can never wait on each other in a cycle. */
export async function lockProducts(tx: DbOrTx, ids: number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (!sorted.length) return;
  await tx.select({ id: productsTable.id }).from(productsTable).where(inArray(productsTable.id, sorted)).orderBy(asc(productsTable.id)).for('update');
}
