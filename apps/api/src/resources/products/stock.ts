import { asc, inArray, is, sql, SQL } from 'drizzle-orm';
import type { MovementReason } from '@studio/shared';
import { rows, type DbOrTx } from '../../db/client.js';
import { productsTable, stockMovementsTable } from './products.table.js';

/**
 * One write of stock: each product's quantity moved by its signed change, and for each product moved its line in
 * the stock ledger (`stock_movements`). The only place either is written after a product's creation (decision 038):
 * a sale embeds it in its one statement (`stockWriteSql`), a void, a refund, a restock or a count runs it alone
 * (`writeStock`). A product whose change would take it below 0 (unless `allowNegative`), a service or a missing
 * product is not moved and has no line: on rows the caller holds locked, two sales racing for the last items cannot
 * both succeed (the second re-reads the quantity after the first's commit and matches nothing).
 */
export interface StockWrite {
  /** [product id, signed change]; the ledger lines are written in product id order. */
  changes: readonly (readonly [productId: number, change: number])[];
  reason: MovementReason;
  userId: number | null;
  /** The movement lines' time: the database's now() unless given (the demo seed records the past; a sale its own time). */
  at?: Date;
  /** The products' `updated_at`: now unless given. */
  touchedAt?: Date;
  /** An offline sale: the goods left, so the quantity may go below 0. */
  allowNegative?: boolean;
  /** A condition the update also needs (a sale's: its day is not closed), in the caller's statement. */
  when?: SQL;
  /** The order the lines name, and their note: values, or SQL over `from` (a sale's `o.id`, `o.invoice_no`). */
  orderId?: number | null | SQL;
  note?: string | null | SQL;
  /** What `orderId` and `note` read from, joined to the moved products (a sale's CTE `o`). */
  from?: SQL;
  /** A restock's declared details (`restockDetailFields`), each kept in the movement's column of the same name. */
  details?: Record<string, unknown>;
}

const M = stockMovementsTable;
const value = (v: unknown, cast: string): SQL => (is(v, SQL) ? (v as SQL) : sql`${v ?? null}::${sql.raw(cast)}`);

/**
 * The SQL of a stock write, to embed in a statement: `update` is the body of a CTE the caller names `upd` (it answers
 * `id, quantity, outlet, change` of each moved product), `movements` the body of a later CTE (it reads `upd`).
 */
export function stockWriteSql(w: StockWrite): { update: SQL; movements: SQL } {
  const changes = JSON.stringify(w.changes.map(([id, change]) => ({ id, change })));
  const touched = (w.touchedAt ?? new Date()).toISOString();
  const update = sql`update products p set quantity = p.quantity + v.change, updated_at = ${touched}::timestamptz
      from jsonb_to_recordset(${changes}::jsonb) as v(id int, change int)
      where p.id = v.id and p.kind = 'product' and (${w.allowNegative ?? false}::boolean or p.quantity + v.change >= 0)${w.when ? sql` and ${w.when}` : sql``}
      returning p.id, p.quantity, p.outlet, v.change`;
  const detailKeys = Object.keys(w.details ?? {});
  const columns = detailKeys.map((k) => {
    const column = M[k as keyof typeof M.$inferInsert];
    if (!column) throw new Error(`stock_movements has no column ${k} (a restock detail)`);
    return column;
  });
  const movements = sql`insert into stock_movements (product_id, outlet, change, quantity_after, reason, order_id, note, user_id, created_at${sql.join(
    columns.map((c) => sql`, ${sql.identifier(c.name)}`),
  )})
      select upd.id, upd.outlet, upd.change, upd.quantity, ${w.reason}::text, ${value(w.orderId, 'int')}, ${value(w.note, 'text')}, ${w.userId}::int,
             coalesce(${w.at?.toISOString() ?? null}::timestamptz, now())${sql.join(columns.map((c, i) => sql`, ${sql.param(w.details![detailKeys[i]!], c)}::${sql.raw(c.getSQLType())}`))}
      from upd${w.from ? sql`, ${w.from}` : sql``}
      order by upd.id`;
  return { update, movements };
}

/** Runs a stock write alone, in the caller's transaction: each moved product's new quantity and outlet, by id. */
export async function writeStock(tx: DbOrTx, w: StockWrite): Promise<Map<number, { quantity: number; outlet: string }>> {
  const { update, movements } = stockWriteSql(w);
  const moved = await rows<{ id: number; quantity: number; outlet: string }>(tx, sql`with upd as (${update}), mv as (${movements}) select id, quantity, outlet from upd`);
  return new Map(moved.map((r) => [Number(r.id), { quantity: Number(r.quantity), outlet: r.outlet }]));
}

/** One product's change and its ledger line: the new quantity, or undefined when it was not moved. */
export async function applyStockChange(tx: DbOrTx, c: Omit<StockWrite, 'changes' | 'touchedAt' | 'when' | 'from'> & { productId: number; change: number }): Promise<number | undefined> {
  const { productId, change, ...w } = c;
  return (await writeStock(tx, { ...w, changes: [[productId, change]] })).get(productId)?.quantity;
}

/** Row-locks products in id order, so two writers touching the same pair can never wait on each other in a cycle. */
export async function lockProducts(tx: DbOrTx, ids: number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (!sorted.length) return;
  await tx.select({ id: productsTable.id }).from(productsTable).where(inArray(productsTable.id, sorted)).orderBy(asc(productsTable.id)).for('update');
}
