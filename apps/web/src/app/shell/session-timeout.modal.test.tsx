import { act, screen, waitFor } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionTimedOut } from '../../lib/api-client';
import { getCurrentUser } from '../../lib/auth-store';
import { COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { RequireUser } from '../guards';
import { SessionTimeoutModal } from './session-timeout.modal';

function Landed() {
  const location = useLocation();
  return <div data-testid="landed">{location.pathname}</div>;
}

function renderModal(entry = '/dashboard/main') {
  return renderRoutes(
    [
      {
        element: (
          <>
            <SessionTimeoutModal />
            <Outlet />
          </>
        ),
        children: [
          { path: '/auth/login', element: <Landed /> },
          // as in router.tsx: the signed-in screens sit behind RequireUser
          { element: <RequireUser />, children: [{ path: '*', element: <Landed /> }] },
        ],
      },
    ],
    entry,
  );
}

const TEXT = /seems you have been logged out automatically from the server.*go to the sign-in page/i;

beforeEach(() => {
  resetSession();
  mockFetch(() => jsonResponse(200, { data: { ok: true } }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionTimedOut.set(false);
});

describe('SessionTimeoutModal', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('stays closed until a 401 raises the flag', () => {
    storeUser(makeUser());
    renderModal();
    expect(screen.queryByText('Session TimeOut')).toBeNull();
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('opens titled "Session TimeOut" with the spec text when the flag is raised', async () => {
    storeUser(makeUser());
    renderModal();
    act(() => sessionTimedOut.set(true));
    expect(await screen.findByText('Session TimeOut')).toBeTruthy();
    expect(screen.getByText(TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('"Close" hides it and keeps the user signed in where they were', async () => {
    storeUser(makeUser());
    window.localStorage.setItem('unrelated', '1');
    const user = setupUser();
    const { router } = renderModal('/invoices/product-invoices/store');
    act(() => sessionTimedOut.set(true));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Session TimeOut')).toBeNull());
    expect(sessionTimedOut.get()).toBe(false);
    expect(router.state.location.pathname).toBe('/invoices/product-invoices/store');
    expect(window.localStorage.getItem('currentUser')).not.toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('1');
  });

  it('the cross dismisses it too', async () => {
    storeUser(makeUser());
    const user = setupUser();
    renderModal();
    act(() => sessionTimedOut.set(true));
    await user.click(await screen.findByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByText('Session TimeOut')).toBeNull());
    expect(sessionTimedOut.get()).toBe(false);
  });

  it('"Login" clears all storage and goes to /auth/login', async () => {
    storeUser(makeUser());
    window.localStorage.setItem('unrelated', '1');
    const user = setupUser();
    const { router } = renderModal('/invoices/product-invoices/store');
    act(() => sessionTimedOut.set(true));
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.length).toBe(0);
    expect(getCurrentUser()).toBeNull();
    expect(sessionTimedOut.get()).toBe(false);
    await waitFor(() => expect(screen.queryByText('Session TimeOut')).toBeNull());
  });
});
