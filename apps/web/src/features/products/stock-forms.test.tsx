import { screen, within } from '@testing-library/react';
import { productSchema } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, mockFetch, quietApiClient, recordOf, renderWithProviders, setupUser } from '../../test/helpers';
import { RestockModal } from './restock.modal';
import { TransferModal } from './transfer.modal';

// The restock and transfer dialogs name a refused field by the label the person sees, not by its key.

quietApiClient();

const BROW = recordOf(productSchema, {
  id: 5,
  outlet: 'salon',
  name: 'Brow Pencil',
  kind: 'product',
  sku: 'BRW-DB',
  category: 'Brows',
  cost_price: 2500,
  price: 4500,
  duration_minutes: null,
  quantity: 3,
  reorder_level: 5,
  stock_status: 'low',
  archived_at: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
});

function errorUnder(form: HTMLElement, label: string): string | null {
  const input = within(form).getByLabelText(label, { exact: false });
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.className.includes('error'))?.textContent ?? null;
}

describe('stock dialogs say the field by its label', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('restock: an empty quantity is "Quantity is required."', async () => {
    // the dialog reads the suppliers for its Supplier field; nothing else may be sent
    const fetchMock = mockFetch((call) =>
      call.method === 'GET' && call.url.pathname === '/api/suppliers'
        ? jsonResponse(200, { data: [], current_page: 1, last_page: 1, per_page: 100, total: 0 })
        : jsonResponse(200, { data: BROW }),
    );
    renderWithProviders(<RestockModal product={BROW} onClose={() => {}} />);
    const user = setupUser();
    const form = await screen.findByTestId('restock-form');
    await user.click(within(form).getByTestId('restock-submit'));
    expect(errorUnder(form, 'Quantity')).toBe('Quantity is required.');
    expect(callsOf(fetchMock).filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('transfer: an empty quantity is "Quantity is required."; a 422 on the reorder level is said with its label', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(422, { message: 'The reorder level field must be at least 0.', errors: { reorder_level: ['The reorder level field must be at least 0.'] } }),
    );
    renderWithProviders(<TransferModal product={BROW} onClose={() => {}} />);
    const user = setupUser();
    const form = await screen.findByTestId('transfer-form');
    await user.click(within(form).getByTestId('transfer-submit'));
    expect(errorUnder(form, 'Quantity')).toBe('Quantity is required.');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText('Quantity', { exact: false }), '2');
    await user.click(within(form).getByTestId('transfer-submit'));
    expect(await within(form).findByText('Reorder level there must be at least 0.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
