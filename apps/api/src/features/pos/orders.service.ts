import { and, eq, inArray, sql } from 'drizzle-orm';
import { INVOICE_PREFIX, fromKobo, toKobo, type Order, type OrderCreate, type Outlet, type PaymentMethod, studioDate } from '@studio/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { productsTable } from '../../resources/products/products.table.js';
import { changeStock, recordMovements, takeStock, type Movement } from '../../resources/products/stock.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { HttpError, invalidField, unprocessable } from '../../plugins/errors.js';
import { invoiceCountersTable, orderItemsTable, orderPaymentsTable, ordersTable } from './orders.table.js';

type OrderRow = typeof ordersTable.$inferSelect;
/** The largest amount a NUMERIC(14,2) column holds, in kobo (well inside exact JS integers). */
const MAX_KOBO = 999_999_999_999_99;
const naira = (kobo: number) => `₦${fromKobo(kobo).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type ItemRow = typeof orderItemsTable.$inferSelect;
type PaymentRow = typeof orderPaymentsTable.$inferSelect;

/** One order as the API answers it; items and payments in the order they were written. */
function toOrder(r: OrderRow, items: ItemRow[], payments: PaymentRow[]): Order {
  return {
    id: r.id,
    invoice_no: r.invoice_no,
    outlet: r.outlet,
    customer_name: r.customer_name,
    customer_phone: r.customer_phone,
    items: items.map((i) => ({ id: i.id, product_id: i.product_id, name: i.name, unit_price: i.unit_price, quantity: i.quantity, total: i.total })),
    subtotal: r.subtotal,
    discount: r.discount,
    total: r.total,
    payments: payments.map((p) => ({ method: p.method, amount: p.amount, reference: p.reference })),
    amount_paid: r.amount_paid,
    change: r.change,
    payment_method: r.payment_method,
    status: r.status,
    staff: { id: r.staff_id, name: r.staff_name },
    note: r.note,
    client_ref: r.client_ref,
    business_date: r.business_date,
    voided_at: r.voided_at ? r.voided_at.toISOString() : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Orders with their items and payments, in the order of `rows`. */
export async function assembleOrders(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, payments] = await Promise.all([
    db.select().from(orderItemsTable).where(inArray(orderItemsTable.order_id, ids)).orderBy(orderItemsTable.id),
    db.select().from(orderPaymentsTable).where(inArray(orderPaymentsTable.order_id, ids)).orderBy(orderPaymentsTable.id),
  ]);
  return rows.map((r) =>
    toOrder(
      r,
      items.filter((i) => i.order_id === r.id),
      payments.filter((p) => p.order_id === r.id),
    ),
  );
}

export async function findOrder(db: DbOrTx, id: number): Promise<Order | undefined> {
  const rows = await db.select().from(ordersTable).where(eq(ordersTable.id, id)).limit(1);
  return (await assembleOrders(db, rows))[0];
}

async function findByClientRef(db: DbOrTx, ref: string): Promise<Order | undefined> {
  const rows = await db.select().from(ordersTable).where(eq(ordersTable.client_ref, ref)).limit(1);
  return (await assembleOrders(db, rows))[0];
}

function isClientRefConflict(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, d = 0; e && d < 4; e = e.cause as typeof e, d++) {
    if (e.code === '23505' && (e.constraint === 'orders_client_ref_unique' || /client_ref/.test(e.message ?? ''))) return true;
  }
  return false;
}

/** Next invoice number of an outlet; the counter row stays locked until the sale commits, so numbers have no gaps. */
async function nextInvoiceNo(tx: DbOrTx, outlet: Outlet): Promise<string> {
  const [row] = await tx
    .insert(invoiceCountersTable)
    .values({ outlet, last: 1 })
    .onConflictDoUpdate({ target: invoiceCountersTable.outlet, set: { last: sql`${invoiceCountersTable.last} + 1` } })
    .returning({ last: invoiceCountersTable.last });
  return `${INVOICE_PREFIX[outlet]}-${String(row!.last).padStart(6, '0')}`;
}

type Input = OrderCreate & { discount: number; customer_phone: string | null; note: string | null };

/**
 * Sells: prices every item from the database, checks each belongs to the outlet and
 * has the stock, and writes the order, its items, payments and stock decrements in one
 * transaction. A repeated `client_ref` returns the first order and sells nothing again.
 */
export async function createOrder(db: Db, user: UserRow, input: Input, timeZone: string, opts: { at?: Date } = {}): Promise<{ order: Order; replay: boolean }> {
  const ref = input.client_ref;
  try {
    const result = await db.transaction(async (tx): Promise<{ id: number; replay: true } | { order: Order; replay: false }> => {
      if (ref) {
        // Two tries of one sale at once (a double tap, a retry after a timeout): the second waits here
        // until the first commits, then finds its order. Without this it could lose the stock race to
        // its own twin and answer "not enough stock" instead of the sale.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${ref}, 0))`);
        const [first] = await tx.select({ id: ordersTable.id }).from(ordersTable).where(eq(ordersTable.client_ref, ref)).limit(1);
        if (first) return { id: first.id, replay: true };
      }
      const at = opts.at ?? new Date();
      const ids = [...new Set(input.items.map((i) => i.product_id))];
      // read once and locked in id order: two carts never wait on each other in a cycle, and the stock
      // taken below (one statement for the whole cart) touches rows this sale already holds
      const found = await tx.select().from(productsTable).where(inArray(productsTable.id, ids)).orderBy(productsTable.id).for('update');
      const byId = new Map(found.map((p) => [p.id, p]));
      const errors: Record<string, string[]> = {};
      input.items.forEach((item, i) => {
        const p = byId.get(item.product_id);
        if (!p) errors[`items.${i}.product_id`] = ['The selected product does not exist.'];
        else if (p.outlet !== input.outlet) errors[`items.${i}.product_id`] = [`${p.name} is not sold at this outlet.`];
        else if (p.archived_at) errors[`items.${i}.product_id`] = [`${p.name} is archived and no longer sold.`];
      });
      if (Object.keys(errors).length) throw unprocessable(errors);

      const lines = input.items.map((item) => {
        const p = byId.get(item.product_id)!;
        const unitK = toKobo(p.price);
        return { product: p, quantity: item.quantity, unitK, totalK: unitK * item.quantity };
      });
      const subtotalK = lines.reduce((s, l) => s + l.totalK, 0);
      if (subtotalK > MAX_KOBO) throw invalidField('items', 'The order total is too large.');
      const discountK = toKobo(input.discount);
      if (discountK > subtotalK) throw invalidField('discount', `The discount cannot be more than the subtotal (${naira(subtotalK)}).`);
      const totalK = subtotalK - discountK;

      const payments = input.payments ?? [{ method: input.payment_method as PaymentMethod, amount: input.amount_paid ?? fromKobo(totalK), reference: null }];
      const paidK = payments.reduce((s, p) => s + toKobo(p.amount), 0);
      const payField = input.payments ? 'payments' : 'amount_paid';
      if (paidK > MAX_KOBO) throw invalidField(payField, 'The amount paid is too large.');
      if (paidK < totalK) throw invalidField(payField, `The payments (${naira(paidK)}) do not cover the total (${naira(totalK)}).`);
      const changeK = paidK - totalK;
      const cashK = payments.filter((p) => p.method === 'cash').reduce((s, p) => s + toKobo(p.amount), 0);
      if (changeK > cashK) throw invalidField(payField, 'Only cash can be more than the total: change is given in cash.');
      const methods = [...new Set(payments.map((p) => p.method))];

      // the whole cart's stock in one statement, on the rows locked above
      const need = new Map<number, number>();
      for (const l of lines) if (l.product.kind === 'product') need.set(l.product.id, (need.get(l.product.id) ?? 0) + l.quantity);
      const needs = [...need].sort((a, b) => a[0] - b[0]);
      const movements: Movement[] = [];
      const short: number[] = [];
      const taken = await takeStock(tx, needs, at);
      for (const [productId, qty] of needs) {
        const after = taken.get(productId);
        if (after) movements.push({ productId, change: -qty, reason: 'sale', userId: user.id, outlet: after.outlet, quantityAfter: after.quantity });
        else short.push(productId);
      }
      if (short.length) {
        const now = await tx.select({ id: productsTable.id, name: productsTable.name, quantity: productsTable.quantity }).from(productsTable).where(inArray(productsTable.id, short));
        const errs: Record<string, string[]> = {};
        input.items.forEach((item, i) => {
          const p = now.find((x) => x.id === item.product_id);
          if (p) errs[`items.${i}.quantity`] = [`Not enough stock of ${p.name}: ${p.quantity ?? 0} left, ${need.get(p.id)} wanted.`];
        });
        throw new HttpError(422, `Not enough stock: ${now.map((p) => `${p.name} (${p.quantity ?? 0} left)`).join(', ')}.`, errs);
      }

      const invoiceNo = await nextInvoiceNo(tx, input.outlet);
      const [order] = await tx
        .insert(ordersTable)
        .values({
          outlet: input.outlet,
          invoice_no: invoiceNo,
          customer_name: input.customer_name,
          customer_phone: input.customer_phone ?? null,
          subtotal: fromKobo(subtotalK),
          discount: fromKobo(discountK),
          total: fromKobo(totalK),
          amount_paid: fromKobo(paidK),
          change: fromKobo(changeK),
          payment_method: methods.length === 1 ? methods[0]! : 'split',
          staff_id: user.id,
          staff_name: user.name,
          note: input.note ?? null,
          client_ref: ref ?? null,
          business_date: studioDate(at, timeZone),
          created_at: at,
          updated_at: at,
        })
        .returning();
      const orderId = order!.id;
      const itemRows = await tx
        .insert(orderItemsTable)
        .values(
          lines.map((l) => ({ order_id: orderId, product_id: l.product.id, name: l.product.name, kind: l.product.kind, unit_price: fromKobo(l.unitK), cost_price: l.product.cost_price, quantity: l.quantity, total: fromKobo(l.totalK) })),
        )
        .returning();
      const paid = payments.filter((p) => toKobo(p.amount) > 0);
      const paymentRows = paid.length
        ? await tx
            .insert(orderPaymentsTable)
            .values(paid.map((p) => ({ order_id: orderId, method: p.method, amount: fromKobo(toKobo(p.amount)), reference: p.reference ?? null })))
            .returning()
        : [];
      await recordMovements(tx, movements.map((m) => ({ ...m, orderId, at, note: invoiceNo })));
      await recordActivity(tx, { user, action: 'sale', resource: 'orders', recordId: orderId, after: { invoice_no: invoiceNo, outlet: input.outlet, total: fromKobo(totalK), payment_method: order!.payment_method }, at });
      // the answer is built from the rows just written: no second read after the commit
      return { order: toOrder(order!, itemRows, paymentRows), replay: false };
    });
    if (!result.replay) return result;
    return { order: (await findOrder(db, result.id))!, replay: true };
  } catch (err) {
    // the unique index is the backstop behind the lock above: a duplicate still answers with the first sale
    if (ref && isClientRefConflict(err)) {
      const existing = await findByClientRef(db, ref);
      if (existing) return { order: existing, replay: true };
    }
    throw err;
  }
}

/** Voids a sale: status void, every product's stock restored with a ledger line. */
export async function voidOrder(db: Db, user: UserRow, id: number, opts: { at?: Date } = {}): Promise<Order | undefined> {
  const at = opts.at ?? new Date();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(ordersTable).where(eq(ordersTable.id, id)).for('update');
    if (!row) return false;
    if (row.status === 'void') throw invalidField('status', `Invoice ${row.invoice_no} is already void.`);
    const items = await tx.select().from(orderItemsTable).where(and(eq(orderItemsTable.order_id, id), eq(orderItemsTable.kind, 'product')));
    const back = new Map<number, number>();
    for (const i of items) back.set(i.product_id, (back.get(i.product_id) ?? 0) + i.quantity);
    const movements: Movement[] = [];
    for (const [productId, qty] of [...back].sort((a, b) => a[0] - b[0])) {
      const after = await changeStock(tx, productId, qty);
      // a product turned into a service since the sale has no stock to restore
      if (after) movements.push({ productId, change: qty, reason: 'void', userId: user.id, orderId: id, outlet: after.outlet, quantityAfter: after.quantity, note: row.invoice_no, at });
    }
    await recordMovements(tx, movements);
    await tx.update(ordersTable).set({ status: 'void', voided_at: at, voided_by: user.id, updated_at: at }).where(eq(ordersTable.id, id));
    await recordActivity(tx, { user, action: 'void', resource: 'orders', recordId: id, before: { status: row.status }, after: { status: 'void', restored: Object.fromEntries(back) } });
    return true;
  });
  return done ? findOrder(db, id) : undefined;
}
