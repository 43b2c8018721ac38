import type { LedgerPayment } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import type { LedgerParent } from './ledger-parent';
import { paidThrough } from './ledger-parent';
import { NO_CHECK } from '../../test/order-fixtures';
import { balanceReminderLink, balanceReminderText, paymentReceipt, paymentReceiptLink, paymentReceiptNo, paymentReceiptText } from './payment-receipt-text';

const line = (overrides: Partial<LedgerPayment>): LedgerPayment => ({
  id: 1,
  parent_id: 12,
  amount: 1000,
  method: 'cash',
  date: '2026-11-02',
  note: null,
  reverses_id: null,
  reversed_by: null,
  user: { id: 1, name: 'Studio Admin' },
  created_at: '2026-11-02T10:00:00.000Z',
  ...NO_CHECK,
  transfer_status: (overrides.method ?? 'cash') === 'transfer' ? 'confirmed' : null,
  ...overrides,
});

const booking: LedgerParent = {
  id: 12,
  title: 'Ada Obi',
  charge: 250000,
  amount_paid: 148765.5,
  balance: 101234.5,
  phone: '0803 123 4567',
  description: 'Bridal booking 2026-12-05, Bridal Gold',
};

describe('payment receipt text', () => {
  it('numbers a receipt with the prefix, the record and the payment', () => {
    expect(paymentReceiptNo('BKG', 12, 3)).toBe('BKG-12-P3');
  });

  it('prints who paid, for what, how, who took it, and the balance after this payment, in naira', () => {
    const payment = line({ id: 3, amount: 48765.5, method: 'transfer', date: '2026-11-20', note: 'Second instalment' });
    const receipt = paymentReceipt({ prefix: 'BKG', singular: 'Payment', parent: booking, payment, paidToDate: 148765.5 });
    expect(receipt.balanceAfter).toBe(101234.5);
    expect(paymentReceiptText(receipt).split('\n')).toEqual([
      '*Glam Studio*',
      '+234 800 000 0000',
      '',
      'Payment receipt BKG-12-P3',
      'Date: 20 Nov 2026',
      'Received from: Ada Obi',
      'For: Bridal booking 2026-12-05, Bridal Gold',
      'Received by: Studio Admin',
      'Note: Second instalment',
      '',
      '*Amount paid: ₦48,765.50*',
      'Method: Bank transfer',
      '',
      'Total charge: ₦250,000.00',
      'Paid to date: ₦148,765.50',
      '*Balance: ₦101,234.50*',
      '',
      'Thank you for choosing Glam Studio!',
    ]);
  });

  it('says "Paid in full" when nothing is left, and marks a reversed payment', () => {
    const payment = line({ id: 4, amount: 1234.5, reversed_by: 5, user: null });
    const receipt = paymentReceipt({ prefix: 'PMU', singular: 'Fee payment', parent: { ...booking, charge: 1234.5, description: undefined }, payment, paidToDate: 1234.5 });
    const text = paymentReceiptText(receipt);
    expect(text).toContain('Fee payment receipt PMU-12-P4 (REVERSED)');
    expect(text).toContain('*Balance: Paid in full*');
    expect(text).not.toMatch(/^For:|Received by/m);
  });

  it('sends the receipt on WhatsApp to the record’s phone as an international number', () => {
    const receipt = paymentReceipt({ prefix: 'BKG', singular: 'Payment', parent: booking, payment: line({ id: 3 }), paidToDate: 1000 });
    const url = new URL(paymentReceiptLink(receipt));
    expect(url.origin + url.pathname).toBe('https://wa.me/2348031234567');
    expect(url.searchParams.get('text')).toBe(paymentReceiptText(receipt));
    expect(new URL(paymentReceiptLink({ ...receipt, phone: '+234 (0) 909 876 5432' })).pathname).toBe('/2349098765432');
    expect(new URL(paymentReceiptLink({ ...receipt, phone: null })).pathname).toBe('/');
  });

  it('adds up what had been paid when a line was entered, reversals included, in kobo', () => {
    const lines = [
      line({ id: 1, amount: 0.1 }),
      line({ id: 2, amount: 0.2, reversed_by: 4 }),
      // entered later with an earlier date: still after line 2 on the receipt of line 2
      line({ id: 3, amount: 100, date: '2026-10-01' }),
      line({ id: 4, amount: -0.2, reverses_id: 2 }),
    ];
    expect(paidThrough(lines, 2)).toBe(0.3);
    expect(paidThrough(lines, 3)).toBe(100.3);
    expect(paidThrough(lines, 4)).toBe(100.1);
  });
});

describe('balance reminder', () => {
  it('reminds the client of the balance due and what it is for', () => {
    expect(balanceReminderText({ title: 'Ada Obi', balance: 1234.5, description: 'Bridal booking 2026-12-05, Bridal Gold' })).toBe(
      'Hello Ada Obi, this is a reminder that a balance of ₦1,234.50 is due for Bridal booking 2026-12-05, Bridal Gold. ' +
        'Please call +234 800 000 0000 for any question. Thank you, Glam Studio.',
    );
  });

  it("asks for the money in the studio's account when one is set (issue 30, item 6)", () => {
    const account = { bank: 'Moniepoint', number: '5012345678', name: 'Glam Studio' };
    expect(balanceReminderText({ title: 'Ada Obi', balance: 1000, description: 'Fees' }, account)).toBe(
      'Hello Ada Obi, this is a reminder that a balance of ₦1,000.00 is due for Fees. Pay by transfer to Moniepoint 5012345678 (Glam Studio). ' +
        'Please call +234 800 000 0000 for any question. Thank you, Glam Studio.',
    );
  });

  it('links to WhatsApp with the reminder, to the normalised number', () => {
    const url = new URL(balanceReminderLink({ title: 'Chioma', balance: 50000, phone: '0706-555-1234' }));
    expect(url.pathname).toBe('/2347065551234');
    expect(url.searchParams.get('text')).toMatch(/^Hello Chioma, this is a reminder that a balance of ₦50,000\.00 is due\. /);
  });
});
