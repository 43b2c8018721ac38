import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession } from '../lib/auth-store';
import { COMPONENT_TEST_TIMEOUT, makeUser, renderRoutes, resetSession, storeUser } from '../test/helpers';
import { RequireAccess, RequireUser } from './guards';

function Landed({ name }: { name: string }) {
  const location = useLocation();
  return <div data-testid="landed">{`${name} ${location.pathname}${location.search}`}</div>;
}

const routes = [
  { path: '/auth/login', element: <Landed name="login" /> },
  {
    element: <RequireUser />,
    children: [
      { path: '/invoices/product-invoices/store', element: <Landed name="invoices" /> },
      {
        path: '/users/profile-list',
        element: (
          <RequireAccess access="admin">
            <Landed name="staff-admin" />
          </RequireAccess>
        ),
      },
      {
        path: '/dashboard/main',
        element: (
          <RequireAccess access="admin">
            <Landed name="dashboard" />
          </RequireAccess>
        ),
      },
      {
        path: '/dashboard/point-of-sales/store',
        element: (
          <RequireAccess access="staff">
            <Landed name="till" />
          </RequireAccess>
        ),
      },
      {
        path: '/dashboard/point-of-sales/salon',
        element: (
          <RequireAccess access="staff">
            <Landed name="salon till" />
          </RequireAccess>
        ),
      },
    ],
  },
];

beforeEach(() => resetSession());

describe('RequireUser', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('sends a visitor without a stored user to /auth/login with the encoded returnUrl', async () => {
    const { router } = renderRoutes(routes, '/invoices/product-invoices/store?x=1&y=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/invoices/product-invoices/store?x=1&y=2')}`);
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/invoices/product-invoices/store?x=1&y=2');
    expect(screen.queryByText(/^invoices/)).toBeNull();
  });

  it('sends a user who signs out while inside to the plain /auth/login (no returnUrl for the next person)', async () => {
    storeUser(makeUser({ is_admin: 1 }));
    const { router } = renderRoutes(routes, '/users/profile-list');
    expect(screen.getByTestId('landed').textContent).toBe('staff-admin /users/profile-list');
    act(() => clearSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('');
  });

  it('treats a sign-out in another tab the same way', async () => {
    storeUser(makeUser());
    const { router } = renderRoutes(routes, '/invoices/product-invoices/store');
    act(() => {
      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('');
  });

  it('lets a stored user through', () => {
    storeUser(makeUser({ is_admin: 0 }));
    const { router } = renderRoutes(routes, '/invoices/product-invoices/store');
    expect(screen.getByTestId('landed').textContent).toBe('invoices /invoices/product-invoices/store');
    expect(router.state.location.pathname).toBe('/invoices/product-invoices/store');
  });
});

describe('RequireAccess', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('sends staff (is_admin 0) away from an admin page to their till', async () => {
    storeUser(makeUser({ is_admin: 0 }));
    const { router } = renderRoutes(routes, '/users/profile-list');
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('till /dashboard/point-of-sales/store'));
    expect(router.state.location.pathname).toBe('/dashboard/point-of-sales/store');
  });

  it('sends staff to their own outlet’s till (a salon stylist to the Salon’s), not the Makeup store’s', async () => {
    storeUser(makeUser({ is_admin: 0, outlet: 'salon' }));
    const { router } = renderRoutes(routes, '/dashboard/main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/point-of-sales/salon'));
    expect(screen.getByTestId('landed').textContent).toBe('salon till /dashboard/point-of-sales/salon');
  });

  it('sends staff away from the admin dashboard too', async () => {
    storeUser(makeUser({ is_admin: 0 }));
    const { router } = renderRoutes(routes, '/dashboard/main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/point-of-sales/store'));
  });

  it('lets an admin (is_admin 1) open admin pages', () => {
    storeUser(makeUser({ is_admin: 1 }));
    renderRoutes(routes, '/users/profile-list');
    expect(screen.getByTestId('landed').textContent).toBe('staff-admin /users/profile-list');
  });

  it('lets staff open staff pages', () => {
    storeUser(makeUser({ is_admin: 0 }));
    renderRoutes(routes, '/dashboard/point-of-sales/store');
    expect(screen.getByTestId('landed').textContent).toBe('till /dashboard/point-of-sales/store');
  });
});
