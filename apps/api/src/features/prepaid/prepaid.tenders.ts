import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatKobo, formatVoucherCode, normalizeVoucherCode } from '@studio/shared';
import type { Tx } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import { invalidField } from '../../plugins/errors.js';
import { clientsTable } from '../../db/schema.js';
import type { ReverseContext, TenderContext, TenderHandler, TenderLine } from '../payments/index.js';
import { addPrepaidLine, creditBalanceK, voucherBalanceK } from './prepaid.service.js';
import { giftVouchersTable, prepaidLinesTable } from './prepaid.table.js';

// The handlers of value paid before (issue 31; decision 032), called by the sale, its void and its refunds inside
// their transaction. A voucher is drawn under a row lock on it (SELECT ... FOR UPDATE): two sales drawing one voucher
// queue there, and the second reads the balance the first left, so no number of sales at once takes it below zero.
// A client's credit is drawn under FOR NO KEY UPDATE on the client (the sale already holds FOR KEY SHARE on it from
// linking its phone, which this does not conflict with; two sales of one client's credit queue on it).

const V = giftVouchersTable;
const L = prepaidLinesTable;

/** The fields a refusal names: `payments.N.amount` / `.reference`, or the single-method sale's own fields. */
const fieldsOf = (ctx: TenderContext) =>
  ctx.field === 'payment_method' ? { amount: 'amount_paid', reference: 'payment_method' } : { amount: `${ctx.field}.amount`, reference: `${ctx.field}.reference` };

/** What each of `paymentIds` drew less what was put back on it since, in kobo, by payment id; with the account it drew. */
async function stillDrawn(tx: Tx, paymentIds: number[]): Promise<Map<number, { k: number; voucherId: number | null; clientId: number | null }>> {
  const out = new Map<number, { k: number; voucherId: number | null; clientId: number | null }>();
  if (!paymentIds.length) return out;
  const rows = await tx
    .select({ payment_id: L.payment_id, voucher_id: sql<number | null>`max(${L.voucher_id})`, client_id: sql<number | null>`max(${L.client_id})`, k: sql<string>`(-sum(${L.amount}))::text` })
    .from(L)
    .where(inArray(L.payment_id, paymentIds))
    .groupBy(L.payment_id);
  for (const r of rows) out.set(Number(r.payment_id), { k: sumKobo(r.k), voucherId: r.voucher_id === null ? null : Number(r.voucher_id), clientId: r.client_id === null ? null : Number(r.client_id) });
  return out;
}

/**
 * Puts value back on the accounts the sale's lines drew: a void gives back what `line` (a payment line) still holds
 * drawn; a refund spreads `line.amountK` over the sale's lines of the method in order, what is beyond them on the last.
 */
async function putBack(tx: Tx, line: TenderLine, ctx: ReverseContext): Promise<void> {
  const lines = ctx.kind === 'void' ? [line] : ctx.lines;
  const drawn = await stillDrawn(tx, lines.map((l) => l.id!).filter((id) => id !== null));
  let restK = ctx.kind === 'void' ? (drawn.get(line.id!)?.k ?? 0) : line.amountK;
  const last = [...lines].reverse().find((l) => drawn.has(l.id!));
  for (const l of lines) {
    const d = drawn.get(l.id!);
    if (!d || restK <= 0) continue;
    // a refund of items paid partly in money puts the rest on the last account drawn: value instead of money
    const backK = ctx.kind === 'refund' && l === last ? restK : Math.min(Math.max(0, d.k), restK);
    if (backK <= 0) continue;
    const account = d.voucherId !== null ? { voucherId: d.voucherId } : { clientId: d.clientId! };
    await addPrepaidLine(
      tx,
      account,
      { kind: ctx.kind === 'void' ? 'voided' : 'refunded', amountK: backK, date: ctx.date, orderId: ctx.sale.orderId, paymentId: l.id, refundId: ctx.refundId ?? null, note: `${ctx.kind === 'void' ? 'Void' : 'Refund'} of invoice ${ctx.sale.invoiceNo}` },
      ctx.user,
      ctx.at,
    );
    restK -= backK;
  }
  if (ctx.kind === 'refund' && restK > 0) throw invalidField(ctx.field, `Invoice ${ctx.sale.invoiceNo} took nothing from this to put ${formatKobo(restK)} back on.`);
}

/** A gift voucher: `reference` is its code. */
export const voucherTender: TenderHandler = {
  async take(tx, line, ctx) {
    const f = fieldsOf(ctx);
    const code = normalizeVoucherCode(line.reference ?? '');
    if (ctx.field === 'payment_method') throw invalidField(f.reference, 'A gift voucher is paid with its code: send the payment as payments: [{ method, amount, reference: code }].');
    if (!code) throw invalidField(f.reference, 'Type the gift voucher code (8 letters and digits, e.g. 7KQ4-M2XP).');
    const [voucher] = await tx.select().from(V).where(eq(V.code, code)).for('update');
    if (!voucher) throw invalidField(f.reference, `No gift voucher has the code ${formatVoucherCode(code)}.`);
    const [off] = await tx.select({ id: L.id }).from(L).where(and(eq(L.voucher_id, voucher.id), eq(L.kind, 'expired'))).limit(1);
    if (off || (voucher.expires_on !== null && voucher.expires_on < ctx.date)) throw invalidField(f.reference, `Gift voucher ${formatVoucherCode(code)} expired on ${voucher.expires_on}.`);
    const balanceK = await voucherBalanceK(tx, voucher.id);
    if (balanceK <= 0) throw invalidField(f.reference, `Gift voucher ${formatVoucherCode(code)} is used up: nothing is left on it.`);
    if (line.amountK > balanceK) throw invalidField(f.amount, `Only ${formatKobo(balanceK)} is left on gift voucher ${formatVoucherCode(code)}.`);
    await addPrepaidLine(
      tx,
      { voucherId: voucher.id },
      { kind: 'redeemed', amountK: -line.amountK, date: ctx.date, orderId: ctx.sale.orderId, paymentId: line.id, outlet: ctx.sale.outlet, note: `Invoice ${ctx.sale.invoiceNo}` },
      ctx.user,
      ctx.at,
    );
  },
  reverse: putBack,
};

/** A client's store credit: the sale's client (found by `customer_phone`). */
export const creditTender: TenderHandler = {
  async take(tx, line, ctx) {
    const f = fieldsOf(ctx);
    const clientId = ctx.sale.clientId;
    if (clientId === null) throw invalidField('customer_phone', "Store credit is the client's: give the client's phone on the sale.");
    await tx.select({ id: clientsTable.id }).from(clientsTable).where(eq(clientsTable.id, clientId)).for('no key update');
    const balanceK = await creditBalanceK(tx, clientId);
    if (line.amountK > balanceK) throw invalidField(f.amount, balanceK > 0 ? `${ctx.sale.customerName} has ${formatKobo(balanceK)} of store credit.` : `${ctx.sale.customerName} has no store credit.`);
    await addPrepaidLine(
      tx,
      { clientId },
      { kind: 'redeemed', amountK: -line.amountK, date: ctx.date, orderId: ctx.sale.orderId, paymentId: line.id, outlet: ctx.sale.outlet, note: `Invoice ${ctx.sale.invoiceNo}` },
      ctx.user,
      ctx.at,
    );
  },
  async reverse(tx, line, ctx) {
    if (ctx.kind === 'void') return putBack(tx, line, ctx);
    // a refund to credit: what the sale took from credit goes back there, and money refunded as credit instead of cash
    const clientId = ctx.sale.clientId;
    if (clientId === null) throw invalidField('method', "This sale has no client (no phone): a refund to store credit needs the client's phone on the sale.");
    await addPrepaidLine(
      tx,
      { clientId },
      { kind: 'refunded', amountK: line.amountK, date: ctx.date, orderId: ctx.sale.orderId, refundId: ctx.refundId ?? null, note: `Refund of invoice ${ctx.sale.invoiceNo}` },
      ctx.user,
      ctx.at,
    );
  },
};

