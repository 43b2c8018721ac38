import { OUTLET_LABELS, PAYMENT_METHOD_LABELS, type Order } from '@studio/shared';
import { studio } from '../config';
import { formatMoney } from '../format';
import { studioReceiptTime } from '../studio-time';

/** When the sale was made, as the receipt prints it: `22 Nov 2026, 14:05`. */
export function receiptTime(order: Pick<Order, 'created_at'>): string {
  return studioReceiptTime(order.created_at);
}

/** The receipt as plain text (WhatsApp, SMS, copy): the same lines the printed receipt shows. */
export function receiptText(order: Order): string {
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
    '',
    `Thank you for choosing ${studio.name}!`,
  ];
  return lines.join('\n');
}

/**
 * A Nigerian phone number in the international form wa.me wants (`2348031234567`), or undefined.
 * `0803 123 4567`, `+234 803 123 4567` and `2348031234567` all work.
 */
export function whatsappNumber(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  const digits = phone.replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  if (/^234\d{10}$/.test(digits)) return digits;
  if (/^\d{10,15}$/.test(digits) && phone.trim().startsWith('+')) return digits;
  return undefined;
}

/** `https://wa.me/<number>?text=<receipt>`: opens WhatsApp with the receipt typed in (to the customer when the phone is known). */
export function whatsappUrl(order: Order): string {
  const number = whatsappNumber(order.customer_phone);
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(receiptText(order))}`;
}
