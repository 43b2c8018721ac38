import { screen, waitFor, within } from '@testing-library/react';
import { productSchema } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, mockFetch, quietApiClient, recordOf, renderWithProviders, setupUser } from '../../test/helpers';
import { RestockModal, restockDetailsBody } from './restock.modal';

// Issue 34: a restock with a supplier could not be saved: the form sent the supplier's id as the select's text and
// the API answered "Supplier must be a number". Issue 28, item 7: with a unit cost it says whether it was paid now
// (by which method) or is owed to the supplier.

quietApiClient();

const LASH = recordOf(productSchema, {
  id: 5,
  outlet: 'salon',
  name: 'Lash Glue',
  kind: 'product',
  sku: 'LSH-1',
  category: 'Lashes',
  cost_price: 9000,
  price: 15000,
  duration_minutes: null,
  quantity: 2,
  reorder_level: 5,
  stock_status: 'low',
  archived_at: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
});
const SUPPLIER = { id: 7, name: 'Lash House', phone: null, email: null, address: null, notes: null, created_at: '2026-03-01T09:00:00.000Z', updated_at: '2026-03-01T09:00:00.000Z' };

function render() {
  const fetchMock = mockFetch((call) =>
    call.method === 'GET' && call.url.pathname.startsWith('/api/suppliers')
      ? jsonResponse(200, { data: [SUPPLIER], current_page: 1, last_page: 1, per_page: 100, total: 1 })
      : jsonResponse(200, { data: { ...LASH, quantity: 14 } }),
  );
  renderWithProviders(<RestockModal product={LASH} onClose={() => {}} />);
  return fetchMock;
}
const field = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement>(`[data-field=${name}]`) ?? within(form).getByLabelText(name === 'supplier_id' ? 'Supplier' : 'Unit cost', { exact: false });

describe('restock with a supplier and a cost', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('the details go as the API takes them: the supplier as a number, empty ones left out', () => {
    expect(restockDetailsBody({ supplier_id: '7', unit_cost: 9500 })).toEqual({ supplier_id: 7, unit_cost: 9500 });
    expect(restockDetailsBody({ supplier_id: null, unit_cost: '' })).toEqual({});
  });

  it('picks the supplier, gives a unit cost, says paid now in cash: sends supplier_id 7 (a number), paid and the method', async () => {
    const fetchMock = render();
    const user = setupUser();
    const form = await screen.findByTestId('restock-form');
    await user.type(within(form).getByLabelText('Quantity', { exact: false }), '12');
    await user.click(field(form, 'supplier_id'));
    await user.click(await screen.findByRole('option', { name: 'Lash House', hidden: true }));
    await user.type(field(form, 'unit_cost'), '9500');
    const paid = await within(form).findByTestId('restock-paid');
    expect(paid.textContent).toContain('₦114,000.00');
    await user.click(within(paid).getByText('Paid now'));
    await user.click(within(paid).getByText('Cash'));
    await user.click(within(form).getByTestId('restock-submit'));
    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = callsOf(fetchMock).find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/products/quantity/5');
    expect(put.body).toEqual({ quantity: 12, note: null, supplier_id: 7, unit_cost: 9500, paid: 'now', payment_method: 'cash' });
  });
});
