import type { DeviceToken, LoginResponse, Outlet, User } from '@studio/shared';
import { apiRequest, sessionTimedOut } from './api-client';
import { ADMIN_HOME, STAFF_HOME, tillPath } from './config';
import { createSignal, useSignal } from './signal';
import { STORAGE_KEYS, readDeviceId, readJson, writeJson } from './storage';
import { randomUuid } from './uuid';

/** The signed-in staff member as stored under `currentUser` (the login answer without its tokens). */
export type CurrentUser = User;

// The stored user is the source of truth (the spec: logged in = a user is stored); this signal mirrors it for React.
const currentUser = createSignal<CurrentUser | null>(readStoredUser());

function readStoredUser(): CurrentUser | null {
  if (typeof window === 'undefined') return null;
  return readJson<CurrentUser>(STORAGE_KEYS.currentUser);
}

// Another tab signing in or out changes what this tab may do.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.currentUser) currentUser.set(readStoredUser());
  });
}

export function getCurrentUser(): CurrentUser | null {
  return currentUser.get();
}

export function useCurrentUser(): CurrentUser | null {
  return useSignal(currentUser);
}

export function isLoggedIn(): boolean {
  return window.localStorage.getItem(STORAGE_KEYS.currentUser) !== null;
}

export function isAdmin(user: Pick<CurrentUser, 'is_admin'> | null | undefined): boolean {
  return Number(user?.is_admin) === 1;
}

/** Where a user lands after sign-in when no returnUrl applies: admins the dashboard, staff their own outlet's till. */
export function homeFor(user: (Pick<CurrentUser, 'is_admin'> & { outlet?: Outlet | null }) | null | undefined): string {
  if (isAdmin(user)) return ADMIN_HOME;
  // a user stored before outlets were kept, or with none set: the Makeup store's till, as before
  return user?.outlet ? tillPath(user.outlet) : STAFF_HOME;
}

/** This browser's device id, made (a random UUID) on first use and kept until logout clears storage. */
export function ensureDeviceId(): string {
  const existing = readDeviceId();
  if (existing) return existing;
  const id = randomUuid();
  window.localStorage.setItem(STORAGE_KEYS.deviceId, id);
  return id;
}

/** Stores the signed-in user and this device's token; merges with tokens kept for other device ids. */
export function saveSession(data: LoginResponse['data']): CurrentUser {
  const { tokens, ...user } = data;
  const stored = readJson<DeviceToken[]>(STORAGE_KEYS.tokens) ?? [];
  const incoming = new Set(tokens.map((t) => t.device_id));
  writeJson(STORAGE_KEYS.tokens, [...stored.filter((t) => !incoming.has(t.device_id)), ...tokens]);
  writeJson(STORAGE_KEYS.currentUser, user);
  currentUser.set(user as CurrentUser);
  return user as CurrentUser;
}

/**
 * Replaces the stored user (after GET /api/user or an edit of one's own record); keeps the tokens. The same user as
 * stored changes nothing: every screen that shows who is signed in is not drawn again for the start-up GET /api/user.
 */
export function updateStoredUser(user: CurrentUser): void {
  if (!isLoggedIn()) return;
  const now = currentUser.get();
  if (now && sameFields(now, user)) return;
  writeJson(STORAGE_KEYS.currentUser, user);
  currentUser.set(user);
}

/** POST /api/login. A 422 (bad credentials) or 429 (throttled) rejects with an ApiError the login page shows. */
export async function login(username: string, password: string): Promise<CurrentUser> {
  const deviceId = ensureDeviceId();
  const response = await apiRequest<LoginResponse>('/api/login', {
    method: 'POST',
    body: { username, password, deviceId, deviceInfo: '' },
    quiet: true,
    ignoreUnauthorized: true,
  });
  sessionTimedOut.set(false);
  return saveSession(response.data);
}

/** Clears every key of localStorage (the spec: logout clears all local storage) and forgets the user. */
export function clearSession(): void {
  window.localStorage.clear();
  currentUser.set(null);
  sessionTimedOut.set(false);
}

/**
 * Logs out: POST /api/logout (best effort, the token is read before storage is cleared), then clears
 * all of localStorage. The caller navigates to /auth/login.
 */
export function logout(): Promise<void> {
  const revoke = isLoggedIn()
    ? apiRequest('/api/logout', { method: 'POST', quiet: true, ignoreUnauthorized: true }).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
  clearSession();
  return revoke;
}

/** Whether two records have the same fields with the same values, in whatever order the server sent them. */
function sameFields(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => k in y && JSON.stringify(x[k]) === JSON.stringify(y[k]));
}

/** GET /api/user: refreshes the stored user (name, role, photo may have changed); quiet: an offline start is not an error (the loading bar still shows it, spec §9). */
export async function refreshCurrentUser(): Promise<CurrentUser> {
  const { data } = await apiRequest<{ data: CurrentUser }>('/api/user', { quiet: true });
  updateStoredUser(data);
  return data;
}
