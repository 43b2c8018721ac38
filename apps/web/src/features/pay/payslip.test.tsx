import { screen } from '@testing-library/react';
import type { PayRun } from '@studio/shared';
import { describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, renderWithProviders, setupUser } from '../../test/helpers';
import { Payslip, payslipText } from './payslip';

const run: PayRun = {
  id: 3,
  from: '2025-01-01',
  to: '2025-01-31',
  status: 'closed',
  total: 102700,
  created_by: { id: 1, name: 'Owner' },
  closed_at: '2025-02-01T09:00:00.000Z',
  closed_by: { id: 1, name: 'Owner' },
  created_at: '2025-02-01T08:00:00.000Z',
  lines: [
    {
      staff: { id: 5, name: 'Ada Artist' },
      base_pay: 100000,
      commission: 2700,
      tips: 0,
      advances_paid_back: 0,
      adjustments: 0,
      net: 102700,
      sources: [
        { kind: 'base_pay', id: null, date: '2025-01-31', amount: 100000, rule_id: null, order: null, detail: 'Base pay 2025-01-01 to 2025-01-31' },
        { kind: 'order_line', id: 41, date: '2025-01-10', amount: 2700, rule_id: 2, order: { id: 17, invoice_no: 'STO-000017' }, detail: '10% of ₦27,000.00, price charged (Ada 10%)' },
      ],
    },
  ],
};

describe('payslip', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('shows each figure, every source and their sum; a commission opens its sale', async () => {
    const open = vi.fn();
    renderWithProviders(<Payslip run={run} line={run.lines[0]!} onOpenSale={open} />);
    expect(screen.getByTestId('payslip-net').textContent).toContain('₦102,700.00');
    const sources = screen.getByTestId('payslip-sources');
    expect(sources.textContent).toContain('10% of ₦27,000.00, price charged');
    expect(sources.textContent).toContain('Sum of the sources₦102,700.00');
    await setupUser().click(screen.getByText('STO-000017'));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ order: { id: 17, invoice_no: 'STO-000017' } }));
  });

  it('writes the payslip as a WhatsApp text', () => {
    const text = payslipText(run, run.lines[0]!);
    expect(text).toContain('Ada Artist');
    expect(text).toContain('Net pay: ₦102,700.00');
  });
});
