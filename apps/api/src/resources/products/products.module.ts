import { and, eq, ne, sql } from 'drizzle-orm';
import { products, type Outlet } from '@studio/shared';
import { type DbOrTx, rows } from '../../db/client.js';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { lowerEq } from '../../crud/list-query.js';
import { invalidField } from '../../plugins/errors.js';
import { orderItemsTable } from '../../db/schema.js';
import { productsTable, stockMovementsTable } from './products.table.js';
import { applyStockChange } from './stock.js';
import { registerProductRoutes, stockFilters } from './products.routes.js';
import { productRecord } from './products.record.js';

/** A SKU names one product per outlet; the same SKU at another outlet (or it with that outlet's prefix) is the same item there (transfers match on it: transfer-target.ts). */
async function checkSku(tx: DbOrTx, outlet: Outlet, sku: string | null | undefined, selfId?: number) {
  if (!sku) return;
  const [hit] = await tx
    .select({ id: productsTable.id, archived_at: productsTable.archived_at })
    .from(productsTable)
    .where(and(eq(productsTable.outlet, outlet), lowerEq(productsTable.sku, sku), selfId ? ne(productsTable.id, selfId) : undefined))
    .limit(1);
  if (hit?.archived_at) throw invalidField('sku', 'The sku belongs to an archived product at this outlet: restore that one instead.');
  if (hit) throw invalidField('sku', 'The sku has already been taken at this outlet.');
}

/** Sold, or any stock movement (opening stock, restock, transfer, ...): its history must stay. */
export async function hasHistory(tx: DbOrTx, productId: number): Promise<boolean> {
  const [result] = await rows<{ yes: boolean }>(
    tx,
    sql`select exists (select 1 from ${orderItemsTable} where ${orderItemsTable.product_id} = ${productId})
    or exists (select 1 from ${stockMovementsTable} where ${stockMovementsTable.product_id} = ${productId}) as yes`,
  );
  return result?.yes === true;
}

export const productsModule = defineCrudModule({
  resource: products,
  table: productsTable,
  toRecord: productRecord,
  // staff never receive cost_price: the shared declaration's adminOnly
  lists: { finished: () => stockFilters.finished, low: () => stockFilters.low, stocked: () => stockFilters.stocked },
  // the `archived` filter: lists show products in use unless asked for the archived ones
  computed: () => ({ archived: sql<boolean>`(${productsTable.archived_at} is not null)` }),
  // a restock's declared details (restockDetailFields) that name a record (a supplier) are uses of it, like a product's own
  referencesAlsoIn: [{ table: stockMovementsTable, name: 'restocks', singular: 'Restock', label: 'Restocks' }],
  hooks: {
    /** A product with sales or a stock ledger is archived, never deleted: invoices and the ledger keep pointing at it. */
    async archiveInstead(existing, { tx }) {
      if (!(await hasHistory(tx, existing.id))) return false;
      if (!existing.archived_at) await tx.update(productsTable).set({ archived_at: new Date(), updated_at: new Date() }).where(eq(productsTable.id, existing.id));
      return true;
    },
    async beforeCreate(input, { tx }) {
      await checkSku(tx, input.outlet, input.sku);
      // a service has no stock; a product starts at the quantity given (or 0), recorded as its opening movement
      return { ...input, quantity: input.kind === 'service' ? null : (input.quantity ?? 0) };
    },
    async beforeUpdate(input, existing, { tx }) {
      // stock and sales history belong to an outlet: stock moves by transfer, with a ledger line per leg
      if (input.outlet !== undefined && input.outlet !== existing.outlet) {
        throw invalidField('outlet', 'A product stays at its outlet: move its stock with a stock transfer.');
      }
      const kind = input.kind ?? existing.kind;
      await checkSku(tx, input.outlet ?? existing.outlet, input.sku === undefined ? existing.sku : input.sku, existing.id);
      const values: Record<string, unknown> = { ...input };
      // Stock is never written from a value read before this transaction took the row lock: a sale
      // committing in between would be overwritten. A product's quantity changes only through
      // applyStockChange (in afterWrite), as a ledger line.
      delete values.quantity;
      if (kind === 'service') {
        if (existing.kind === 'product' && (existing.quantity ?? 0) > 0) {
          throw invalidField('kind', `${existing.name} still has ${existing.quantity} in stock: write it off before making it a service.`);
        }
        values.quantity = null;
      } else if (existing.kind === 'service') {
        values.quantity = 0; // a service becoming a product starts empty; a quantity sent with it is its opening stock
      }
      return values;
    },
    async afterWrite(action, before, after, ctx) {
      if (!after || after.kind !== 'product') return;
      if (action === 'create') {
        if ((after.quantity ?? 0) > 0) {
          await ctx.tx.insert(stockMovementsTable).values({ product_id: after.id, outlet: after.outlet, change: after.quantity!, quantity_after: after.quantity!, reason: 'opening', user_id: ctx.user.id });
        }
        return;
      }
      // the quantity the client sent (beforeUpdate kept it out of the row's values)
      const body: unknown = ctx.req.body;
      const sent = body && typeof body === 'object' && 'quantity' in body ? body.quantity : undefined;
      if (action !== 'update' || typeof sent !== 'number') return;
      // The row is locked by the UPDATE that just ran, so this read sees every committed sale.
      const [current] = await ctx.tx.select({ q: productsTable.quantity }).from(productsTable).where(eq(productsTable.id, after.id));
      const diff = sent - (current?.q ?? 0);
      if (diff !== 0) {
        const opening = before?.kind === 'service';
        await applyStockChange(ctx.tx, { productId: after.id, change: diff, reason: opening ? 'opening' : 'adjustment', userId: ctx.user.id, note: opening ? null : 'Stock count (product edited)' });
      }
      after.quantity = sent;
    },
  },
  unique: [],
  routes: registerProductRoutes,
});
