import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../lib/auth-store';
import { getCurrentUser } from '../../lib/auth-store';
import { callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { RequireUser } from '../guards';
import { ShellLayout, preloadWideMenus } from './app-shell';
import { ADMIN_MENU, STAFF_MENU, menuPaths } from './menu';

function renderShell(user: CurrentUser, entry = '/dashboard/main', serverUser: CurrentUser = user) {
  storeUser(user);
  const fetchMock = mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/user') return jsonResponse(200, { data: serverUser });
    if (call.method === 'POST' && call.url.pathname === '/api/logout') return jsonResponse(200, { data: { ok: true } });
    return jsonResponse(404, { message: 'Not found.' });
  });
  const result = renderRoutes(
    [
      { path: '/auth/login', element: <div data-testid="login">login</div> },
      // as in router.tsx: the shell sits behind RequireUser
      { element: <RequireUser />, children: [{ element: <ShellLayout />, children: [{ path: '*', element: <div data-testid="page">page</div> }] }] },
    ],
    entry,
  );
  return { ...result, fetchMock };
}

const sidebar = () => screen.getByTestId('sidebar');
const group = (title: string) => sidebar().querySelector<HTMLElement>(`[data-group="${title}"]`);
const groupTitles = () => [...sidebar().querySelectorAll<HTMLElement>('[data-group]')].map((el) => el.dataset.group ?? '');
const linkedPaths = () => [...sidebar().querySelectorAll<HTMLElement>('[data-path]')].map((el) => el.dataset.path!);
const isOpen = (title: string) => group(title)!.hasAttribute('data-expanded');

/** Waits for the GET /api/user refresh the shell makes on arrival, so its update lands inside the test. */
async function settle(fetchMock: ReturnType<typeof mockFetch>) {
  await waitFor(() => expect(callsOf(fetchMock).some((c) => c.url.pathname === '/api/user')).toBe(true));
  await act(async () => {});
}

// as the router does for a wide screen before it draws the shell: the menus' chunks have come (CI at load 15: the
// first test's sidebar was still its Suspense fallback when it was read)
beforeAll(() => preloadWideMenus(), COMPONENT_TEST_TIMEOUT);

beforeEach(() => {
  resetSession();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ShellLayout', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('shows the admin menu to is_admin 1', async () => {
    const { fetchMock } = renderShell(makeUser({ is_admin: 1, role: 'Admin' }));
    await settle(fetchMock);
    expect(groupTitles()).toEqual(['Point of Sales', 'Invoices', 'Clients', 'Students', 'Products', 'Bookings', 'Settings']);
    // open every group so each link is rendered
    const user = setupUser();
    const seen = new Set<string>(linkedPaths());
    for (const title of groupTitles()) {
      if (!isOpen(title)) await user.click(within(group(title)!).getByText(title));
      await waitFor(() => expect(isOpen(title)).toBe(true));
      for (const path of linkedPaths()) seen.add(path);
    }
    expect([...seen].sort()).toEqual([...menuPaths(ADMIN_MENU)].sort());
    expect(within(sidebar()).getByText('Manage Staff')).toBeTruthy();
    expect(within(sidebar()).getByText('Dashboard')).toBeTruthy();
  });

  it('shows the reduced menu to is_admin 0', async () => {
    const { fetchMock } = renderShell(makeUser({ is_admin: 0 }), '/dashboard/point-of-sales/store');
    await settle(fetchMock);
    expect(groupTitles()).toEqual(['Point of Sales', 'Invoices', 'Clients', 'Products', 'Makeup Students', 'Office Students', 'Hostel']);
    const user = setupUser();
    const seen = new Set<string>(linkedPaths());
    for (const title of groupTitles()) {
      if (!isOpen(title)) await user.click(within(group(title)!).getByText(title));
      await waitFor(() => expect(isOpen(title)).toBe(true));
      for (const path of linkedPaths()) seen.add(path);
    }
    expect([...seen].sort()).toEqual([...menuPaths(STAFF_MENU)].sort());
    for (const adminOnly of ['Manage Staff', 'Dashboard', 'Income & Expenses', 'Manage Hostel', 'Settings', 'Staff Performances']) {
      expect(within(sidebar()).queryByText(adminOnly)).toBeNull();
    }
    expect(within(sidebar()).getByText('Vacated')).toBeTruthy();
  });

  it('opens the group of the current route on arrival', async () => {
    const { fetchMock } = renderShell(makeUser({ is_admin: 0 }), '/invoices/my-performance');
    await settle(fetchMock);
    expect(isOpen('Invoices')).toBe(true);
    expect(isOpen('Point of Sales')).toBe(false);
  });

  it('keeps only one top-level group open at a time', async () => {
    const { fetchMock } = renderShell(makeUser({ is_admin: 1 }));
    await settle(fetchMock);
    const user = setupUser();
    expect(isOpen('Point of Sales')).toBe(false);
    expect(isOpen('Invoices')).toBe(false);

    await user.click(within(group('Point of Sales')!).getByText('Point of Sales'));
    expect(isOpen('Point of Sales')).toBe(true);

    await user.click(within(group('Invoices')!).getByText('Invoices'));
    expect(isOpen('Invoices')).toBe(true);
    expect(isOpen('Point of Sales')).toBe(false);

    // clicking the open group closes it
    await user.click(within(group('Invoices')!).getByText('Invoices'));
    expect(isOpen('Invoices')).toBe(false);
    expect(groupTitles().filter(isOpen)).toEqual([]);
  });

  it('shows the current year in the footer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    const { fetchMock } = renderShell(makeUser());
    await settle(fetchMock);
    const footer = screen.getByTestId('shell-footer');
    expect(footer.textContent).toMatch(/Copyright © 2031\b/);
  });

  it('shows the name and role in the header', async () => {
    const { fetchMock } = renderShell(makeUser({ name: 'Ada Obi', role: 'Cashier' }));
    await settle(fetchMock);
    const header = screen.getByTestId('shell-header');
    expect(within(header).getByTestId('profile-name').textContent).toBe('Ada Obi');
    expect(within(header).getByTestId('profile-role').textContent).toBe('Cashier');
  });

  it('refreshes the name and role from GET /api/user', async () => {
    const stored = makeUser({ name: 'Ada Obi', role: 'Cashier' });
    const { fetchMock } = renderShell(stored, '/dashboard/point-of-sales/store', { ...stored, name: 'Ada Obi-Nwosu', role: 'Supervisor' });
    await settle(fetchMock);
    await waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('Ada Obi-Nwosu'));
    expect(screen.getByTestId('profile-role').textContent).toBe('Supervisor');
    expect(getCurrentUser()?.role).toBe('Supervisor');
    const userCall = callsOf(fetchMock).find((c) => c.url.pathname === '/api/user')!;
    expect(userCall.headers.Authorization).toBe('Bearer token-b');
  });

  it('uses the Seoul layout by default', async () => {
    const { fetchMock } = renderShell(makeUser());
    await settle(fetchMock);
    expect(screen.getByTestId('app-shell').getAttribute('data-layout')).toBe('Seoul');
  });

  it('?layout=Paris sets data-layout="Paris" on the shell root, and it is remembered', async () => {
    const { fetchMock, router } = renderShell(makeUser(), '/dashboard/main?layout=Paris');
    await settle(fetchMock);
    expect(screen.getByTestId('app-shell').getAttribute('data-layout')).toBe('Paris');
    await act(() => router.navigate('/dashboard/point-of-sales/store'));
    expect(screen.getByTestId('app-shell').getAttribute('data-layout')).toBe('Paris');
    await act(() => router.navigate('/dashboard/main?layout=unknown'));
    expect(screen.getByTestId('app-shell').getAttribute('data-layout')).toBe('Seoul');
  });

  it('Log Out clears storage and goes to /auth/login', async () => {
    const { fetchMock, router } = renderShell(makeUser());
    await settle(fetchMock);
    window.localStorage.setItem('unrelated', '1');
    const user = setupUser();
    await user.click(screen.getByTestId('profile-menu'));
    await user.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(screen.getByTestId('login')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.length).toBe(0);
    expect(callsOf(fetchMock).some((c) => c.method === 'POST' && c.url.pathname === '/api/logout')).toBe(true);
  });
});
