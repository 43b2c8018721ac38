import { type BankAccount, type LedgerPayment, PAYMENT_METHOD_LABELS, fromKobo, toKobo } from '@studio/shared';
import dayjs from 'dayjs';
import { studio } from '../../lib/config';
import { formatMoney } from '../../lib/format';
import { whatsappLink } from '../../lib/receipt/receipt-text';
import { payToLine, payToLines } from '../../lib/receipt/pay-to';
import type { LedgerParent } from './ledger-parent';

/** Everything a payment's receipt prints, as the drawer builds it from the ledger. */
export interface PaymentReceiptData {
  /** `BKG-12-P3`: see {@link paymentReceiptNo}. */
  number: string;
  /** "Payment", "Fee payment": the resource's `ledger.singular`. */
  singular: string;
  /** Who paid: the record's title (client's or trainee's name). */
  name: string;
  phone?: string | null;
  /** What it pays for: "Bridal booking 2026-12-05, Bridal Gold". */
  description?: string;
  payment: LedgerPayment;
  /** The record's whole charge (price, fee). */
  charge: number;
  /** Paid once this payment was taken, this one included. */
  paidToDate: number;
  /** The charge less paidToDate. */
  balanceAfter: number;
}

/**
 * A payment receipt's number: the caller's prefix, the record's id and the payment's id.
 *
 * @example
 * paymentReceiptNo('BKG', 12, 3) // 'BKG-12-P3'
 */
export function paymentReceiptNo(prefix: string, parentId: number, paymentId: number): string {
  return `${prefix}-${parentId}-P${paymentId}`;
}

/** The receipt of one payment of a record, `paidToDate` being what had been paid once it was taken. */
export function paymentReceipt({ prefix, singular, parent, payment, paidToDate }: { prefix: string; singular: string; parent: LedgerParent; payment: LedgerPayment; paidToDate: number }): PaymentReceiptData {
  return {
    number: paymentReceiptNo(prefix, parent.id, payment.id),
    singular,
    name: parent.title,
    phone: parent.phone,
    description: parent.description,
    payment,
    charge: parent.charge,
    paidToDate,
    balanceAfter: fromKobo(toKobo(parent.charge) - toKobo(paidToDate)),
  };
}

/** A ledger date (`2026-12-05`) as receipts print it: `5 Dec 2026`. */
export function receiptDate(date: string): string {
  const d = dayjs(date);
  return d.isValid() ? d.format('D MMM YYYY') : date;
}

/** "₦100,000.00", or "Paid in full" when nothing is left to pay. */
export function balanceText(balance: number): string {
  return balance > 0 ? formatMoney(balance) : 'Paid in full';
}

/** The payment's receipt as plain text (WhatsApp, copy): the same lines as the printed receipt. */
export function paymentReceiptText(receipt: PaymentReceiptData, payTo: BankAccount | null = null): string {
  const { payment } = receipt;
  const lines = [
    `*${studio.name}*`,
    studio.phone,
    '',
    `${receipt.singular} receipt ${receipt.number}${payment.reversed_by !== null ? ' (REVERSED)' : ''}`,
    `Date: ${receiptDate(payment.date)}`,
    `Received from: ${receipt.name}`,
    ...(receipt.description ? [`For: ${receipt.description}`] : []),
    ...(payment.user ? [`Received by: ${payment.user.name}`] : []),
    ...(payment.note ? [`Note: ${payment.note}`] : []),
    '',
    `*Amount paid: ${formatMoney(payment.amount)}*`,
    `Method: ${PAYMENT_METHOD_LABELS[payment.method]}`,
    '',
    `Total charge: ${formatMoney(receipt.charge)}`,
    `Paid to date: ${formatMoney(receipt.paidToDate)}`,
    `*Balance: ${balanceText(receipt.balanceAfter)}*`,
    '',
    ...(receipt.balanceAfter > 0 ? payToLines(payTo) : []),
    `Thank you for choosing ${studio.name}!`,
  ];
  return lines.join('\n');
}

/** The receipt on WhatsApp, to the record's phone when it is known. */
export function paymentReceiptLink(receipt: PaymentReceiptData, payTo: BankAccount | null = null): string {
  return whatsappLink(receipt.phone, paymentReceiptText(receipt, payTo));
}

/**
 * The reminder of a balance still due, as a WhatsApp message.
 *
 * @example
 * balanceReminderText({ title: 'Ada Obi', balance: 1234.5, description: 'Bridal booking 2026-12-05, Bridal Gold' })
 * // 'Hello Ada Obi, this is a reminder that a balance of ₦1,234.50 is due for Bridal booking 2026-12-05, Bridal Gold. ...'
 */
export function balanceReminderText(parent: Pick<LedgerParent, 'title' | 'balance' | 'description'>, payTo: BankAccount | null = null): string {
  const what = parent.description ? ` for ${parent.description}` : '';
  const account = payToLine(payTo);
  return (
    `Hello ${parent.title}, this is a reminder that a balance of ${formatMoney(parent.balance)} is due${what}. ` +
    (account ? `${account}. ` : '') +
    `Please call ${studio.phone} for any question. Thank you, ${studio.name}.`
  );
}

/** `https://wa.me/<phone>?text=<reminder>`: a "Remind" button's link for a record with a balance. */
export function balanceReminderLink(parent: Pick<LedgerParent, 'title' | 'balance' | 'description' | 'phone'>, payTo: BankAccount | null = null): string {
  return whatsappLink(parent.phone, balanceReminderText(parent, payTo));
}
