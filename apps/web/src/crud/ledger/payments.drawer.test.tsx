import { screen, waitFor, within } from '@testing-library/react';
import { type BridalBooking, type LedgerPayment, bridalBookings } from '@studio/shared';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { studioDate } from '../../lib/studio-time';
import { type FetchCall, COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, quietApiClient, renderRoutes, setupUser, storeUser } from '../../test/helpers';
import { ledgerParent } from './ledger-parent';
import { NO_CHECK } from '../../test/order-fixtures';
import { PaymentsDrawer } from './payments.drawer';

const stamp = '2026-11-02T10:00:00.000Z';

const BOOKING: BridalBooking = {
  id: 12,
  client_name: 'Ada Obi',
  phone: '0803 123 4567',
  email: null,
  event_date: '2026-12-05',
  event_time: null,
  event_location: 'Port Harcourt',
  package_id: 2,
  price: 250000,
  amount_paid: 100000,
  balance: 150000,
  status: 'confirmed',
  artist_id: null,
  note: null,
  deposit_outcome: null,
  created_at: stamp,
  updated_at: stamp,
};

const line = (overrides: Partial<LedgerPayment>): LedgerPayment => ({
  id: 1,
  parent_id: 12,
  amount: 50000,
  method: 'cash',
  date: '2026-11-02',
  note: null,
  reverses_id: null,
  reversed_by: null,
  user: { id: 1, name: 'Studio Admin' },
  created_at: stamp,
  ...NO_CHECK,
  transfer_status: (overrides.method ?? 'cash') === 'transfer' ? 'confirmed' : null,
  ...overrides,
});

// a deposit, a transfer entered by mistake and its reversal, then the right transfer
const LINES: LedgerPayment[] = [
  line({ id: 1, amount: 50000, note: 'Deposit' }),
  line({ id: 2, amount: 30000, method: 'transfer', date: '2026-11-10', reversed_by: 3, user: { id: 7, name: 'Ada Obi' } }),
  line({ id: 3, amount: -30000, method: 'transfer', date: '2026-11-11', note: 'Entered twice', reverses_id: 2 }),
  line({ id: 4, amount: 50000, method: 'transfer', date: '2026-11-12' }),
];

type Handler = (call: FetchCall) => Response | undefined;

function renderDrawer(booking: BridalBooking = BOOKING, handler: Handler = () => undefined, paymentsClosed?: string) {
  storeUser(makeUser({ id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 }));
  const fetchMock = mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url.pathname === '/api/bridalbookings/12/payments') return jsonResponse(200, { data: LINES });
    return jsonResponse(404, { message: 'Not found.' });
  });
  function Page() {
    const [open, setOpen] = useState(true);
    return (
      <PaymentsDrawer
        resource={bridalBookings}
        record={ledgerParent(bridalBookings, booking, { title: booking.client_name, phone: booking.phone, description: `Bridal booking ${booking.event_date}, Bridal Gold` })}
        opened={open}
        onClose={() => setOpen(false)}
        receiptPrefix="BKG"
        paymentsClosed={paymentsClosed}
      />
    );
  }
  renderRoutes([{ path: '/', element: <Page /> }], '/');
  return fetchMock;
}

const field = (name: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-field="${name}"]`);
const text = (testId: string, within_: HTMLElement = document.body) => within(within_).getByTestId(testId).textContent;
const posts = (fetchMock: ReturnType<typeof mockFetch>) => callsOf(fetchMock).filter((c) => c.method === 'POST');

quietApiClient();

describe('payments drawer', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('shows the charge, paid and balance and every ledger line; a reversal is negative with its reason, the line it reverses struck through', async () => {
    renderDrawer();
    const drawer = await screen.findByTestId('payments-drawer');
    const rows = await within(drawer).findAllByTestId('payment-line');
    expect(text('payments-title', drawer)).toBe('Ada Obi');
    expect(text('payments-description', drawer)).toBe('Bridal booking 2026-12-05, Bridal Gold');
    expect(text('payments-charge', drawer)).toBe('₦250,000.00');
    expect(text('payments-paid', drawer)).toBe('₦100,000.00');
    expect(text('payments-balance', drawer)).toBe('₦150,000.00');

    // oldest first, as the API sends them
    expect(rows.map((r) => text('payment-date', r))).toEqual(['Nov 2, 2026', 'Nov 10, 2026', 'Nov 11, 2026', 'Nov 12, 2026']);
    expect(rows.map((r) => text('payment-amount', r))).toEqual(['₦50,000.00', '₦30,000.00', '-₦30,000.00', '₦50,000.00']);
    expect(rows.map((r) => text('payment-method', r))).toEqual(['Cash', 'Bank transfer', 'Bank transfer', 'Bank transfer']);
    expect(text('payment-who', rows[1]!)).toBe('Taken by Ada Obi');
    expect(text('payment-note', rows[0]!)).toBe('Deposit');

    // the mistaken transfer: marked, struck through, no longer reversible
    expect(rows[1]!.hasAttribute('data-reversed')).toBe(true);
    expect(text('payment-badge', rows[1]!)).toBe('Reversed');
    expect(within(rows[1]!).queryByTestId('payment-reverse')).toBeNull();
    // its reversal: the reason, which line, no receipt and no reverse of its own
    expect(rows[2]!.hasAttribute('data-reversal')).toBe(true);
    expect(text('payment-badge', rows[2]!)).toBe('Reversal');
    expect(text('payment-note', rows[2]!)).toBe('Reason: Entered twice');
    expect(text('payment-reverses', rows[2]!)).toBe('Reverses the ₦30,000.00 payment of Nov 10, 2026');
    expect(within(rows[2]!).queryByTestId('payment-reverse')).toBeNull();
    expect(within(rows[2]!).queryByTestId('payment-receipt-button')).toBeNull();
    expect(within(rows[0]!).getByTestId('payment-reverse').getAttribute('aria-label')).toBe('Reverse the ₦50,000.00 payment of Nov 2, 2026');

    // a balance is due: the reminder goes to the client's number
    const remind = new URL(within(drawer).getByTestId('remind-balance').getAttribute('href')!);
    expect(remind.pathname).toBe('/2348031234567');
    expect(remind.searchParams.get('text')).toContain('a balance of ₦150,000.00 is due for Bridal booking 2026-12-05, Bridal Gold');
  });

  it('reprints a line’s receipt with what had been paid once it was taken', async () => {
    renderDrawer();
    const rows = await screen.findAllByTestId('payment-line');
    await setupUser().click(within(rows[3]!).getByTestId('payment-receipt-button'));
    const modal = await screen.findByTestId('payment-receipt-modal');
    const receipt = within(modal).getAllByTestId('payment-receipt')[0]!;
    expect(text('payment-receipt-no', receipt)).toBe('BKG-12-P4');
    expect(text('payment-receipt-paid', receipt)).toBe('₦100,000.00');
    expect(text('payment-receipt-balance', receipt)).toBe('₦150,000.00');
  });

  it('says "Paid in full" and disables the form when nothing is owed', async () => {
    renderDrawer({ ...BOOKING, amount_paid: 250000, balance: 0 });
    const drawer = await screen.findByTestId('payments-drawer');
    expect(text('payments-balance', drawer)).toBe('Paid in full');
    expect(within(drawer).getByTestId('take-payment-closed').textContent).toMatch(/paid in full/i);
    expect(within(drawer).getByTestId('take-payment-submit')).toHaveProperty('disabled', true);
    expect(field('amount')).toHaveProperty('disabled', true);
    expect(within(drawer).queryByTestId('remind-balance')).toBeNull();
  });

  it('disables the form with the page’s reason (a cancelled booking), still offering reversals', async () => {
    renderDrawer({ ...BOOKING, status: 'cancelled' }, undefined, 'This booking is cancelled: reopen it before taking a payment.');
    const drawer = await screen.findByTestId('payments-drawer');
    await within(drawer).findAllByTestId('payment-line');
    expect(text('take-payment-closed', drawer)).toBe('This booking is cancelled: reopen it before taking a payment.');
    expect(within(drawer).getByTestId('take-payment-submit')).toHaveProperty('disabled', true);
    expect(within(drawer).getAllByTestId('payment-reverse')).toHaveLength(2);
  });

  it('takes a payment: the balance prefilled, the body the schema wants, then the receipt and the new figures', async () => {
    const payment = line({ id: 5, amount: 100000, method: 'pos', date: studioDate(), note: 'Second instalment' });
    const fetchMock = renderDrawer(BOOKING, (call) =>
      call.method === 'POST' ? jsonResponse(201, { data: { payment, record: { ...BOOKING, amount_paid: 200000, balance: 50000 } } }) : undefined,
    );
    const drawer = await screen.findByTestId('payments-drawer');
    await within(drawer).findAllByTestId('payment-line');
    expect(field('amount')!.value).toBe('₦150,000.00');
    expect(field('date')).not.toBeNull();
    const user = setupUser();
    await user.clear(field('amount')!);
    await user.type(field('amount')!, '100000');
    await user.click(field('method')!);
    await user.click(await screen.findByRole('option', { name: 'POS terminal', hidden: true }));
    await user.type(field('note')!, 'Second instalment');
    await user.click(within(drawer).getByTestId('take-payment-submit'));

    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [post] = posts(fetchMock);
    expect(post!.url.pathname).toBe('/api/bridalbookings/12/payments');
    // with the key that makes a retry after a lost answer safe (one per payment)
    expect(post!.body).toEqual({ amount: 100000, method: 'pos', date: studioDate(), note: 'Second instalment', client_ref: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const modal = await screen.findByTestId('payment-receipt-modal');
    const receipt = within(modal).getAllByTestId('payment-receipt')[0]!;
    expect(text('payment-receipt-no', receipt)).toBe('BKG-12-P5');
    expect(text('payment-receipt-name', receipt)).toBe('Ada Obi');
    expect(text('payment-receipt-for', receipt)).toBe('For: Bridal booking 2026-12-05, Bridal Gold');
    expect(text('payment-receipt-amount', receipt)).toBe('₦100,000.00');
    expect(text('payment-receipt-charge', receipt)).toBe('₦250,000.00');
    expect(text('payment-receipt-paid', receipt)).toBe('₦200,000.00');
    expect(text('payment-receipt-balance', receipt)).toBe('₦50,000.00');
    const share = new URL(within(modal).getByTestId('receipt-whatsapp').getAttribute('href')!);
    expect(share.pathname).toBe('/2348031234567');
    expect(share.searchParams.get('text')).toContain('*Balance: ₦50,000.00*');

    // the drawer shows the record's new figures, and asks for the ledger again
    expect(text('payments-paid', drawer)).toBe('₦200,000.00');
    expect(text('payments-balance', drawer)).toBe('₦50,000.00');
    // the form starts again from the new balance
    expect(field('amount')!.value).toBe('₦50,000.00');
    expect(field('note')!.value).toBe('');
    // the ledger twice (the receipt also reads the studio's settings, for the account it prints)
    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.method === 'GET' && c.url.pathname !== '/api/settings')).toHaveLength(2));
  });

  it('shows an overpayment refused by the server under the amount', async () => {
    const fetchMock = renderDrawer(BOOKING, (call) =>
      call.method === 'POST'
        ? jsonResponse(422, { message: 'The given data was invalid.', errors: { amount: ['The amount must not be greater than the balance of ₦150,000.00.'] } })
        : undefined,
    );
    const drawer = await screen.findByTestId('payments-drawer');
    await within(drawer).findAllByTestId('payment-line');
    const user = setupUser();
    // no method is chosen for the desk: the form asks for one before anything is sent
    await user.click(within(drawer).getByTestId('take-payment-submit'));
    await waitFor(() => expect(field('method')!.getAttribute('aria-invalid')).toBe('true'));
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(field('method')!);
    await user.click(await screen.findByRole('option', { name: 'Cash', hidden: true }));
    await user.click(within(drawer).getByTestId('take-payment-submit'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(await within(drawer).findByText('The amount must not be greater than the balance of ₦150,000.00.')).toBeTruthy();
    expect(field('amount')!.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('payment-receipt')).toBeNull();
  });

  it('reverses a line only with a reason, and posts it', async () => {
    const reversal = line({ id: 5, amount: -50000, date: studioDate(), note: 'Client paid by mistake', reverses_id: 4 });
    const fetchMock = renderDrawer(BOOKING, (call) =>
      call.method === 'POST' ? jsonResponse(201, { data: { payment: reversal, record: { ...BOOKING, amount_paid: 50000, balance: 200000 } } }) : undefined,
    );
    const drawer = await screen.findByTestId('payments-drawer');
    const rows = await within(drawer).findAllByTestId('payment-line');
    const user = setupUser();
    await user.click(within(rows[3]!).getByTestId('payment-reverse'));
    const modal = await screen.findByTestId('reverse-payment-modal');
    expect(modal.textContent).toContain('₦50,000.00');

    // no reason, no call
    await user.click(within(modal).getByTestId('reverse-submit'));
    await waitFor(() => expect(field('reason')!.getAttribute('aria-invalid')).toBe('true'));
    expect(posts(fetchMock)).toHaveLength(0);

    await user.type(field('reason')!, 'Client paid by mistake');
    await user.click(within(modal).getByTestId('reverse-submit'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [post] = posts(fetchMock);
    expect(post!.url.pathname).toBe('/api/bridalbookings/12/payments/4/reverse');
    expect(post!.body).toEqual({ reason: 'Client paid by mistake', client_ref: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await waitFor(() => expect(screen.queryByTestId('reverse-submit')).toBeNull());
    expect(text('payments-paid', drawer)).toBe('₦50,000.00');
    expect(text('payments-balance', drawer)).toBe('₦200,000.00');
  });

  it('shows a refused reversal in the dialog', async () => {
    const fetchMock = renderDrawer(BOOKING, (call) =>
      call.method === 'POST' ? jsonResponse(422, { message: 'The given data was invalid.', errors: { payment: ['This payment has already been reversed.'] } }) : undefined,
    );
    const rows = await screen.findAllByTestId('payment-line');
    const user = setupUser();
    await user.click(within(rows[0]!).getByTestId('payment-reverse'));
    const modal = await screen.findByTestId('reverse-payment-modal');
    await user.type(field('reason')!, 'Wrong client');
    await user.click(within(modal).getByTestId('reverse-submit'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(await within(modal).findByText('This payment has already been reversed.')).toBeTruthy();
  });
});
