import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_METHODS, formatKobo, fromKobo, toKobo, type Order, type PaymentMethod } from '@studio/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { presentTransferCheck } from '../../db/columns.js';
import { usersTable } from '../../db/schema.js';
import type { UserRow } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { assertDayOpen } from './day-close.service.js';
import { VOID_NETTING_NOTE, orderBalancePaymentsTable, ordersTable } from './orders.table.js';

// What a sale still owes (issue 28, item 3; docs/decisions/027-owed-sales-offline-restock.md). A sale stays `paid`
// (spec clients know no other status); what never came is a line of its balance ledger, `orders.balance` its sum.
// Every change of a balance goes through this module, in the caller's transaction, with the order row locked.

const L = orderBalancePaymentsTable;
const O = ordersTable;
type BalanceLine = Order['balance_payments'][number];

/** The balance lines of these orders, oldest first, by order. */
export async function balanceLinesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, BalanceLine[]>> {
  const out = new Map<number, BalanceLine[]>();
  if (!orderIds.length) return out;
  const found = await db
    .select({ line: L, user_name: usersTable.name })
    .from(L)
    .leftJoin(usersTable, eq(usersTable.id, L.user_id))
    .where(inArray(L.parent_id, orderIds))
    .orderBy(asc(L.id));
  for (const { line, user_name } of found) {
    const list = out.get(line.parent_id) ?? [];
    list.push({
      id: line.id,
      amount: line.amount,
      method: line.method,
      reference: line.note,
      date: line.date,
      user: line.user_id !== null ? { id: line.user_id, name: user_name ?? '' } : null,
      created_at: line.created_at.toISOString(),
      ...presentTransferCheck(line.method, line),
    });
    out.set(line.parent_id, list);
  }
  return out;
}

async function lockOrder(tx: Tx, id: number) {
  const [row] = await tx.select().from(O).where(eq(O.id, id)).for('update');
  return row;
}

/** Adds a line and moves the balance by minus its amount (a negative line is money owed again). */
async function addLine(
  tx: Tx,
  orderId: number,
  line: { amount: number; method: PaymentMethod; date: string; note: string | null; reverses_id?: number | null; confirmed?: Date },
  user: UserRow,
): Promise<number> {
  const [inserted] = await tx
    .insert(L)
    .values({
      parent_id: orderId,
      amount: line.amount,
      method: line.method,
      date: line.date,
      note: line.note,
      reverses_id: line.reverses_id ?? null,
      user_id: user.id,
      // a line the system writes to net a void is no transfer waiting for a person
      ...(line.confirmed ? { confirmed_at: line.confirmed, confirmed_by: user.id, confirmed_by_name: user.name } : {}),
    })
    .returning({ id: L.id });
  await tx
    .update(O)
    .set({ balance: sql`${O.balance} - ${String(line.amount)}::numeric`, updated_at: new Date() })
    .where(eq(O.id, orderId));
  return inserted!.id;
}

/**
 * A sale's transfer line marked not received (transfers.service.ts): the sale owes its amount, and the income of the
 * day it was found out (the sale's own day if later) loses it through the ledger's line.
 */
export async function oweNotReceived(tx: Tx, user: UserRow, orderId: number, line: { id: number; amount: number; date: string }, reason: string, today: string): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound('Order');
  await addLine(tx, orderId, { amount: -line.amount, method: 'transfer', date: today < line.date ? line.date : today, note: `Transfer not received (payment ${line.id}): ${reason}`.slice(0, 255) }, user);
}

/** A payment of a balance by transfer, marked not received: reversed by a negative line, so owed again. */
export async function reverseBalanceLine(tx: Tx, user: UserRow, orderId: number, line: { id: number; amount: number; date: string }, reason: string, today: string): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound('Order');
  await addLine(tx, orderId, { amount: -line.amount, method: 'transfer', date: today < line.date ? line.date : today, note: `Transfer not received: ${reason}`.slice(0, 255), reverses_id: line.id }, user);
}

/**
 * `POST /api/orders/{id}/payments`: money taken later against the balance, on `today` at the sale's outlet (that
 * day's close counts it, so the day must be open). More than the balance is a 422 on `amount`; a void sale owes nothing.
 */
export async function takeBalancePayment(tx: Tx, user: UserRow, orderId: number, body: { method: PaymentMethod; amount: number; reference?: string | null }, today: string): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound('Order');
  if (order.status === 'void') throw invalidField('status', `Invoice ${order.invoice_no} is void: it owes nothing.`);
  const balanceK = toKobo(order.balance);
  const amountK = toKobo(body.amount);
  if (balanceK <= 0) throw invalidField('amount', `Nothing is owed: invoice ${order.invoice_no} is paid in full.`);
  if (amountK > balanceK) throw invalidField('amount', `The amount must not be greater than the balance of ${formatKobo(balanceK)}.`);
  await assertDayOpen(tx, order.outlet, today, `a payment is taken on invoice ${order.invoice_no}`);
  const lineId = await addLine(tx, orderId, { amount: fromKobo(amountK), method: body.method, date: today, note: body.reference ?? null }, user);
  await recordActivity(tx, {
    user,
    action: 'payment',
    resource: 'orders',
    recordId: orderId,
    before: { balance: order.balance },
    after: { payment_id: lineId, amount: fromKobo(amountK), method: body.method, reference: body.reference ?? null, date: today, balance: fromKobo(balanceK - amountK), invoice_no: order.invoice_no },
  });
}

/**
 * A sale voided: its balance ledger is netted to zero per method (a void gives back what the sale took, and owes
 * nothing), so income holds nothing of it whatever its ledger held, and its balance is 0.
 */
export async function settleOnVoid(tx: Tx, user: UserRow, orderId: number, today: string, at: Date): Promise<void> {
  const sums = await tx
    .select({ method: L.method, amount: sql<string>`sum(${L.amount})::text` })
    .from(L)
    .where(eq(L.parent_id, orderId))
    .groupBy(L.method);
  for (const m of PAYMENT_METHODS) {
    const k = toKobo(Number(sums.find((s) => s.method === m)?.amount ?? 0));
    if (k !== 0) await addLine(tx, orderId, { amount: fromKobo(-k), method: m, date: today, note: VOID_NETTING_NOTE, confirmed: at }, user);
  }
  await tx.update(O).set({ balance: 0 }).where(and(eq(O.id, orderId)));
}
