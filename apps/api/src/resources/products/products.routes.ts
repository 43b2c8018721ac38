import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  studioDate,
  listQuerySchema,
  products,
  quantityChangeSchema,
  restockDetailsOf,
  stockTransferSchema,
  type StockMovement,
} from '@studio/shared';
import type { RoutesContext } from '../../crud/define-crud-module.js';
import { findRow } from '../../crud/register-crud-routes.js';
import { idParams, parseId } from '../../plugins/request.js';
import { currentUser } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { usersTable } from '../../db/schema.js';
import { productsTable, stockAlertOf, stockMovementsTable } from './products.table.js';
import { productRecord } from './products.record.js';
import { applyStockChange, lockProducts } from './stock.js';
import { findTransferTarget, newTransferProduct } from './transfer-target.js';
import { recordRestockCost } from './restock-cost.js';

const T = productsTable;

/** The three stock filters; services have no stock and are in none of them, nor are archived products (nobody restocks them). */
export const stockFilters: Record<'finished' | 'low' | 'stocked', SQL> = {
  // finished and low imply the stock alert predicate; said too, it lets them read its partial index
  finished: and(stockAlertOf(T), isNull(T.archived_at), lte(T.quantity, 0))!,
  low: and(stockAlertOf(T), isNull(T.archived_at), gt(T.quantity, 0), lte(T.quantity, T.reorder_level))!,
  stocked: and(eq(T.kind, 'product'), isNull(T.archived_at), gt(T.quantity, T.reorder_level))!,
};

/** An archived product's stock stays as its ledger left it until it is restored. */
const archivedError = (field: string, p: { name: string; outlet: string }) =>
  invalidField(field, `${p.name} at ${p.outlet} is archived: restore it before changing its stock.`);


/** Product calls beyond CRUD: stock filters, stock changes, the ledger and transfers (the POS lists: features/pos/till-products.routes.ts). */
export function registerProductRoutes(fastify: FastifyInstance, { db, checkReferences }: Pick<RoutesContext, 'db' | 'checkReferences'>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { role: 'admin' as const };
  const tags = [products.label];

  /** A signed change: restock (> 0) or write-off (< 0); never below zero. */
  app.put('/api/products/quantity/:id', { config: admin, schema: { tags, params: idParams, body: quantityChangeSchema } }, async (req) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Product');
    const { quantity, note, paid, payment_method: paymentMethod, ...details } = req.body;
    const body = { quantity, note };
    const today = studioDate(new Date(), fastify.config.tzStudio);
    const row = await db.transaction(async (tx) => {
      const existing = await findRow(tx, T, id);
      if (!existing) throw notFound('Product');
      if (existing.kind !== 'product') throw invalidField('quantity', 'A service has no stock.');
      if (existing.archived_at) throw archivedError('quantity', existing);
      // what a restock declares besides the count (restockDetailFields) goes on its movement, references checked
      await checkReferences(tx, details);
      const reason = body.quantity > 0 ? 'restock' : 'write_off';
      const after = await applyStockChange(tx, { productId: id, change: body.quantity, reason, userId: user.id, note: body.note, details });
      if (after === undefined) {
        const [now] = await tx.select({ q: T.quantity }).from(T).where(eq(T.id, id));
        throw invalidField('quantity', `Only ${now?.q ?? 0} in stock: the quantity cannot go below 0.`);
      }
      await recordActivity(tx, { user, action: reason, resource: 'products', recordId: id, before: { quantity: after - body.quantity }, after: { quantity: after, change: body.quantity, note: body.note, ...details } });
      // what it cost: paid now (an expense) or owed to the supplier (issue 28, item 7)
      if (paid && body.quantity > 0 && details.unit_cost)
        await recordRestockCost(tx, user, {
          paid,
          method: paymentMethod ?? null,
          supplierId: details.supplier_id ?? null,
          productId: id,
          productName: existing.name,
          outlet: existing.outlet,
          quantity: body.quantity,
          unitCost: details.unit_cost,
          date: today,
        });
      return (await findRow(tx, T, id))!;
    });
    return { data: productRecord(row) };
  });

  /** Brings an archived product back: in the lists and at the till again (if it has stock). */
  app.post('/api/products/:id/restore', { config: admin, schema: { tags, params: idParams } }, async (req) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Product');
    const row = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(T).where(eq(T.id, id)).for('update');
      if (!existing) throw notFound('Product');
      if (!existing.archived_at) throw invalidField('id', `${existing.name} is not archived.`);
      const [restored] = await tx.update(T).set({ archived_at: null, updated_at: new Date() }).where(eq(T.id, id)).returning();
      await recordActivity(tx, { user, action: 'restore', resource: 'products', recordId: id, before: { archived_at: existing.archived_at.toISOString() }, after: { archived_at: null } });
      return restored!;
    });
    return { data: productRecord(row) };
  });

  /** The stock ledger of one product, newest first (admin): who, when, why. */
  app.get('/api/products/:id/movements', { config: admin, schema: { tags, params: idParams, querystring: listQuerySchema } }, async (req) => {
    const id = parseId(req.params.id, 'Product');
    if (!(await findRow(db, T, id))) throw notFound('Product');
    const q = req.query;
    const page = q.page ?? 1;
    const perPage = q.per_page ?? 50;
    const M = stockMovementsTable;
    const where = eq(M.product_id, id);
    const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(M).where(where)) as [{ total: number }];
    const rows = await db
      .select({ m: M, user_name: usersTable.name })
      .from(M)
      .leftJoin(usersTable, eq(usersTable.id, M.user_id))
      .where(where)
      .orderBy(desc(M.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const data: StockMovement[] = rows.map(({ m, user_name }) => ({
      id: m.id,
      product_id: m.product_id,
      outlet: m.outlet,
      change: m.change,
      quantity_after: m.quantity_after,
      reason: m.reason,
      order_id: m.order_id,
      note: m.note,
      user: m.user_id ? { id: m.user_id, name: user_name ?? '' } : null,
      created_at: m.created_at.toISOString(),
      ...restockDetailsOf(m),
    }));
    return { data, current_page: page, last_page: Math.max(1, Math.ceil(Number(total) / perPage)), per_page: perPage, total: Number(total) };
  });

  /**
   * Moves stock to the same product at another outlet (matched by SKU, else by name: transfer-target.ts);
   * when it has none, creates it there with its own SKU and reorder level and no stock. Each leg is a ledger line.
   */
  app.post('/api/stock-transfers', { config: admin, schema: { tags, body: stockTransferSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const body = req.body;
    const result = await db.transaction(async (tx) => {
      const source = await findRow(tx, T, body.product_id);
      if (!source) throw invalidField('product_id', 'The selected product does not exist.');
      if (source.kind !== 'product') throw invalidField('product_id', 'A service cannot be transferred.');
      if (source.archived_at) throw archivedError('product_id', source);
      if (source.outlet === body.to_outlet) throw invalidField('to_outlet', 'The product is already at that outlet.');
      let target = await findTransferTarget(tx, source, body.to_outlet);
      // the same item archived there (and none in use): it is restored by hand, not duplicated
      if (target?.archived_at) throw archivedError('to_outlet', target);
      if (!target) {
        [target] = await tx.insert(T).values(await newTransferProduct(tx, source, body.to_outlet, body.reorder_level)).returning();
        // a product the transfer makes starts its history with its creation, as one made by hand would
        await recordActivity(tx, { user, action: 'create', resource: 'products', recordId: target!.id, after: productRecord(target!) });
      }
      // both rows locked in id order: transfers store->salon and salon->store at once cannot deadlock
      await lockProducts(tx, [source.id, target!.id]);
      const note = body.note ?? null;
      const left = await applyStockChange(tx, { productId: source.id, change: -body.quantity, reason: 'transfer_out', userId: user.id, note: note ?? `To ${body.to_outlet}` });
      if (left === undefined) {
        const [now] = await tx.select({ q: T.quantity }).from(T).where(eq(T.id, source.id));
        throw invalidField('quantity', `Only ${now?.q ?? 0} of ${source.name} in stock at ${source.outlet}.`);
      }
      await applyStockChange(tx, { productId: target!.id, change: body.quantity, reason: 'transfer_in', userId: user.id, note: note ?? `From ${source.outlet}` });
      const from = (await findRow(tx, T, source.id))!;
      const to = (await findRow(tx, T, target!.id))!;
      // both products' histories tell of it
      await recordActivity(tx, { user, action: 'transfer', resource: 'products', recordId: source.id, after: { to_product_id: to.id, to_outlet: to.outlet, quantity: body.quantity, note } });
      await recordActivity(tx, { user, action: 'transfer', resource: 'products', recordId: to.id, after: { from_product_id: source.id, from_outlet: source.outlet, quantity: body.quantity, note } });
      return { from: productRecord(from), to: productRecord(to), quantity: body.quantity };
    });
    return reply.code(201).send({ data: result });
  });
}
