import { route } from '@studio/shared';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, deferred, jsonResponse, makeUser, mockFetch, resetSession, storeUser } from '../test/helpers';
import { ApiError, api, apiRequest, authHeaders, dismissSessionTimeout, requestsInFlight, selectToken, serverReachable, sessionTimedOut } from './api-client';
import { notify } from './notify';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  resetSession();
  // failures are logged with console.warn; keep the output quiet
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  warn.mockRestore();
  sessionTimedOut.set(false);
  serverReachable.set(null);
});

describe('selectToken', () => {
  const tokens = [
    { device_id: 'device-a', api_token: 'token-a' },
    { device_id: 'device-b', api_token: 'token-b' },
    { device_id: 'device-c', api_token: 'token-c' },
  ];

  it('picks the token whose device_id matches', () => {
    expect(selectToken(tokens, 'device-b')).toBe('token-b');
    expect(selectToken(tokens, 'device-c')).toBe('token-c');
    expect(selectToken(tokens, 'device-a')).toBe('token-a');
  });

  it('gives nothing when no entry matches (never another device token)', () => {
    expect(selectToken(tokens, 'device-z')).toBeUndefined();
    expect(selectToken(tokens, null)).toBeUndefined();
    expect(selectToken(tokens, '')).toBeUndefined();
    expect(selectToken([], 'device-a')).toBeUndefined();
    expect(selectToken(null, 'device-a')).toBeUndefined();
  });
});

describe('request headers', () => {
  it('sends Accept: application/json and the bearer token of this device while a user is stored', async () => {
    storeUser(makeUser(), { deviceId: 'device-b' });
    const fetchMock = mockFetch(() => jsonResponse(200, { data: { ok: true } }));
    await api.get('/api/users');
    const [call] = callsOf(fetchMock);
    expect(call!.url.pathname).toBe('/api/users');
    expect(call!.url.origin).toBe(window.location.origin);
    expect(call!.headers.Accept).toBe('application/json');
    expect(call!.headers.Authorization).toBe('Bearer token-b');
  });

  it('reads a JSON-quoted device id of older clients', () => {
    storeUser(makeUser(), { deviceId: JSON.stringify('device-a') });
    expect(authHeaders().Authorization).toBe('Bearer token-a');
  });

  it('sends no Authorization once the user is gone, even if tokens are still stored', async () => {
    storeUser(makeUser(), { deviceId: 'device-b' });
    window.localStorage.removeItem('currentUser');
    const fetchMock = mockFetch(() => jsonResponse(200, { data: [] }));
    await api.get('/api/products');
    const [call] = callsOf(fetchMock);
    expect(call!.headers.Accept).toBe('application/json');
    expect(call!.headers).not.toHaveProperty('Authorization');
  });

  it('sends Accept but no Authorization when nobody is signed in', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { data: [] }));
    await apiRequest('/api/login', { method: 'POST', body: { username: 'a' } });
    const [call] = callsOf(fetchMock);
    expect(call!.headers.Accept).toBe('application/json');
    expect(call!.headers['Content-Type']).toBe('application/json');
    expect(call!.headers).not.toHaveProperty('Authorization');
    expect(call!.method).toBe('POST');
    expect(call!.body).toEqual({ username: 'a' });
  });

  it('sends no Authorization when no stored token matches the device id', () => {
    storeUser(makeUser(), { deviceId: 'device-unknown' });
    expect(authHeaders()).toEqual({ Accept: 'application/json' });
  });

  it('puts query values into the address, skipping empty ones', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { data: [] }));
    await api.get(route('/api/orders/getmonth/{month}/{outlet}', { month: '2026-03', outlet: 'store' }), { page: 2, empty: '', none: undefined });
    const [call] = callsOf(fetchMock);
    expect(call!.url.searchParams.get('page')).toBe('2');
    expect(call!.url.searchParams.has('empty')).toBe(false);
    expect(call!.url.searchParams.has('none')).toBe(false);
  });
});

describe('401 handling', () => {
  it('a 401 raises the session-timeout flag while a user is stored', async () => {
    storeUser(makeUser());
    mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    expect(sessionTimedOut.get()).toBe(false);
    await expect(api.get('/api/users')).rejects.toMatchObject({ status: 401 });
    expect(sessionTimedOut.get()).toBe(true);
  });

  it('a 401 of a call marked ignoreUnauthorized (login, logout) does not', async () => {
    storeUser(makeUser());
    mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    await expect(apiRequest('/api/logout', { method: 'POST', ignoreUnauthorized: true })).rejects.toBeInstanceOf(ApiError);
    expect(sessionTimedOut.get()).toBe(false);
  });

  it('a request on its way when the modal is closed does not open it again; one started after does', async () => {
    storeUser(makeUser());
    const slow = deferred<Response>();
    let calls = 0;
    mockFetch(() => (++calls === 1 ? slow.promise : jsonResponse(401, { message: 'Unauthenticated.' })));
    const inFlight = api.get('/api/users');
    await expect(api.get('/api/settings')).rejects.toMatchObject({ status: 401 });
    expect(sessionTimedOut.get()).toBe(true);
    dismissSessionTimeout();
    slow.resolve(jsonResponse(401, { message: 'Unauthenticated.' }));
    await expect(inFlight).rejects.toMatchObject({ status: 401 });
    expect(sessionTimedOut.get()).toBe(false);
    await expect(api.get('/api/users')).rejects.toMatchObject({ status: 401 });
    expect(sessionTimedOut.get()).toBe(true);
  });

  it('other failures do not raise it', async () => {
    storeUser(makeUser());
    mockFetch(() => jsonResponse(403, { message: 'This action is unauthorized.' }));
    await expect(api.get('/api/users')).rejects.toMatchObject({ status: 403 });
    expect(sessionTimedOut.get()).toBe(false);
  });
});

describe('requestsInFlight', () => {
  it('goes up while a request runs and back down when it ends', async () => {
    const pending = deferred<Response>();
    mockFetch(() => pending.promise);
    const start = requestsInFlight.get();
    const request = api.get('/api/users');
    expect(requestsInFlight.get()).toBe(start + 1);
    const second = deferred<Response>();
    vi.stubGlobal('fetch', vi.fn(() => second.promise));
    const other = api.get('/api/products');
    expect(requestsInFlight.get()).toBe(start + 2);
    pending.resolve(jsonResponse(200, { data: [] }));
    await request;
    expect(requestsInFlight.get()).toBe(start + 1);
    second.resolve(jsonResponse(200, { data: [] }));
    await other;
    expect(requestsInFlight.get()).toBe(start);
  });

  it('comes back down after a failure too', async () => {
    const start = requestsInFlight.get();
    mockFetch(() => jsonResponse(500, { message: 'Server Error' }));
    await expect(api.get('/api/users')).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/api/users')).rejects.toBeInstanceOf(ApiError);
    expect(requestsInFlight.get()).toBe(start);
  });
});

describe('errors', () => {
  it('re-raises a failure as ApiError with the status, message and field errors', async () => {
    const body = { message: 'The given data was invalid.', errors: { username: ['These credentials do not match our records.'] } };
    mockFetch(() => jsonResponse(422, body));
    const error = await api.post('/api/users', { name: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('The given data was invalid.');
    expect(apiError.fieldErrors).toEqual({ username: ['These credentials do not match our records.'] });
    expect(apiError.firstError('username')).toBe('These credentials do not match our records.');
    expect(apiError.firstError('password')).toBe('The given data was invalid.');
    expect(apiError.isClientSide).toBe(false);
  });

  it('uses the status text when the body has no message', async () => {
    mockFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = (await api.get('/api/users').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(error.message).toBe('Service Unavailable');
    expect(error.fieldErrors).toEqual({});
  });

  it('a network failure is an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await api.get('/api/users').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.isClientSide).toBe(true);
  });

  it('a success answer that is not JSON is an ApiError with status 0', async () => {
    mockFetch(() => new Response('<html>proxy page</html>', { status: 200 }));
    const error = (await api.get('/api/users').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });

  it('logs every failure to the console (warn) for the error notifier', async () => {
    mockFetch(() => jsonResponse(404, { message: 'Not found.' }));
    await expect(api.get(route('/api/users/{id}', { id: 99 }))).rejects.toMatchObject({ status: 404 });
    expect(warn).toHaveBeenCalled();
    expect(String(warn.mock.calls[0]![0])).toContain('404');
  });
});

describe('online means the API answered (issue 18), and an offline app is not toasted for what it expects', () => {
  const noAnswer = () => {
    throw new TypeError('Failed to fetch');
  };

  it('any answer marks the server reachable; no answer, or a proxy answering for it (502-504), marks it unreachable', async () => {
    mockFetch(noAnswer);
    await api.get('/api/users').catch(() => undefined);
    expect(serverReachable.get()).toBe(false);
    mockFetch(() => jsonResponse(404, { message: 'Not found.' }));
    await api.get(route('/api/users/{id}', { id: 9 })).catch(() => undefined);
    expect(serverReachable.get()).toBe(true);
    mockFetch(() => new Response('', { status: 504, statusText: 'Gateway Timeout' }));
    await api.get('/api/users').catch(() => undefined);
    expect(serverReachable.get()).toBe(false);
  });

  it('a read with no answer while the app already knows it is offline is logged, not toasted; the first one and a write are toasted', async () => {
    const toasts = vi.spyOn(notify, 'error').mockImplementation(() => '');
    try {
      mockFetch(noAnswer);
      // the first: the app did not know yet
      await expect(api.get(route('/api/clients/by-phone/{phone}', { phone: '+2348031234567' }))).rejects.toMatchObject({ status: 0 });
      expect(toasts).toHaveBeenCalledTimes(1);
      // offline now (the header pill says so): the till's lookups in the background fail quietly
      await expect(api.get(route('/api/clients/by-phone/{phone}', { phone: '+2348031234567' }))).rejects.toMatchObject({ status: 0 });
      await expect(api.get('/api/orders')).rejects.toMatchObject({ status: 0 });
      expect(toasts).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledTimes(3);
      // a write the person asked for still says it did not happen
      await expect(api.post('/api/products', { name: 'Gloss' })).rejects.toMatchObject({ status: 0 });
      expect(toasts).toHaveBeenCalledTimes(2);
      // a read that gets an answer (an error) while offline was known: the server is back, its error is shown
      mockFetch(() => jsonResponse(500, { message: 'Server Error' }));
      await expect(api.get('/api/orders')).rejects.toMatchObject({ status: 500 });
      expect(toasts).toHaveBeenCalledTimes(3);
      expect(serverReachable.get()).toBe(true);
    } finally {
      toasts.mockRestore();
    }
  });
});
