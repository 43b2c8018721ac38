import { type BankAccount, OUTLET_LABELS, PAYMENT_METHOD_LABELS, type Order } from '@studio/shared';
import { studio } from '../config';
import { formatMoney } from '../format';
import { discountApprovalLine, netOfRefunds, paidLater, refundLine, voidLine } from '../orders/order-labels';
import { studioReceiptTime } from '../studio-time';
import { payToLines } from './pay-to';

/** When the sale was made, as the receipt prints it: `22 Nov 2026, 14:05`. */
export function receiptTime(order: Pick<Order, 'created_at'>): string {
  return studioReceiptTime(order.created_at);
}

/** The receipt as plain text (WhatsApp, SMS, copy): the same lines the printed receipt shows. */
export function receiptText(order: Order, payTo: BankAccount | null = null): string {
  const lines = [
    `*${studio.name}*`,
    `${OUTLET_LABELS[order.outlet]} · ${studio.phone}`,
    '',
    `Receipt ${order.invoice_no}${order.status === 'void' ? ' (VOID)' : ''}`,
    receiptTime(order),
    `Customer: ${order.customer_name}`,
    `Served by: ${order.staff.name}`,
    '',
    ...order.items.map((i) => `${i.quantity} x ${i.name} @ ${formatMoney(i.unit_price)} = ${formatMoney(i.total)}`),
    '',
    `Subtotal: ${formatMoney(order.subtotal)}`,
    ...(order.discount > 0 ? [`Discount: -${formatMoney(order.discount)}`] : []),
    `*Total: ${formatMoney(order.total)}*`,
    ...order.payments.map((p) => `${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` (${p.reference})` : ''}: ${formatMoney(p.amount)}`),
    ...(order.change > 0 ? [`Change: ${formatMoney(order.change)}`] : []),
    ...paidLater(order).map((l) => `${PAYMENT_METHOD_LABELS[l.method]}${l.reference ? ` (${l.reference})` : ''}, paid ${studioReceiptTime(l.created_at)}: ${formatMoney(l.amount)}`),
    ...(order.status === 'paid' && order.balance > 0 ? [`*Owes: ${formatMoney(order.balance)}*`] : []),
    ...(order.discount_approved_by ? [discountApprovalLine(order)!] : []),
    ...(order.refunds.length
      ? [
          '',
          '*Refunds*',
          ...order.refunds.flatMap((r) => [...r.items.map((i) => `-${i.quantity} x ${i.name} = -${formatMoney(i.amount)}`), `Refunded (${PAYMENT_METHOD_LABELS[r.method]}): -${formatMoney(r.amount)}`, refundLine(r)]),
          `*Total after refunds: ${formatMoney(netOfRefunds(order))}*`,
        ]
      : []),
    ...(order.status === 'void' ? ['', `*${voidLine(order)}*`] : []),
    '',
    ...payToLines(payTo),
    `Thank you for choosing ${studio.name}!`,
  ];
  return lines.join('\n');
}

/**
 * A Nigerian phone number in the international form wa.me wants (`2348031234567`), or undefined.
 * `0803 123 4567`, `+234 803 123 4567`, `2348031234567`, `+234 (0) 803 123 4567` and `803 123 4567` all work;
 * another country's number works when written with its `+`.
 */
export function whatsappNumber(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  const digits = phone.replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  if (/^234\d{10}$/.test(digits)) return digits;
  // the trunk 0 kept after the country code
  if (/^2340\d{10}$/.test(digits)) return `234${digits.slice(4)}`;
  // a mobile number without its 0 (Nigerian mobiles are 70x, 80x, 81x, 90x, 91x)
  if (/^[789][01]\d{8}$/.test(digits)) return `234${digits}`;
  if (/^\d{10,15}$/.test(digits) && phone.trim().startsWith('+')) return digits;
  return undefined;
}

/**
 * `https://wa.me/<number>?text=<text>`: opens WhatsApp with the text typed in, to that phone when it is a number
 * WhatsApp can reach (else WhatsApp asks whom to send it to).
 *
 * @example
 * whatsappLink('0803 123 4567', 'Hello') // 'https://wa.me/2348031234567?text=Hello'
 */
export function whatsappLink(phone: string | null | undefined, text: string): string {
  return `https://wa.me/${whatsappNumber(phone) ?? ''}?text=${encodeURIComponent(text)}`;
}

/** A sale's receipt on WhatsApp, to the customer when the phone is known. */
export function whatsappUrl(order: Order, payTo: BankAccount | null = null): string {
  return whatsappLink(order.customer_phone, receiptText(order, payTo));
}
