import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { STOCK_PURCHASES_CATEGORY, formatKobo, fromKobo, studioDate, suppliers, supplierPaymentSchema, toKobo, type Outlet, type PaymentMethod, type SupplierPayables } from '@studio/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { idempotent, sendIdempotent } from '../../crud/idempotency.js';
import { currentUser, type UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { idParams, parseId } from '../../plugins/request.js';
import { financesTable, usersTable } from '../../db/schema.js';
import { supplierPayablesTable, suppliersTable } from './suppliers.table.js';

// What the studio owes its suppliers (issue 28, item 7; docs/decisions/027-owed-sales-offline-restock.md): a restock
// recorded as owed is a line here (products/restock-cost.ts), paid later by POST /api/suppliers/{id}/payments, which
// is then an expense "Stock purchases" in Income & Expenses by method (in the day close when cash at an outlet).

const P = supplierPayablesTable;

/** An expense "Stock purchases" written by the studio itself, by method (a cash one at an outlet is in its day close). */
async function stockExpense(tx: DbOrTx, user: UserRow, e: { amountK: number; method: PaymentMethod; date: string; outlet: Outlet | null; description: string }): Promise<number> {
  const [row] = await tx
    .insert(financesTable)
    .values({ type: 'expense', category: STOCK_PURCHASES_CATEGORY, amount: fromKobo(e.amountK), description: e.description.slice(0, 2000), date: e.date, outlet: e.outlet, method: e.method, recorded_by: user.id })
    .returning({ id: financesTable.id });
  return row!.id;
}

/** What is owed to the supplier and its lines, oldest first. */
export async function supplierPayables(db: DbOrTx, supplierId: number): Promise<SupplierPayables> {
  const rows = await db.select({ l: P, user_name: usersTable.name }).from(P).leftJoin(usersTable, eq(usersTable.id, P.user_id)).where(eq(P.supplier_id, supplierId)).orderBy(asc(P.id));
  const owedK = rows.reduce((k, r) => k + toKobo(r.l.amount), 0);
  return {
    supplier_id: supplierId,
    owed: fromKobo(owedK),
    lines: rows.map(({ l, user_name }) => ({
      id: l.id,
      amount: l.amount,
      method: l.method,
      date: l.date,
      note: l.note,
      product_id: l.product_id,
      user: l.user_id !== null ? { id: l.user_id, name: user_name ?? '' } : null,
      created_at: l.created_at.toISOString(),
    })),
  };
}

/** `GET /api/suppliers/{id}/payables` and `POST /api/suppliers/{id}/payments` (admin, as the suppliers). */
export function registerSupplierPayableRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { role: suppliers.roles.write };
  const tags = [suppliers.label];
  const exists = async (tx: DbOrTx, id: number, lock = false) => {
    const q = tx.select({ id: suppliersTable.id, name: suppliersTable.name }).from(suppliersTable).where(eq(suppliersTable.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('Supplier');
    return row;
  };

  app.get(`${suppliers.path}/:id/payables`, { config, schema: { tags, params: idParams } }, async (req) => {
    const id = parseId(req.params.id, 'Supplier');
    await exists(db, id);
    return { data: await supplierPayables(db, id) };
  });

  app.post(`${suppliers.path}/:id/payments`, { config, schema: { tags, params: idParams, body: supplierPaymentSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Supplier');
    const { client_ref, ...body } = req.body;
    const today = studioDate(new Date(), fastify.config.tzStudio);
    const result = await idempotent(db, { scope: 'suppliers.payment', clientRef: client_ref, request: { id, ...body }, userId: user.id }, async (tx) => {
      // the supplier locked: two payments at once are serialised and each sees the other
      const supplier = await exists(tx, id, true);
      const [{ owed }] = (await tx.select({ owed: sql<string>`coalesce(sum(${P.amount}), 0)::text` }).from(P).where(eq(P.supplier_id, id))) as [{ owed: string }];
      const owedK = toKobo(Number(owed));
      const amountK = toKobo(body.amount);
      if (owedK <= 0) throw invalidField('amount', `Nothing is owed to ${supplier.name}.`);
      if (amountK > owedK) throw invalidField('amount', `The amount must not be greater than what is owed (${formatKobo(owedK)}).`);
      const financeId = await stockExpense(tx, user, { amountK, method: body.method, date: today, outlet: body.outlet ?? null, description: `Paid to ${supplier.name}${body.note ? `: ${body.note}` : ''}` });
      const [line] = await tx
        .insert(P)
        .values({ supplier_id: id, amount: fromKobo(-amountK), method: body.method, date: today, note: body.note ?? null, finance_id: financeId, user_id: user.id })
        .returning({ id: P.id });
      await recordActivity(tx, { user, action: 'payment', resource: 'suppliers', recordId: id, before: { owed: fromKobo(owedK) }, after: { payable_id: line!.id, amount: fromKobo(amountK), method: body.method, finance_id: financeId, owed: fromKobo(owedK - amountK) } });
      return { status: 201, body: { data: await supplierPayables(tx, id) } };
    });
    return sendIdempotent(reply, result);
  });
}
