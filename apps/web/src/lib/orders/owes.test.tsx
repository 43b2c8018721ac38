import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { Order } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { NO_CHECK, makeOrder, payment } from '../../test/order-fixtures';
import { InvoiceA4, invoiceBalance } from '../receipt/invoice-a4';
import { Receipt } from '../receipt/receipt';
import { receiptText } from '../receipt/receipt-text';
import { OwesBadge, amountReceived, paidLater } from './order-labels';

// Issue 28, item 3: a sale of ₦7,000 paid ₦3,000 cash + ₦4,000 transfer, the transfer never received. Its invoice,
// receipt reprint and A4 say what was really paid and that it owes ₦4,000; once paid later, the payment shows and it
// owes nothing.

const line = (id: number, amount: number, method: Order['payments'][number]['method'], reference: string | null): Order['balance_payments'][number] => ({
  id,
  amount,
  method,
  reference,
  date: '2026-11-24',
  user: { id: 1, name: 'Studio Admin' },
  created_at: '2026-11-25T10:00:00.000Z',
  ...NO_CHECK,
  transfer_status: method === 'transfer' ? 'unconfirmed' : null,
});

const owing = makeOrder({
  total: 7000,
  subtotal: 7000,
  items: [{ id: 11, product_id: 1, name: 'Lash kit', unit_price: 7000, quantity: 1, total: 7000, refunded_quantity: 0 }],
  payments: [payment({ method: 'cash', amount: 3000, reference: null }, 1), payment({ method: 'transfer', amount: 4000, reference: 'GTB-1', transfer_status: 'not_received' }, 2)],
  amount_paid: 7000,
  change: 0,
  payment_method: 'split',
  balance: 4000,
  balance_payments: [line(1, -4000, 'transfer', 'Transfer not received (payment 2): no credit')],
});
const settled: Order = { ...owing, balance: 0, balance_payments: [...owing.balance_payments, line(2, 4000, 'cash', null)] };

describe('a sale that owes', () => {
  it('figures: received ₦3,000, owes ₦4,000; after the payment received ₦7,000, paid later ₦4,000 cash', () => {
    expect(amountReceived(owing)).toBe(3000);
    expect(invoiceBalance(owing)).toEqual({ label: 'Owes', amount: 4000 });
    expect(paidLater(owing)).toEqual([]);
    expect(amountReceived(settled)).toBe(7000);
    expect(invoiceBalance(settled)).toEqual({ label: 'Change', amount: 0 });
    expect(paidLater(settled).map((l) => [l.method, l.amount])).toEqual([['cash', 4000]]);
  });

  it('the A4 invoice says Amount paid ₦3,000 and Owes ₦4,000', () => {
    render(<InvoiceA4 order={owing} />);
    expect(screen.getByTestId('invoice-paid').textContent).toBe('₦3,000.00');
    expect(screen.getByTestId('invoice-balance').textContent).toBe('₦4,000.00');
    expect(screen.getByText('Owes')).toBeTruthy();
  });

  it('the till receipt and its text say OWES; paid later, they show the payment and owe nothing', () => {
    const { unmount } = render(<Receipt order={owing} />);
    expect(screen.getByTestId('receipt-owes').textContent).toContain('₦4,000.00');
    unmount();
    expect(receiptText(owing)).toContain('*Owes: ₦4,000.00*');
    render(<Receipt order={settled} />);
    expect(screen.queryByTestId('receipt-owes')).toBeNull();
    expect(screen.getAllByTestId('receipt-paid-later')).toHaveLength(1);
    expect(receiptText(settled)).not.toContain('Owes');
    expect(receiptText(settled)).toMatch(/Cash, paid .*: ₦4,000\.00/);
  });

  it('the badge: "Owes ₦4,000.00" on a paid sale with a balance, nothing once paid or void', () => {
    const { unmount } = render(
      <MantineProvider>
        <OwesBadge order={owing} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('order-owes').textContent).toBe('Owes ₦4,000.00');
    unmount();
    render(
      <MantineProvider>
        <OwesBadge order={settled} />
        <OwesBadge order={{ ...owing, status: 'void' }} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('order-owes')).toBeNull();
  });
});
