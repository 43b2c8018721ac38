import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../test/order-fixtures';
import { InvoiceA4 } from './invoice-a4';
import { Receipt } from './receipt';
import { receiptText } from './receipt-text';

// Issue 9, item 6: the printed invoice says who voided a sale, when and why, and who approved a discount above the staff limit.
const voided = makeOrder({
  status: 'void',
  discount: 2000,
  total: 7000,
  discount_approved_by: { id: 1, name: 'Ngozi Okafor' },
  voided_at: '2026-03-10T09:00:00.000+01:00',
  voided_by: { id: 1, name: 'Studio Admin' },
  void_reason: 'Rung up twice',
});

describe('the invoice print of a voided sale', () => {
  it('prints "Voided by X on DATE: REASON" and the discount approver, on paper and in the WhatsApp text', () => {
    render(
      <MantineProvider>
        <Receipt order={voided} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('receipt-void-line').textContent).toMatch(/^Voided by Studio Admin on Mar 10, 2026, 09:00: Rung up twice$/);
    expect(screen.getByTestId('receipt-discount-approval').textContent).toBe('Discount approved by Ngozi Okafor');
    render(<InvoiceA4 order={voided} />);
    expect(screen.getByTestId('invoice-discount-approval').textContent).toBe('Ngozi Okafor');
    expect(screen.getByTestId('invoice-void').textContent).toContain('by Studio Admin. Reason: Rung up twice');
    const text = receiptText(voided);
    expect(text).toContain('*Voided by Studio Admin on Mar 10, 2026, 09:00: Rung up twice*');
    expect(text).toContain('Discount approved by Ngozi Okafor');
  });

  it('prints neither line on a paid sale without an approval, and no reason on a sale voided before reasons were asked', () => {
    render(
      <MantineProvider>
        <Receipt order={makeOrder()} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('receipt-void-line')).toBeNull();
    expect(screen.queryByTestId('receipt-discount-approval')).toBeNull();
    render(<InvoiceA4 order={makeOrder()} />);
    expect(screen.queryByTestId('invoice-discount-approval')).toBeNull();
    expect(receiptText(makeOrder())).not.toMatch(/Voided|approved/);
    expect(receiptText({ ...voided, void_reason: null, voided_by: null })).toContain('*Voided on Mar 10, 2026, 09:00*');
  });
});
