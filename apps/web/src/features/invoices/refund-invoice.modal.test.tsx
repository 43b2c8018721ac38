import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, quietApiClient, renderWithProviders, setupUser, storeUser } from '../../test/helpers';
import { makeOrder, payment } from '../../test/order-fixtures';
import { RefundInvoiceModal } from './refund-invoice.modal';

const byTransfer = (transfer_status: 'unconfirmed' | 'not_received'): Order =>
  makeOrder({ payments: [payment({ method: 'transfer', amount: 9000, reference: 'TRF-9', transfer_status })], amount_paid: 9000, change: 0, payment_method: 'transfer' });

quietApiClient();

describe('refund dialog', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('states an unconfirmed transfer when it opens; the approving admin confirms it there, with the refund', async () => {
    storeUser(makeUser({ id: 7, is_admin: 0 }));
    const order = byTransfer('unconfirmed');
    const fetchMock = mockFetch((call) => (call.method === 'POST' ? jsonResponse(201, { data: { ...order, refunds: [] } }) : jsonResponse(404, { message: 'Not found.' })));
    renderWithProviders(<RefundInvoiceModal order={order} onClose={() => {}} onRefunded={() => {}} />);
    const user = setupUser();
    const form = within(await screen.findByTestId('refund-form'));
    // the rule first, before anything is typed
    expect(form.getByTestId('refund-unconfirmed').textContent).toMatch(/bank transfer of ₦9,000\.00 that no one has confirmed arrived.*the admin approving this refund confirms it here/);
    await user.type(form.getByTestId('refund-quantity'), '1');
    await user.type(form.getByTestId('refund-reason'), 'Wrong shade');
    await user.type(form.getByTestId('refund-approval-username'), 'blessing');
    await user.type(form.getByTestId('refund-approval-password'), 'admin-pass');
    // not confirmed: no refund can be sent
    expect(form.getByTestId('refund-submit')).toHaveProperty('disabled', true);
    await user.click(form.getByRole('checkbox', { name: /The approving admin has seen ₦9,000\.00 arrive/ }));
    expect(form.getByTestId('refund-submit')).toHaveProperty('disabled', false);
    await user.click(form.getByTestId('refund-submit'));
    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(callsOf(fetchMock)[0]!.body).toMatchObject({ items: [{ order_item_id: 11, quantity: 1 }], reason: 'Wrong shade', approval: { username: 'blessing' }, confirm_transfers: true });
  });

  it('a transfer marked not received: the dialog says at once that nothing can be refunded, and asks for nothing', async () => {
    storeUser(makeUser({ id: 7, is_admin: 0 }));
    mockFetch(() => jsonResponse(404, { message: 'Not found.' }));
    renderWithProviders(<RefundInvoiceModal order={byTransfer('not_received')} onClose={() => {}} onRefunded={() => {}} />);
    const blocked = await screen.findByTestId('refund-blocked');
    expect(blocked.textContent).toMatch(/transfer of ₦9,000\.00 was marked not received: nothing came in to give back/);
    expect(screen.queryByTestId('refund-quantity')).toBeNull();
    expect(screen.queryByTestId('refund-approval-password')).toBeNull();
  });
});
