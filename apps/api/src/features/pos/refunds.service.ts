import { asc, eq, inArray, sql } from 'drizzle-orm';
import { formatKobo, fromKobo, lineNetKobo, methodLabel, paymentMethodDef, refundKobo, studioDate, toKobo, type OrderRefund, type OrderRefundInput } from '@studio/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { writeStock } from '../../resources/products/index.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound, unprocessable } from '../../plugins/errors.js';
import { appointmentPaymentsTable, appointmentsTable } from '../../db/schema.js';
import { assertDayOpen } from './day-close.service.js';
import type { DiscountApprover } from './discount-approval.js';
import { orderItemsTable, orderPaymentsTable, orderRefundItemsTable, orderRefundsTable, ordersTable } from './orders.table.js';
import { tenderFor } from './tenders.js';

// Partial refunds of a sale (issue 17, item 6; docs/decisions/015-*.md): some of its items given back, their stock
// restored, their money paid out in cash or by transfer, on the day the refund is made.

const R = orderRefundsTable;
const RI = orderRefundItemsTable;

type RefundRow = typeof R.$inferSelect;
type RefundItemRow = typeof RI.$inferSelect;

/** The refunds of some orders as the API answers them, by order id, oldest first. */
export async function refundsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderRefund[]>> {
  const out = new Map<number, OrderRefund[]>();
  if (!orderIds.length) return out;
  const refunds = await db.select().from(R).where(inArray(R.order_id, orderIds)).orderBy(asc(R.id));
  // most invoices have none: one query, and the lines only when there is something to read
  if (!refunds.length) return out;
  const lines = await db
    .select()
    .from(RI)
    .where(inArray(RI.refund_id, refunds.map((r) => r.id)))
    .orderBy(asc(RI.id));
  for (const r of refunds) {
    const list = out.get(r.order_id) ?? out.set(r.order_id, []).get(r.order_id)!;
    list.push(toRefund(r, lines.filter((l) => l.refund_id === r.id)));
  }
  return out;
}

function toRefund(r: RefundRow, lines: RefundItemRow[]): OrderRefund {
  return {
    id: r.id,
    amount: r.amount,
    method: r.method,
    reference: r.reference,
    reason: r.reason,
    business_date: r.business_date,
    items: lines.map((l) => ({ order_item_id: l.order_item_id, product_id: l.product_id, name: l.name, quantity: l.quantity, amount: l.amount })),
    staff: { id: r.staff_id, name: r.staff_name },
    approved_by: r.approved_by !== null ? { id: r.approved_by, name: r.approved_by_name ?? '' } : null,
    created_at: r.created_at.toISOString(),
  };
}

type Request = Omit<OrderRefundInput, 'client_ref' | 'approval' | 'confirm_transfers'> & { reference?: string | null };

/**
 * Refunds some of a sale's items. In one transaction: the order locked (a void or another refund of it waits), the
 * day of the refund checked open at the sale's outlet (as a void checks its day), the items checked against what was
 * sold less what was refunded before, the stock of each product put back with a `refund` line (products in id order,
 * before anything that daily_totals counts, as a sale locks them: no two writers wait on each other in a cycle), the
 * refund and its lines written (daily_totals takes them off the day's sales, migration 0023), and the log line.
 * The money back for each line is its share of what was paid (the discount spread over the lines), so a whole sale
 * refunded in any steps gives back exactly its total. Returns the refund's id.
 */
export async function refundOrder(
  tx: Tx,
  user: UserRow,
  orderId: number,
  input: Request,
  timeZone: string,
  opts: { approvedBy?: DiscountApprover | null; at?: Date; confirmTransfersBy?: DiscountApprover | null } = {},
): Promise<number> {
  const at = opts.at ?? new Date();
  const [order] = await tx.select().from(ordersTable).where(eq(ordersTable.id, orderId)).for('update');
  if (!order) throw notFound('Order');
  if (order.status === 'void') throw invalidField('status', `Invoice ${order.invoice_no} is void: there is nothing to refund.`);
  if (opts.confirmTransfersBy) await confirmSaleTransfers(tx, order, opts.confirmTransfersBy, at);
  await assertTransfersReceived(tx, order);
  const today = studioDate(at, timeZone);
  await assertDayOpen(tx, order.outlet, today, 'a refund is recorded on it');

  const lines = await tx.select().from(orderItemsTable).where(eq(orderItemsTable.order_id, orderId)).orderBy(asc(orderItemsTable.id));
  const before = new Map<number, number>();
  for (const r of await tx
    .select({ id: RI.order_item_id, n: sql<number>`sum(${RI.quantity})::int` })
    .from(RI)
    .where(inArray(RI.order_item_id, lines.map((l) => l.id)))
    .groupBy(RI.order_item_id))
    before.set(r.id, Number(r.n));
  // what is asked, per line of the sale; a product named instead of a line takes its lines in order
  const want = new Map<number, number>();
  const left = (id: number) => lines.find((l) => l.id === id)!.quantity - (before.get(id) ?? 0) - (want.get(id) ?? 0);
  const errors: Record<string, string[]> = {};
  input.items.forEach((item, i) => {
    if (item.order_item_id !== undefined) {
      const line = lines.find((l) => l.id === item.order_item_id);
      if (!line) return void (errors[`items.${i}.order_item_id`] = [`This item is not on invoice ${order.invoice_no}.`]);
      if (item.quantity > left(line.id)) return void (errors[`items.${i}.quantity`] = [tooMany(line, before.get(line.id) ?? 0, want.get(line.id) ?? 0)]);
      want.set(line.id, (want.get(line.id) ?? 0) + item.quantity);
      return;
    }
    const ofProduct = lines.filter((l) => l.product_id === item.product_id);
    if (!ofProduct.length) return void (errors[`items.${i}.product_id`] = [`This product is not on invoice ${order.invoice_no}.`]);
    const room = ofProduct.reduce((n, l) => n + left(l.id), 0);
    if (item.quantity > room) {
      const sold = ofProduct.reduce((n, l) => n + l.quantity, 0);
      const done = ofProduct.reduce((n, l) => n + (before.get(l.id) ?? 0), 0);
      const asked = ofProduct.reduce((n, l) => n + (want.get(l.id) ?? 0), 0);
      return void (errors[`items.${i}.quantity`] = [tooMany({ name: ofProduct[0]!.name, quantity: sold }, done, asked)]);
    }
    let rest = item.quantity;
    for (const l of ofProduct) {
      const take = Math.min(rest, left(l.id));
      if (take > 0) want.set(l.id, (want.get(l.id) ?? 0) + take);
      rest -= take;
    }
  });
  if (Object.keys(errors).length) throw unprocessable(errors);

  // the money back, line by line, in kobo
  const netK = lineNetKobo(
    lines.map((l) => toKobo(l.total)),
    toKobo(order.subtotal),
    toKobo(order.total),
  );
  const given = lines
    .map((l, i) => ({ line: l, quantity: want.get(l.id) ?? 0, amountK: refundKobo(netK[i]!, l.quantity, before.get(l.id) ?? 0, want.get(l.id) ?? 0) }))
    .filter((g) => g.quantity > 0);
  const amountK = given.reduce((k, g) => k + g.amountK, 0);

  await assertRefundFitsMethod(tx, order, input.method, amountK);

  // stock first, products in id order (a service, or a product turned into one since, has none to put back)
  const back = new Map<number, number>();
  for (const g of given) if (g.line.kind === 'product') back.set(g.line.product_id, (back.get(g.line.product_id) ?? 0) + g.quantity);
  for (const [productId, qty] of [...back].sort((a, b) => a[0] - b[0])) {
    await writeStock(tx, { changes: [[productId, qty]], reason: 'refund', userId: user.id, orderId, note: order.invoice_no, at });
  }

  const [refund] = await tx
    .insert(R)
    .values({
      order_id: orderId,
      outlet: order.outlet,
      business_date: today,
      amount: fromKobo(amountK),
      method: input.method,
      reference: input.reference ?? null,
      reason: input.reason,
      staff_id: user.id,
      staff_name: user.name,
      approved_by: opts.approvedBy?.id ?? null,
      approved_by_name: opts.approvedBy?.name ?? null,
      created_at: at,
    })
    .returning({ id: R.id });
  // one statement: daily_totals counts the refund once (its `refund` row's count is the refunds of the statement)
  await tx.insert(RI).values(
    given.map((g) => ({
      refund_id: refund!.id,
      order_item_id: g.line.id,
      product_id: g.line.product_id,
      name: g.line.name,
      quantity: g.quantity,
      amount: fromKobo(g.amountK),
      cost_price: g.line.cost_price,
    })),
  );
  // the money goes back through its method's handler (store credit: a line on the client's credit)
  const saleLines = await tx.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.order_id, orderId)).orderBy(asc(orderPaymentsTable.id));
  await tenderFor(input.method).reverse(
    tx,
    { id: null, method: input.method, amountK, reference: input.reference ?? null },
    {
      sale: { orderId, invoiceNo: order.invoice_no, outlet: order.outlet, clientId: order.client_id, customerName: order.customer_name, businessDate: order.business_date },
      user,
      at,
      date: today,
      field: 'method',
      kind: 'refund',
      refundId: refund!.id,
      lines: saleLines.filter((l) => l.method === input.method).map((l) => ({ id: l.id, method: l.method, amountK: toKobo(l.amount), reference: l.reference })),
    },
  );
  await tx.update(ordersTable).set({ updated_at: at }).where(eq(ordersTable.id, orderId));
  await recordActivity(tx, {
    user,
    action: 'refund',
    resource: 'orders',
    recordId: orderId,
    after: {
      refund_id: refund!.id,
      invoice_no: order.invoice_no,
      amount: fromKobo(amountK),
      method: input.method,
      reference: input.reference ?? null,
      reason: input.reason,
      business_date: today,
      items: given.map((g) => ({ order_item_id: g.line.id, product_id: g.line.product_id, quantity: g.quantity, amount: fromKobo(g.amountK) })),
      ...(opts.approvedBy ? { approved_by: opts.approvedBy } : {}),
    },
    at,
  });
  return refund!.id;
}

/**
 * Value paid before goes back where it came from (decision 032), asked of the declaration, not of a method's name. A
 * refund by a method that takes back only its own (a gift voucher) needs the sale to have drawn on one: the value goes
 * back on it (beyond what it drew, when the items refunded were paid partly in money: value instead of money, never
 * the reverse). Any other refund pays out at most what the sale took otherwise, less what such refunds paid before:
 * the voucher's part of a sale is never paid out in cash.
 */
async function assertRefundFitsMethod(tx: Tx, order: { id: number; invoice_no: string; total: number }, method: string, amountK: number): Promise<void> {
  const ownOnly = (m: string) => paymentMethodDef(m)?.prepaid?.refunds === 'own';
  const lines = await tx.select({ method: orderPaymentsTable.method, amount: orderPaymentsTable.amount }).from(orderPaymentsTable).where(eq(orderPaymentsTable.order_id, order.id));
  const k = (rows: { amount: number }[]) => rows.reduce((s, r) => s + toKobo(r.amount), 0);
  if (ownOnly(method)) {
    if (!lines.some((l) => l.method === method)) throw invalidField('method', `Invoice ${order.invoice_no} took nothing from a ${methodLabel(method).toLowerCase()} to put back: choose how the money goes back.`);
    return;
  }
  const ownK = k(lines.filter((l) => ownOnly(l.method)));
  if (ownK === 0) return;
  const before = await tx.select({ method: R.method, amount: R.amount }).from(R).where(eq(R.order_id, order.id));
  const leftK = toKobo(order.total) - ownK - k(before.filter((r) => !ownOnly(r.method)));
  if (amountK > leftK) {
    const labels = [...new Set(lines.filter((l) => ownOnly(l.method)).map((l) => methodLabel(l.method).toLowerCase()))].join(', ');
    throw invalidField('method', `Only ${formatKobo(Math.max(0, leftK))} of invoice ${order.invoice_no} can be paid back this way: it was paid partly by ${labels}, and that part goes back on it (refund these items to it).`);
  }
}

function tooMany(line: { name: string; quantity: number }, refunded: number, asked: number): string {
  const left = line.quantity - refunded - asked;
  const done = refunded ? `, ${refunded} refunded before` : '';
  const also = asked ? `, ${asked} already in this refund` : '';
  return left > 0 ? `Only ${left} of ${line.name} can be refunded (${line.quantity} sold${done}${also}).` : `No ${line.name} is left to refund (${line.quantity} sold${done}${also}).`;
}

/**
 * No money goes back for a sale whose transfer nobody has seen arrive (issue 17, decision 015): a fake transfer alert
 * followed by "refund me in cash" is the counter fraud that confirming transfers exists to stop. A transfer line still
 * unconfirmed is a 422 on `payments` (confirm it on Transfers to confirm first); one marked not received is a 422 too
 * (nothing came in to give back). The same holds for the transfer of an appointment's deposit the sale counted.
 */
async function assertTransfersReceived(tx: Tx, order: { id: number; invoice_no: string }): Promise<void> {
  const P = orderPaymentsTable;
  const D = appointmentPaymentsTable;
  const lines = await tx
    .select({ amount: P.amount, not_received_at: P.not_received_at })
    .from(P)
    .where(sql`${P.order_id} = ${order.id} and ${P.method} = 'transfer' and ${P.confirmed_at} is null`);
  // a deposit counted towards the sale (an appointment's) is money that came in only once its transfer is seen too
  const deposits = await tx
    .select({ amount: D.amount, not_received_at: D.not_received_at })
    .from(D)
    .innerJoin(appointmentsTable, eq(appointmentsTable.id, D.parent_id))
    .where(sql`${appointmentsTable.order_id} = ${order.id} and ${D.method} = 'transfer' and ${D.amount} > 0 and ${D.confirmed_at} is null`);
  lines.push(...deposits);
  if (!lines.length) return;
  const shown = (rows: typeof lines) => fromKobo(rows.reduce((k, l) => k + toKobo(l.amount), 0)).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const flagged = lines.filter((l) => l.not_received_at);
  if (flagged.length) throw invalidField('payments', `Invoice ${order.invoice_no} has a transfer marked not received (₦${shown(flagged)}): nothing came in to refund.`);
  throw invalidField(
    'payments',
    `Invoice ${order.invoice_no} was paid by a transfer nobody has confirmed yet (₦${shown(lines)}): an admin who has seen it arrive confirms it with this refund, or on Transfers to confirm, before any money goes back.`,
  );
}

/**
 * The sale's transfers still waiting for a person, confirmed with its refund by the admin making or approving it (who
 * has seen the money arrive; decision 029): as Transfers to confirm records them (who, when), one log line each. One
 * marked not received stays so (nothing came in: assertTransfersReceived refuses it).
 */
async function confirmSaleTransfers(tx: Tx, order: { id: number; invoice_no: string }, admin: DiscountApprover, at: Date): Promise<void> {
  const P = orderPaymentsTable;
  const confirmed = await tx
    .update(P)
    .set({ confirmed_at: at, confirmed_by: admin.id, confirmed_by_name: admin.name })
    .where(sql`${P.order_id} = ${order.id} and ${P.method} = 'transfer' and ${P.confirmed_at} is null and ${P.not_received_at} is null`)
    .returning({ id: P.id, amount: P.amount, reference: P.reference });
  for (const line of confirmed) {
    await recordActivity(tx, {
      user: admin,
      action: 'transfer_confirmed',
      resource: 'orders',
      recordId: order.id,
      after: { kind: 'sale', payment_id: line.id, amount: line.amount, reference: line.reference, invoice_no: order.invoice_no, with: 'refund' },
      at,
    });
  }
}

/** What an order's refunds gave back, in kobo (0 when none): a refunded sale is not voided (refund the rest instead). */
export async function refundedKobo(db: DbOrTx, orderId: number): Promise<number> {
  const [r] = await db.select({ k: sql<string | null>`sum(${R.amount})::text` }).from(R).where(eq(R.order_id, orderId));
  return toKobo(Number(r?.k ?? 0));
}
