import { configure, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { type RouteObject, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { z } from 'zod';
import { Providers } from '../app/providers';
import type { CurrentUser } from '../lib/auth-store';
import { clearSession } from '../lib/auth-store';
import { STORAGE_KEYS } from '../lib/storage';

// The machine may be busy (e2e runs, API tests): give findBy/waitFor room before they give up.
configure({ asyncUtilTimeout: 5000 });

/**
 * A record of `schema` for a test: the values it gives, every other field null. A test states what it is about,
 * and a field a resource gains later (a product's supplier) needs no edit in it.
 */
export function recordOf<S extends z.ZodObject>(schema: S, values: Partial<z.infer<S>>): z.infer<S> {
  return { ...Object.fromEntries(Object.keys(schema.shape).map((key) => [key, null])), ...values } as z.infer<S>;
}

/** Component tests: room for a loaded machine (a 30 s test of typing and waiting ran out at load 20 while CI's other steps ran). */
export const COMPONENT_TEST_TIMEOUT = 90_000;

/** user-event without the pause between keystrokes (the form logic, not typing speed, is under test). */
export function setupUser() {
  return userEvent.setup({ delay: null });
}

/** A stored staff member; override what a test cares about. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    name: 'Ada Obi',
    username: 'ada',
    email: null,
    phone: null,
    role: 'Cashier',
    is_admin: 0,
    profile_photo: null,
    active: true,
    outlet: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as CurrentUser;
}

/**
 * Puts a signed-in user into localStorage as the app stores it (currentUser, tokens, deviceId) and tells
 * the auth store, the way another tab's sign-in would (a storage event).
 */
export function storeUser(user: CurrentUser, { deviceId = 'device-b', tokens = [
  { device_id: 'device-a', api_token: 'token-a' },
  { device_id: 'device-b', api_token: 'token-b' },
] }: { deviceId?: string; tokens?: { device_id: string; api_token: string }[] } = {}): void {
  window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  window.localStorage.setItem(STORAGE_KEYS.tokens, JSON.stringify(tokens));
  window.localStorage.setItem(STORAGE_KEYS.deviceId, deviceId);
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.currentUser }));
}

/** Forgets any user a previous test signed in (the auth store keeps it in memory too). */
export function resetSession(): void {
  clearSession();
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface FetchCall {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Records a fetch call in a readable shape. */
export function describeCall(input: RequestInfo | URL, init: RequestInit | undefined): FetchCall {
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const raw = init?.body;
  return {
    url: new URL(String(input)),
    method: init?.method ?? 'GET',
    headers,
    body: typeof raw === 'string' ? JSON.parse(raw) : raw,
  };
}

/** Stubs the global fetch (a third party) with a handler; returns the mock to inspect calls. */
export function mockFetch(handler: (call: FetchCall) => Response | Promise<Response>) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(describeCall(input, init))));
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls a fetch mock received, described. */
export function callsOf(mock: ReturnType<typeof mockFetch>): FetchCall[] {
  return mock.mock.calls.map(([input, init]) => describeCall(input, init));
}

/** A memory router with the given routes, inside the app's providers. */
export function renderRoutes(routes: RouteObject[], initialEntry: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const result = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/** A component alone (no router) inside the app's providers: theme, notifications, query client. */
export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(<Providers>{ui}</Providers>);
}

/** A promise with its resolve handle, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * For a test file whose calls may fail on purpose: starts each test signed out, keeps the API client's
 * console.warn lines quiet, and takes the fetch stub away afterwards.
 */
export function quietApiClient(): void {
  let warn: ReturnType<typeof vi.spyOn> | undefined;
  beforeEach(() => {
    resetSession();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    warn?.mockRestore();
  });
}
