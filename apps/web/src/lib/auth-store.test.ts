import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { callsOf, jsonResponse, makeUser, mockFetch, resetSession, storeUser } from '../test/helpers';
import { sessionTimedOut } from './api-client';
import { clearSession, getCurrentUser, homeFor, isAdmin, isLoggedIn, logout, refreshCurrentUser, saveSession } from './auth-store';

beforeEach(() => resetSession());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionTimedOut.set(false);
});

describe('homeFor', () => {
  it('sends admins (is_admin 1) to the dashboard and staff (is_admin 0) to the makeup-store till', () => {
    expect(homeFor({ is_admin: 1 })).toBe('/dashboard/main');
    expect(homeFor({ is_admin: 0 })).toBe('/dashboard/point-of-sales/store');
    expect(homeFor(null)).toBe('/dashboard/point-of-sales/store');
  });

  it('sends staff to their own outlet’s till; an admin to the dashboard whatever the outlet', () => {
    expect(homeFor({ is_admin: 0, outlet: 'office' })).toBe('/dashboard/point-of-sales/office');
    expect(homeFor({ is_admin: 0, outlet: 'salon' })).toBe('/dashboard/point-of-sales/salon');
    expect(homeFor({ is_admin: 0, outlet: null })).toBe('/dashboard/point-of-sales/store');
    expect(homeFor({ is_admin: 1, outlet: 'salon' })).toBe('/dashboard/main');
  });

  it('isAdmin is true only for is_admin 1', () => {
    expect(isAdmin({ is_admin: 1 })).toBe(true);
    expect(isAdmin({ is_admin: 0 })).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});

describe('logout', () => {
  it('clears ALL of localStorage, not only the keys the app owns', async () => {
    mockFetch(() => jsonResponse(200, { data: { ok: true } }));
    storeUser(makeUser());
    window.localStorage.setItem('unrelated', 'keep-me?');
    window.localStorage.setItem('layout', 'Paris');
    expect(isLoggedIn()).toBe(true);

    await logout();

    expect(window.localStorage.length).toBe(0);
    expect(window.localStorage.getItem('unrelated')).toBeNull();
    expect(isLoggedIn()).toBe(false);
    expect(getCurrentUser()).toBeNull();
  });

  it('revokes the token with POST /api/logout carrying the token read before storage was cleared', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { data: { ok: true } }));
    storeUser(makeUser(), { deviceId: 'device-b' });
    await logout();
    const calls = callsOf(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/logout');
    expect(calls[0]!.headers.Authorization).toBe('Bearer token-b');
  });

  it('still clears everything when the logout call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    storeUser(makeUser());
    await expect(logout()).resolves.toBeUndefined();
    expect(window.localStorage.length).toBe(0);
    expect(sessionTimedOut.get()).toBe(false);
  });

  it('clearSession lowers the session-timeout flag', () => {
    sessionTimedOut.set(true);
    clearSession();
    expect(sessionTimedOut.get()).toBe(false);
  });
});

describe('saveSession', () => {
  it('stores the user without its tokens, and merges tokens of other devices', () => {
    window.localStorage.setItem('tokens', JSON.stringify([{ device_id: 'other', api_token: 'old-other' }, { device_id: 'mine', api_token: 'old-mine' }]));
    const user = makeUser({ is_admin: 1 });
    saveSession({ ...user, tokens: [{ device_id: 'mine', api_token: 'new-mine' }] });
    expect(JSON.parse(window.localStorage.getItem('currentUser')!)).toEqual(user);
    expect(JSON.parse(window.localStorage.getItem('tokens')!)).toEqual([
      { device_id: 'other', api_token: 'old-other' },
      { device_id: 'mine', api_token: 'new-mine' },
    ]);
    expect(getCurrentUser()).toEqual(user);
  });
});

describe('refreshCurrentUser', () => {
  it('keeps the stored user as it is when GET /api/user answers the same fields (in another order): nothing is drawn again', async () => {
    const user = makeUser({ is_admin: 1 });
    storeUser(user);
    const before = getCurrentUser();
    expect(before).toEqual(user);
    const reordered = Object.fromEntries(Object.entries(user).reverse());
    mockFetch(() => jsonResponse(200, { data: reordered }));
    await refreshCurrentUser();
    expect(getCurrentUser()).toBe(before);
  });

  it('stores a changed name at once', async () => {
    const user = makeUser({ is_admin: 1 });
    storeUser(user);
    mockFetch(() => jsonResponse(200, { data: { ...user, name: 'Renamed Admin' } }));
    await refreshCurrentUser();
    expect(getCurrentUser()?.name).toBe('Renamed Admin');
    expect(JSON.parse(window.localStorage.getItem('currentUser')!).name).toBe('Renamed Admin');
  });
});
