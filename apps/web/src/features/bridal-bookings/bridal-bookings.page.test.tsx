import { screen, waitFor, within } from '@testing-library/react';
import type { BridalBooking } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, renderRoutes, setupUser, storeUser } from '../../test/helpers';
import { ManageBookingsPage } from './bridal-bookings.ui';

const stamp = '2026-03-01T09:00:00.000Z';
const booking = (id: number, client_name: string, event_date: string): BridalBooking => ({
  id,
  client_name,
  phone: '0803 111 2222',
  email: null,
  event_date,
  event_time: '09:00',
  event_location: null,
  package_id: 5,
  price: 300000,
  amount_paid: 100000,
  balance: 200000,
  status: 'confirmed',
  deposit_outcome: null,
  artist_id: null,
  note: null,
  created_at: stamp,
  updated_at: stamp,
});
const NOVEMBER = [booking(1, 'Ada November', '2026-11-14')];
const MARCH = [booking(2, 'Zainab March', '2027-03-20')];
const paged = (rows: BridalBooking[]) => ({ data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length, summary: { count: rows.length, price: 0, amount_paid: 0, balance: 0 } });

quietApiClient();

describe('bridal bookings page', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('a search result of another month opens: the calendar moves to its month and the booking shows', async () => {
    storeUser(makeUser({ role: 'Sales Attendant' }));
    mockFetch((call) => {
      const path = call.url.pathname;
      const month = path.match(/^\/api\/bridalbookings\/getmonth\/(\d{4}-\d{2})$/)?.[1];
      if (month) {
        const rows = month === '2027-03' ? MARCH : month === '2026-11' ? NOVEMBER : [];
        return jsonResponse(200, call.url.searchParams.has('page') ? paged(rows) : { data: rows });
      }
      if (path === '/api/bridalbookings') {
        const q = (call.url.searchParams.get('q') ?? '').toLowerCase();
        return jsonResponse(200, paged([...NOVEMBER, ...MARCH].filter((b) => b.client_name.toLowerCase().includes(q))));
      }
      if (path === '/api/bridalpackages') return jsonResponse(200, { data: [{ id: 5, name: 'Classic bride', price: 300000, active: true, created_at: stamp, updated_at: stamp }] });
      if (path === '/api/users') return jsonResponse(200, { data: [] });
      return jsonResponse(404, { message: 'Not found.' });
    });
    const { router } = renderRoutes([{ path: '/bookings', element: <ManageBookingsPage title="Bookings" /> }], '/bookings?month=2026-11');
    const user = setupUser();
    await screen.findAllByText('Ada November');

    await user.type(screen.getByTestId('bookings-search'), 'zainab');
    const row = await waitFor(() => {
      const found = screen.getAllByTestId('booking-row').find((r) => within(r).queryByText('Zainab March'));
      expect(found).toBeTruthy();
      return found!;
    });
    await user.click(row);

    // the booking opens at once, and the calendar (and the address) move to March 2027 with its day shown
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('Zainab March')).toBeTruthy();
    expect(within(detail).getByTestId('booking-balance').textContent).toBe('₦200,000.00');
    await waitFor(() => expect(router.state.location.search).toBe('?month=2027-03'));
    expect(screen.getByTestId('calendar-month').textContent).toBe('March 2027');
    await waitFor(() => expect(within(screen.getByTestId('calendar-day-list')).getByTestId('day-booking').textContent).toContain('Zainab March'));
  });
});
