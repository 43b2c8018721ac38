import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Digest, DigestOutlet } from '@studio/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, storeUser } from '../../test/helpers';
import { DigestPage } from './digest.page';

const zero = { cash: 0, transfer: 0, card: 0, pos: 0 } as DigestOutlet['sales']['by_method'];
const section = (over: Partial<DigestOutlet>): DigestOutlet => ({
  outlet: 'store',
  sales: { count: 0, total: 0, by_method: zero },
  cash: null,
  transfers: { unconfirmed: { count: 0, total: 0 }, not_received: { count: 0, total: 0 } },
  voids: [],
  refunds: [],
  discounts_above_limit: [],
  offline_reviews: { open: 0 },
  exceptions: [],
  ...over,
});
const DIGEST: Digest = {
  date: '2026-03-13',
  outlets: [
    section({
      sales: { count: 3, total: 30000, by_method: { ...zero, cash: 20000, transfer: 10000 } },
      cash: { expected: 15000, counted: 14500, over_short: -500 },
      voids: [{ who: 'Boma', voided_by: 'Studio Admin', invoice: 'STO-000004', order_id: 4, amount: 5000, reason: 'Declined' }],
      exceptions: [{ kind: 'low_takings', message: 'Makeup Store took ₦30,000.00 on Mar 13, 2026, under half of what a Friday usually brings.', figure: 30000, median: 100000, spread: 0, link: '/invoices/product-invoices/store' }],
    }),
    section({ outlet: 'salon' }),
  ],
  credits_with_no_record: { count: 1, total: 1250 },
};

function renderPage(at: string) {
  storeUser(makeUser({ id: 1, name: 'Studio Admin', is_admin: 1 }));
  const fetchMock = mockFetch(({ url, method }) => (method === 'GET' && url.pathname === '/api/digest' ? jsonResponse(200, { data: { ...DIGEST, date: url.searchParams.get('date') } }) : jsonResponse(404, { message: 'Not found.' })));
  renderRoutes([{ path: '/finances/daily-digest', element: <DigestPage title="Daily digest" /> }], at);
  return fetchMock;
}

beforeEach(() => resetSession());

describe('DigestPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('asks the day and outlet of its address, and shows the exceptions first, in words, then the figures', async () => {
    const fetchMock = renderPage('/finances/daily-digest?date=2026-03-13&outlet=store');
    // the sheet on screen (the print copy sits outside the page, PrintArea)
    const sheet = await within(await screen.findByTestId('digest-page')).findByTestId('digest-sheet');
    const call = callsOf(fetchMock).find((c) => c.url.pathname === '/api/digest')!;
    expect(call.url.searchParams.get('date')).toBe('2026-03-13');
    expect(call.url.searchParams.get('outlet')).toBe('store');
    const exceptions = within(sheet).getByTestId('digest-exceptions');
    expect(exceptions.textContent).toContain('Makeup Store: Makeup Store took ₦30,000.00');
    expect(exceptions.textContent).toContain('1 bank credit of ₦1,250.00 in all has no record');
    // the exceptions come before the first outlet's figures
    expect(exceptions.compareDocumentPosition(within(sheet).getByTestId('digest-outlet-store')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const store = within(sheet).getByTestId('digest-outlet-store');
    expect(store.textContent).toContain('expected ₦15,000.00, counted ₦14,500.00: ₦500.00 short');
    expect(within(store).getByTestId('digest-void').textContent).toContain('sold by Boma, voided by Studio Admin (Declined)');
    expect(within(sheet).getByTestId('digest-outlet-salon').textContent).toContain('the day is not closed yet');
    // an invoice number opens its sale (the sale is in the address, as an exception's link puts it)
    fireEvent.click(within(store).getByRole('button', { name: 'STO-000004' }));
    await waitFor(() => expect(callsOf(fetchMock).some((c) => c.url.pathname === '/api/orders/4')).toBe(true));
  });

  it('a day with nothing unusual says so', async () => {
    const fetchMock = mockFetch(({ url }) => (url.pathname === '/api/digest' ? jsonResponse(200, { data: { ...DIGEST, outlets: [section({})], credits_with_no_record: { count: 0, total: 0 } } }) : jsonResponse(404, {})));
    storeUser(makeUser({ id: 1, name: 'Studio Admin', is_admin: 1 }));
    renderRoutes([{ path: '/finances/daily-digest', element: <DigestPage title="Daily digest" /> }], '/finances/daily-digest');
    await waitFor(() => expect(within(screen.getByTestId('digest-page')).getByTestId('digest-exceptions').textContent).toContain('Nothing unusual'));
    // no date in the address: today's
    expect(callsOf(fetchMock).find((c) => c.url.pathname === '/api/digest')!.url.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
