import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionTimedOut } from '../../lib/api-client';
import { getCurrentUser } from '../../lib/auth-store';
import { callsOf, COMPONENT_TEST_TIMEOUT, deferred, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { LoginPage } from './login.page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Shows where the router landed. */
function Landed() {
  const location = useLocation();
  return <div data-testid="landed">{`${location.pathname}${location.search}`}</div>;
}

function renderLogin(entry = '/auth/login') {
  return renderRoutes(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '*', element: <Landed /> },
    ],
    entry,
  );
}

const usernameInput = () => document.querySelector<HTMLInputElement>('input[name="username"]')!;
const passwordInput = () => document.querySelector<HTMLInputElement>('input[name="password"]')!;
const submitButton = () => screen.getByTestId('login-submit') as HTMLButtonElement;

function loginAnswer(isAdmin: 0 | 1, deviceId: string) {
  const { created_at, updated_at, ...rest } = makeUser({ is_admin: isAdmin, name: 'Ada Obi', role: 'Cashier' });
  return { data: { ...rest, created_at, updated_at, tokens: [{ device_id: deviceId, api_token: 'fresh-token' }] } };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetSession();
  document.cookie = 'studio_remembered_username=; max-age=0; path=/';
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  warn.mockRestore();
  sessionTimedOut.set(false);
});

describe('LoginPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('shows the title and the hint', () => {
    renderLogin();
    expect(screen.getByText('Sign in to account')).toBeTruthy();
    expect(screen.getByText('Enter your Username & password to login')).toBeTruthy();
    expect(usernameInput()).toBeTruthy();
    expect(passwordInput().type).toBe('password');
    expect(screen.getByLabelText('Remember password')).toBeTruthy();
  });

  it('shows "Username is required" only after the username field is touched', async () => {
    const user = setupUser();
    renderLogin();
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(screen.queryByText('Password is required')).toBeNull();
    await user.click(usernameInput());
    expect(screen.queryByText('Username is required')).toBeNull();
    await user.tab(); // blur
    expect(screen.getByText('Username is required')).toBeTruthy();
    // the password field is still untouched
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('shows "Password is required" only after the password field is touched', async () => {
    const user = setupUser();
    renderLogin();
    await user.click(passwordInput());
    expect(screen.queryByText('Password is required')).toBeNull();
    await user.click(usernameInput()); // blur the password field
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.queryByText('Username is required')).toBeNull();
  });

  it('hides the message once the field is filled', async () => {
    const user = setupUser();
    renderLogin();
    await user.click(usernameInput());
    await user.tab();
    expect(screen.getByText('Username is required')).toBeTruthy();
    await user.type(usernameInput(), 'ada');
    expect(screen.queryByText('Username is required')).toBeNull();
  });

  it('labels the button "Sign In" and keeps it disabled until both fields are filled', async () => {
    const user = setupUser();
    renderLogin();
    expect(submitButton().textContent).toBe('Sign In');
    expect(submitButton().disabled).toBe(true);
    await user.type(usernameInput(), 'ada');
    expect(submitButton().disabled).toBe(true);
    await user.type(passwordInput(), 'secret-pass');
    expect(submitButton().disabled).toBe(false);
    await user.clear(usernameInput());
    expect(submitButton().disabled).toBe(true);
    // spaces only is not a username
    await user.type(usernameInput(), '   ');
    expect(submitButton().disabled).toBe(true);
  });

  it('does not call the server when Enter is pressed on an invalid form', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    const user = setupUser();
    renderLogin();
    await user.type(usernameInput(), 'ada{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });

  it('shows "Signing In..." and stays disabled while loading, then navigates to / by default', async () => {
    const pending = deferred<Response>();
    const fetchMock = mockFetch(() => pending.promise);
    const user = setupUser();
    const { router } = renderLogin();
    await user.type(usernameInput(), 'ada');
    await user.type(passwordInput(), 'secret-pass');
    await user.click(submitButton());

    expect(submitButton().textContent).toBe('Signing In...');
    expect(submitButton().disabled).toBe(true);
    await user.click(submitButton());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const deviceId = window.localStorage.getItem('deviceId')!;
    pending.resolve(jsonResponse(200, loginAnswer(1, deviceId)));
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends {username, password, deviceId (uuid), deviceInfo: ""} and stores the tokens and the user', async () => {
    const fetchMock = mockFetch((call) => {
      const body = call.body as { deviceId: string };
      return jsonResponse(200, loginAnswer(0, body.deviceId));
    });
    const user = setupUser();
    const { router } = renderLogin();
    await user.type(usernameInput(), '  ada  ');
    await user.type(passwordInput(), 'secret-pass');
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    const [call] = callsOf(fetchMock);
    expect(call!.method).toBe('POST');
    expect(call!.url.pathname).toBe('/api/login');
    expect(call!.headers.Accept).toBe('application/json');
    expect(call!.headers).not.toHaveProperty('Authorization');
    const body = call!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['deviceId', 'deviceInfo', 'password', 'username']);
    expect(body.username).toBe('ada');
    expect(body.password).toBe('secret-pass');
    expect(body.deviceInfo).toBe('');
    expect(body.deviceId).toMatch(UUID);

    // stored: the device id sent, its token, and the user without the token list
    expect(window.localStorage.getItem('deviceId')).toBe(body.deviceId);
    expect(JSON.parse(window.localStorage.getItem('tokens')!)).toEqual([{ device_id: body.deviceId, api_token: 'fresh-token' }]);
    const stored = JSON.parse(window.localStorage.getItem('currentUser')!) as Record<string, unknown>;
    expect(stored.name).toBe('Ada Obi');
    expect(stored.is_admin).toBe(0);
    expect(stored).not.toHaveProperty('tokens');
    expect(getCurrentUser()?.name).toBe('Ada Obi');
  });

  it('navigates to the returnUrl after success', async () => {
    mockFetch((call) => jsonResponse(200, loginAnswer(0, (call.body as { deviceId: string }).deviceId)));
    const user = setupUser();
    const { router } = renderLogin(`/auth/login?returnUrl=${encodeURIComponent('/invoices/product-invoices/store?x=1')}`);
    await user.type(usernameInput(), 'ada');
    await user.type(passwordInput(), 'secret-pass');
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/product-invoices/store'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('ignores a returnUrl to another site', async () => {
    mockFetch((call) => jsonResponse(200, loginAnswer(0, (call.body as { deviceId: string }).deviceId)));
    const user = setupUser();
    const { router } = renderLogin(`/auth/login?returnUrl=${encodeURIComponent('//evil.com')}`);
    await user.type(usernameInput(), 'ada');
    await user.type(passwordInput(), 'secret-pass');
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows errors.username of a 422 as text, never as HTML, and re-enables the form', async () => {
    mockFetch(() => jsonResponse(422, { message: 'The given data was invalid.', errors: { username: ['<b>x</b>'] } }));
    const user = setupUser();
    const { router } = renderLogin();
    await user.type(usernameInput(), 'ada');
    await user.type(passwordInput(), 'wrong-pass');
    await user.click(submitButton());

    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('<b>x</b>');
    expect(alert.querySelector('b')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(submitButton().textContent).toBe('Sign In');
    expect(submitButton().disabled).toBe(false);
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });

  it('shows the credentials sentence of a 422', async () => {
    mockFetch(() => jsonResponse(422, { message: 'The given data was invalid.', errors: { username: ['These credentials do not match our records.'] } }));
    const user = setupUser();
    renderLogin();
    await user.type(usernameInput(), 'ada');
    await user.type(passwordInput(), 'wrong-pass');
    await user.click(submitButton());
    expect((await screen.findByTestId('login-error')).textContent).toContain('These credentials do not match our records.');
  });

  it('a rejected login (401) does not open the session-timeout modal', async () => {
    mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    const user = setupUser();
    renderLogin();
    await user.type(usernameInput(), 'ada');
    await user.type(passwordInput(), 'wrong-pass');
    await user.click(submitButton());
    expect((await screen.findByTestId('login-error')).textContent).toContain('Unauthenticated.');
    expect(sessionTimedOut.get()).toBe(false);
  });

  it('sends an already signed-in staff member (is_admin 0) to the makeup-store till', async () => {
    storeUser(makeUser({ is_admin: 0 }));
    const { router } = renderLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/point-of-sales/store'));
    expect(screen.queryByText('Sign in to account')).toBeNull();
  });

  it('sends an already signed-in admin (is_admin 1) to the dashboard', async () => {
    storeUser(makeUser({ is_admin: 1 }));
    const { router } = renderLogin('/auth/login?returnUrl=%2Fbookings%2Fmanage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/main'));
    expect(screen.queryByText('Sign in to account')).toBeNull();
  });
});
