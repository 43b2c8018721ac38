import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchCall, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, renderWithProviders, setupUser, storeUser } from '../../test/helpers';
import { MyAccountModal } from './my-account.modal';

quietApiClient();

describe('My account: sign out other devices', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('sends POST /api/logout-others and says how many devices were signed out; this one stays signed in', async () => {
    storeUser(makeUser({ id: 7, is_admin: 0, role: 'Sales' }));
    const calls: FetchCall[] = [];
    mockFetch((call) => {
      calls.push(call);
      return call.url.pathname === '/api/logout-others' ? jsonResponse(200, { data: { message: 'Signed out 2 other devices.', signed_out: 2 } }) : jsonResponse(404, { message: 'Not found.' });
    });
    renderWithProviders(<MyAccountModal opened onClose={() => {}} />);
    const user = setupUser();
    await user.click(await screen.findByTestId('logout-others'));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/logout-others')).toHaveLength(1));
    expect(calls[0]!.method).toBe('POST');
    expect(await screen.findByText('Signed out 2 other devices.')).toBeTruthy();
    // still in the modal, still signed in: no logout call, the form is there
    expect(calls.some((c) => c.url.pathname === '/api/logout')).toBe(false);
    expect(screen.getByTestId('my-account-modal')).toBeTruthy();
  });
});
