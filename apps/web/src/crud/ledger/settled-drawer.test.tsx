import { screen, within } from '@testing-library/react';
import { type BridalBooking, bridalBookings } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, renderRoutes, storeUser } from '../../test/helpers';
import { ledgerParent } from './ledger-parent';
import { PaymentsDrawer } from './payments.drawer';

// Issue 28, item 4: a cancelled booking owes nothing but was not paid for: its payments say what became of the money,
// never "Paid in full", and take no payment.
const stamp = '2026-11-02T10:00:00.000Z';
const CANCELLED: BridalBooking = {
  id: 12,
  client_name: 'Ada Obi',
  phone: '0803 123 4567',
  email: null,
  event_date: '2026-12-05',
  event_time: null,
  event_location: null,
  package_id: 2,
  price: 250000,
  amount_paid: 0,
  balance: 0,
  status: 'cancelled',
  artist_id: null,
  note: null,
  deposit_outcome: 'refunded',
  created_at: stamp,
  updated_at: stamp,
};

quietApiClient();

describe('payments of a cancelled booking', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('read "Cancelled · deposit refunded", not "Paid in full"', async () => {
    storeUser(makeUser({ id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 }));
    mockFetch(() => jsonResponse(200, { data: [] }));
    renderRoutes(
      [
        {
          path: '/',
          element: <PaymentsDrawer resource={bridalBookings} record={ledgerParent(bridalBookings, CANCELLED, { title: CANCELLED.client_name })} opened onClose={() => {}} receiptPrefix="BKG" />,
        },
      ],
      '/',
    );
    const drawer = await screen.findByTestId('payments-drawer');
    expect(within(drawer).getByTestId('payments-balance').textContent).toBe('Cancelled · deposit refunded');
    expect(drawer.textContent).not.toMatch(/paid in full/i);
  });
});
