import { render, screen, within } from '@testing-library/react';
import type { Order } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { studio } from '../config';
import { InvoiceA4, invoiceBalance } from './invoice-a4';
import { payment } from '../../test/order-fixtures';
import { Receipt } from './receipt';
import { receiptText } from './receipt-text';
import { PayToContext } from './pay-to';

const ORDER: Order = {
  id: 12,
  invoice_no: 'SAL-000123',
  outlet: 'salon',
  customer_name: 'Chioma Eze',
  customer_phone: '0803 123 4567',
  items: [
    { id: 1, product_id: 5, name: 'Velvet Lipstick Ruby', unit_price: 4500, quantity: 2, total: 9000, refunded_quantity: 0 },
    { id: 2, product_id: 9, name: 'Knotless braids', unit_price: 25000, quantity: 1, total: 25000, refunded_quantity: 0 },
  ],
  subtotal: 34000,
  discount: 1000,
  total: 33000,
  payments: [
    payment({ method: 'transfer', amount: 20000, reference: 'GTB-TRF-20261124-0001234567' }, 1),
    payment({ method: 'cash', amount: 15000, reference: null }, 2),
  ],
  refunds: [],
  refunded: 0,
  amount_paid: 35000,
  change: 2000,
  deposit: 0,
  balance: 0,
  balance_payments: [],
  client_id: null,
  payment_method: 'split',
  status: 'paid',
  staff: { id: 3, name: 'Ada Obi' },
  discount_approved_by: null,
  note: null,
  client_ref: null,
  oversold: false,
  offline: null,
  business_date: '2026-11-24',
  voided_at: null,
  voided_by: null,
  void_reason: null,
  created_at: '2026-11-24T13:05:00.000Z',
  updated_at: '2026-11-24T13:05:00.000Z',
};

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the A4 invoice', () => {
  it('is an invoice: the studio, number and date, bill-to, items, totals, payments, paid and change, who served', () => {
    render(<InvoiceA4 order={ORDER} />);
    const studioBlock = screen.getByTestId('invoice-studio');
    expect(studioBlock.textContent).toContain(studio.address);
    expect(studioBlock.textContent).toContain(studio.phone);
    expect(studioBlock.textContent).toContain(studio.email);
    expect(screen.getByTestId('invoice-a4').textContent).toContain(studio.name);
    expect(screen.getByRole('img', { name: `${studio.name} logo` })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'INVOICE' })).toBeTruthy();
    expect(text('invoice-no')).toBe('SAL-000123');
    expect(text('invoice-date')).toBe('24 Nov 2026, 14:05');
    expect(text('invoice-bill-to')).toBe('Chioma Eze');
    expect(screen.getByText('0803 123 4567')).toBeTruthy();
    expect(text('invoice-staff')).toBe('Ada Obi');
    expect(text('invoice-status')).toBe('PAID');

    const rows = screen.getAllByTestId('invoice-item').map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent));
    expect(rows).toEqual([
      ['Velvet Lipstick Ruby', '2', '₦4,500.00', '₦9,000.00'],
      ['Knotless braids', '1', '₦25,000.00', '₦25,000.00'],
    ]);
    expect(text('invoice-subtotal')).toBe('₦34,000.00');
    expect(text('invoice-discount')).toBe('-₦1,000.00');
    expect(text('invoice-total')).toBe('₦33,000.00');
    const payments = screen.getAllByTestId('invoice-payment').map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent));
    expect(payments).toEqual([
      // a transfer says whether it was seen on the statement (issue 17); this one predates the checks
      ['Bank transferConfirmed (taken before transfers were checked)', 'GTB-TRF-20261124-0001234567', '₦20,000.00'],
      ['Cash', '—', '₦15,000.00'],
    ]);
    expect(text('invoice-paid')).toBe('₦35,000.00');
    expect(screen.getByText('Change')).toBeTruthy();
    expect(text('invoice-balance')).toBe('₦2,000.00');
    expect(screen.queryByTestId('invoice-void-stamp')).toBeNull();
  });

  it('shows a partial refund on the A4 invoice and in the WhatsApp text: what came back, how it was paid back, what the sale kept', () => {
    const order: Order = {
      ...ORDER,
      items: ORDER.items.map((i) => (i.id === 1 ? { ...i, refunded_quantity: 1 } : i)),
      refunds: [
        {
          id: 4,
          amount: 4367.65,
          method: 'transfer',
          reference: 'GTB-OUT-7',
          reason: 'Wrong shade',
          business_date: '2026-11-25',
          items: [{ order_item_id: 1, product_id: 5, name: 'Velvet Lipstick Ruby', quantity: 1, amount: 4367.65 }],
          staff: { id: 3, name: 'Ada Obi' },
          approved_by: { id: 1, name: 'Blessing Okafor' },
          created_at: '2026-11-25T10:00:00.000Z',
        },
      ],
      refunded: 4367.65,
    };
    render(<InvoiceA4 order={order} />);
    expect(text('invoice-status')).toBe('PART REFUNDED');
    expect(text('invoice-refunded')).toBe('-₦4,367.65');
    expect(text('invoice-net')).toBe('₦28,632.35');
    const row = screen.getByTestId('invoice-refund').textContent;
    expect(row).toContain('1 × Velvet Lipstick Ruby');
    expect(row).toContain('Wrong shade · Ada Obi, approved by Blessing Okafor');
    expect(row).toContain('GTB-OUT-7');
    expect(row).toContain('-₦4,367.65');
    const whatsapp = receiptText(order);
    expect(whatsapp).toContain('-1 x Velvet Lipstick Ruby = -₦4,367.65');
    expect(whatsapp).toContain('Refunded (Bank transfer): -₦4,367.65');
    expect(whatsapp).toContain('*Total after refunds: ₦28,632.35*');
  });

  it('says on each transfer whether it waits, was confirmed (by whom) or never arrived (and why)', () => {
    const check = { confirmed_by: { id: 1, name: 'Blessing Okafor' }, confirmed_at: '2026-11-25T09:00:00.000Z' };
    const flagged = { not_received_at: '2026-11-25T09:00:00.000Z', not_received_by: { id: 1, name: 'Blessing Okafor' }, not_received_reason: 'Fake alert' };
    const order: Order = {
      ...ORDER,
      payments: [
        payment({ method: 'transfer', amount: 10000, reference: 'A', transfer_status: 'unconfirmed' }, 1),
        payment({ method: 'transfer', amount: 10000, reference: 'B', transfer_status: 'confirmed', ...check }, 2),
        payment({ method: 'transfer', amount: 15000, reference: 'C', transfer_status: 'not_received', ...flagged }, 3),
      ],
    };
    render(<InvoiceA4 order={order} />);
    const lines = screen.getAllByTestId('invoice-payment-check');
    expect(lines.map((l) => l.dataset.status)).toEqual(['unconfirmed', 'confirmed', 'not_received']);
    expect(lines[0]!.textContent).toBe('Waiting for an admin to confirm it on the bank statement');
    expect(lines[1]!.textContent).toMatch(/^Confirmed by Blessing Okafor, /);
    expect(lines[2]!.textContent).toMatch(/^Not received \(Blessing Okafor, .*\): Fake alert$/);
  });

  it('a void sale is stamped VOID, with who voided it and why when the API tells it', () => {
    const voided = { ...ORDER, status: 'void' as const, voided_at: '2026-11-24T15:30:00.000Z', void_reason: 'Customer returned the lipstick', voided_by: { id: 1, name: 'Studio Admin' } };
    render(<InvoiceA4 order={voided} />);
    expect(screen.getByTestId('invoice-void-stamp').textContent).toBe('VOID');
    expect(text('invoice-status')).toBe('VOID');
    const note = text('invoice-void');
    expect(note).toContain('This invoice is void.');
    expect(note).toContain('by Studio Admin');
    expect(note).toContain('Reason: Customer returned the lipstick');
  });

  it('a void sale without those details still says it is void', () => {
    render(<InvoiceA4 order={{ ...ORDER, status: 'void', voided_at: '2026-11-24T15:30:00.000Z' }} />);
    expect(text('invoice-void')).toMatch(/^This invoice is void\. Voided .+\.$/);
  });

  it('shows what is still owed when less than the total was paid', () => {
    expect(invoiceBalance({ total: 33000, amount_paid: 30000.1, change: 0 })).toEqual({ label: 'Balance due', amount: 2999.9 });
    expect(invoiceBalance({ total: 33000, amount_paid: 35000, change: 2000 })).toEqual({ label: 'Change', amount: 2000 });
  });

  it('the A4 format prints the invoice, the 80 mm one the till receipt with each reference on its own line', () => {
    const { unmount } = render(<Receipt order={ORDER} format="a4" />);
    expect(screen.getByTestId('invoice-a4')).toBeTruthy();
    expect(screen.queryByTestId('receipt')).toBeNull();
    unmount();
    render(<Receipt order={ORDER} format="80mm" />);
    expect(screen.queryByTestId('invoice-a4')).toBeNull();
    expect(screen.getAllByTestId('receipt-reference').map((el) => el.textContent)).toEqual(['Ref GTB-TRF-20261124-0001234567']);
  });
});

describe("the studio's bank account on paper (issue 30, item 6)", () => {
  const account = { bank: 'GTBank', number: '0123456789', name: 'Glam Studio Ltd' };
  const owing: Order = { ...ORDER, balance: 4000 };

  it('prints the account set in Settings on the 80 mm receipt, the A4 invoice and the WhatsApp text, and nothing when none is set', () => {
    const { unmount } = render(
      <PayToContext.Provider value={account}>
        <Receipt order={owing} format="80mm" />
        <Receipt order={owing} format="a4" />
      </PayToContext.Provider>,
    );
    expect(screen.getByTestId('receipt-pay-to').textContent).toBe('Pay by transfer to GTBank 0123456789 (Glam Studio Ltd)');
    expect(screen.getByTestId('invoice-pay-to').textContent).toBe(`Pay by transfer to GTBank 0123456789 (Glam Studio Ltd), quoting ${ORDER.invoice_no}.`);
    expect(receiptText(owing, account)).toContain('Pay by transfer to GTBank 0123456789 (Glam Studio Ltd)');
    unmount();

    render(<Receipt order={owing} format="80mm" />);
    expect(screen.queryByTestId('receipt-pay-to')).toBeNull();
    expect(receiptText(owing)).not.toContain('Pay by transfer');
  });
});
