import { screen, waitFor, within } from '@testing-library/react';
import type { TransferLine, UnconfirmedTransfers } from '@studio/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, quietApiClient, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { TransfersPage } from './transfers.page';

const line = (over: Partial<TransferLine>): TransferLine => ({
  kind: 'sale',
  id: 1,
  amount: 25000,
  reference: 'GTB-001',
  date: '2026-03-14',
  taken_by: { id: 7, name: 'Ada Obi' },
  status: 'unconfirmed',
  parent_id: 10,
  party: 'Walk-in Customer',
  invoice_no: 'STO-000010',
  outlet: 'store',
  created_at: '2026-03-14T10:00:00.000Z',
  confirmed_at: null,
  confirmed_by: null,
  not_received_at: null,
  not_received_by: null,
  not_received_reason: null,
  ...over,
});

const LINES = [line({}), line({ kind: 'student', id: 4, amount: 100000.5, reference: 'Access 0091', invoice_no: null, outlet: null, party: 'Amaka Obi', parent_id: 3 }), line({ id: 2, amount: 5000, invoice_no: 'SAL-000002', outlet: 'salon' })];

let waiting: TransferLine[];
/** The next loads of the list fail (500). */
let failing = false;

// the API client logs every failed call with console.warn; the failures here are expected
quietApiClient();

function renderPage() {
  storeUser(makeUser({ id: 1, name: 'Studio Admin', is_admin: 1 }));
  const fetchMock = mockFetch(({ url, method, body }) => {
    if (method === 'GET' && url.pathname === '/api/transfers/unconfirmed') {
      if (failing) return jsonResponse(500, { message: 'Server error.' });
      const answer: UnconfirmedTransfers = { data: waiting, summary: { count: waiting.length, amount: waiting.reduce((k, l) => k + Math.round(l.amount * 100), 0) / 100 } };
      return jsonResponse(200, answer);
    }
    if (method === 'POST' && url.pathname === '/api/transfers/confirm') {
      const items = (body as { items: { kind: string; id: number }[] }).items;
      waiting = waiting.filter((l) => !items.some((i) => i.kind === l.kind && i.id === l.id));
      return jsonResponse(200, { data: [] });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderRoutes([{ path: '/finances/transfers', element: <TransfersPage title="Transfers to confirm" /> }], '/finances/transfers');
  return fetchMock;
}

beforeEach(() => {
  resetSession();
  waiting = [...LINES];
  failing = false;
});
afterEach(() => vi.unstubAllGlobals());

describe('TransfersPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('lists what waits with its total, and confirms the ticked transfers in one call', async () => {
    const user = setupUser();
    const fetchMock = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('transfers-row')).toHaveLength(3));
    expect(screen.getByTestId('transfers-waiting-value').textContent).toBe('₦130,000.50');
    expect(screen.getByTestId('transfers-waiting').textContent).toContain('3 transfers');
    expect((screen.getByTestId('transfers-confirm') as HTMLButtonElement).disabled).toBe(true);

    // every row, then one taken off again: the sale of the salon stays
    await user.click(screen.getByTestId('select-all'));
    expect(screen.getByTestId('transfers-selected-value').textContent).toBe('₦130,000.50');
    const salon = screen.getAllByTestId('transfers-row').find((r) => r.textContent?.includes('SAL-000002'))!;
    await user.click(within(salon).getByTestId('row-select'));
    expect(screen.getByTestId('transfers-selected-value').textContent).toBe('₦125,000.50');
    await user.click(screen.getByTestId('transfers-confirm'));

    await waitFor(() => expect(screen.getAllByTestId('transfers-row')).toHaveLength(1));
    const confirm = callsOf(fetchMock).find((c) => c.url.pathname === '/api/transfers/confirm')!;
    expect((confirm.body as { items: unknown[] }).items).toEqual([
      { kind: 'sale', id: 1 },
      { kind: 'student', id: 4 },
    ]);
    expect(typeof (confirm.body as { client_ref: unknown }).client_ref).toBe('string');
    expect(screen.getByTestId('transfers-row').textContent).toContain('SAL-000002');
    expect(screen.getByTestId('transfers-selected-value').textContent).toBe('₦0.00');
  });

  it('a failed load says so with Retry, and its figures are dashes, never ₦0.00', async () => {
    failing = true;
    const user = setupUser();
    renderPage();
    await screen.findByTestId('transfers-retry');
    expect(screen.getByTestId('transfers-waiting-value').textContent).toBe('—');
    expect(screen.getByTestId('transfers-selected-value').textContent).toBe('—');
    expect(screen.queryByText('₦0.00')).toBeNull();
    failing = false;
    await user.click(screen.getByTestId('transfers-retry'));
    await waitFor(() => expect(screen.getAllByTestId('transfers-row')).toHaveLength(3));
    expect(screen.getByTestId('transfers-waiting-value').textContent).toBe('₦130,000.50');
  });
});
