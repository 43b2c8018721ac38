import { Badge } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, fromKobo, toKobo, type Order, type OrderRefund } from '@studio/shared';
import { formatDateTime, formatMoney } from '../format';

/** `cash` → `Cash`, `split` → `Split` (several methods). */
export function paymentMethodLabel(method: Order['payment_method']): string {
  return method === 'split' ? 'Split' : PAYMENT_METHOD_LABELS[method];
}

/** How many pieces a sale holds (2 lipsticks and a brush: 3). */
export function itemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((n, item) => n + item.quantity, 0);
}

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  return (
    <Badge color={status === 'void' ? 'red' : 'teal'} variant={status === 'void' ? 'filled' : 'light'} data-testid="order-status">
      {status === 'void' ? 'VOID' : 'PAID'}
    </Badge>
  );
}

/** `Owes ₦4,000.00` on a paid sale with a balance (a transfer never received, issue 28), beside its status. */
export function OwesBadge({ order }: { order: Pick<Order, 'status' | 'balance'> }) {
  if (order.status !== 'paid' || !(order.balance > 0)) return null;
  return (
    <Badge color="red" variant="light" data-testid="order-owes">
      Owes {formatMoney(order.balance)}
    </Badge>
  );
}

/**
 * What the customer has really paid: what was tendered at the till, less a transfer that never came, plus what was
 * paid later against the balance (the balance ledger's lines: negative for money that never came).
 */
export function amountReceived(order: Pick<Order, 'amount_paid' | 'balance_payments'>): number {
  return fromKobo(toKobo(order.amount_paid) + order.balance_payments.reduce((k, l) => k + toKobo(l.amount), 0));
}

/** The balance ledger's lines that are money taken later (not the transfer that never came, nor a void's netting). */
export function paidLater(order: Pick<Order, 'balance_payments'>): Order['balance_payments'] {
  return order.balance_payments.filter((l) => l.amount > 0 && l.reference !== 'Invoice voided');
}

/** Adds money exactly (in kobo), as the API does: naira amounts with 2 decimals. */
export function sumMoney(values: readonly number[]): number {
  return fromKobo(values.reduce((kobo, v) => kobo + toKobo(v), 0));
}

/**
 * Who voided a sale, when and why, as the invoice and its print say it; null while the sale is paid.
 *
 * @example
 * voidLine(order) // 'Voided by Studio Admin on Mar 9, 2026, 14:05: Customer changed her mind'
 */
export function voidLine(order: Pick<Order, 'status' | 'voided_at' | 'voided_by' | 'void_reason'>): string | null {
  if (order.status !== 'void') return null;
  const by = order.voided_by ? ` by ${order.voided_by.name}` : '';
  // sales voided before reasons were asked have none
  return `Voided${by} on ${formatDateTime(order.voided_at)}${order.void_reason ? `: ${order.void_reason}` : ''}`;
}

/** `Discount approved by Ngozi Okafor` when an admin approved a staff discount above the limit; else null. */
export function discountApprovalLine(order: Pick<Order, 'discount_approved_by'>): string | null {
  return order.discount_approved_by ? `Discount approved by ${order.discount_approved_by.name}` : null;
}

/** What the sale kept after its partial refunds: the total less what was given back (issue 17). */
export function netOfRefunds(order: Pick<Order, 'total' | 'refunded'>): number {
  return fromKobo(toKobo(order.total) - toKobo(order.refunded));
}

/**
 * A refund as the invoice and its prints say it, in one line.
 *
 * @example
 * refundLine(refund) // 'Refund of Mar 9, 2026, 14:05, cash, by Ngozi Amadi (approved by Blessing Okafor): Wrong shade'
 */
export function refundLine(refund: OrderRefund): string {
  const how = `${PAYMENT_METHOD_LABELS[refund.method].toLowerCase()}${refund.reference ? ` ${refund.reference}` : ''}`;
  const approved = refund.approved_by ? ` (approved by ${refund.approved_by.name})` : '';
  return `Refund of ${formatDateTime(refund.created_at)}, ${how}, by ${refund.staff.name}${approved}: ${refund.reason}`;
}

/** How many of a line are left to refund, and whether anything of the sale is (a paid sale only). */
export const refundableOf = (item: Order['items'][number]) => item.quantity - item.refunded_quantity;
export const canRefund = (order: Pick<Order, 'status' | 'items'>) => order.status === 'paid' && order.items.some((i) => refundableOf(i) > 0);
