import { Badge } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, fromKobo, toKobo, type Order } from '@studio/shared';

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

/** Adds money exactly (in kobo), as the API does: naira amounts with 2 decimals. */
export function sumMoney(values: readonly number[]): number {
  return fromKobo(values.reduce((kobo, v) => kobo + toKobo(v), 0));
}
