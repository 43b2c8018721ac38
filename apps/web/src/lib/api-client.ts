import type { ApiAnswer, ApiMethod, ApiRoute, DeviceToken, ErrorBody, RouteParamNames, RoutePath } from '@studio/shared';
import { ApiError } from './api-error';
import { apiBase } from './config';
import { reportApiError } from './error-notifier';
import { createSignal } from './signal';
import { STORAGE_KEYS, readDeviceId, readJson } from './storage';
import { randomUuid } from './uuid';

export { ApiError } from './api-error';

/** Requests in flight; the loading bar shows while it is above 0. */
export const requestsInFlight = createSignal(0);

/**
 * Did the API answer the last time it was asked (any answer but a proxy's 502-504)? null: not asked yet. This is what
 * "online" means in the app (issue 18), never `navigator.onLine`: every call sets it, and so do the till's patience (no
 * list in 8 s) and the outbox's drainer. The header pill shows it.
 */
export const serverReachable = createSignal<boolean | null>(null);

/** A proxy in front of the API answered for it: the API itself did not. */
const PROXY_GAVE_UP: readonly number[] = [502, 503, 504];

/** Raised by any 401 (except the login and logout calls); the shell shows the 'Session TimeOut' modal. */
export const sessionTimedOut = createSignal(false);

/** Requests are numbered as they start; the number of the last one started when the modal was closed. */
let requestsStarted = 0;
let startedBeforeDismissal = 0;

/**
 * Closes the 'Session TimeOut' modal. A request already on its way when the person closed it brings its own 401
 * later (a page's other lists, the same revoked token): that answer does not open the modal again, which would
 * undo the person's Close. A request started after it does (spec §8: any 401).
 */
export function dismissSessionTimeout(): void {
  startedBeforeDismissal = requestsStarted;
  sessionTimedOut.set(false);
}

/** The bearer token of this device: the entry of the stored list whose device_id matches the stored device id. */
export function selectToken(tokens: readonly DeviceToken[] | null | undefined, deviceId: string | null | undefined): string | undefined {
  if (!tokens?.length || !deviceId) return undefined;
  return tokens.find((t) => t.device_id === deviceId)?.api_token;
}

/** Headers every call carries: JSON, and the bearer token while a user is stored. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (window.localStorage.getItem(STORAGE_KEYS.currentUser) === null) return headers;
  const token = selectToken(readJson<DeviceToken[]>(STORAGE_KEYS.tokens), readDeviceId());
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the toast (the caller shows the error itself, e.g. the login box); the error is still logged and re-raised. */
  quiet?: boolean;
  /** A 401 here is an answer, not an expired session (login, logout). */
  ignoreUnauthorized?: boolean;
  /** A poll the user did not ask for (the till's changes): not under the loading bar. */
  background?: boolean;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(path, apiBase());
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** A path segment (`search/{text}`), encoded. */
export const segment = (value: string | number) => encodeURIComponent(String(value));

/**
 * Calls the API. Success answers are `{ data }` (or the paged envelope); the whole body is returned.
 * Any failure is reported (logged, toasted), a 401 raises the session-timeout flag, and the error is re-raised.
 * A read that gets no answer while the app already knows the server is out of reach is logged, not toasted: the
 * header pill says Offline, and the offline till expects its background reads to fail. A write still says so.
 *
 * @example
 * const { data } = await apiRequest<{ data: User }>('/api/user');
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, quiet, ignoreUnauthorized, background } = options;
  // headers are read now, before any await, so a logout that clears storage right after still sends the token
  const headers = authHeaders();
  const number = ++requestsStarted;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  if (!background) requestsInFlight.set((n) => n + 1);
  const knownOffline = serverReachable.get() === false;
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      serverReachable.set(false);
      throw new ApiError(0, 'The server could not be reached. Check the connection and try again.');
    }
    serverReachable.set(!PROXY_GAVE_UP.includes(response.status));
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        if (response.ok) throw new ApiError(0, 'The server sent an answer that is not JSON.');
      }
    }
    if (!response.ok) {
      const errorBody = isErrorBody(parsed) ? parsed : undefined;
      const error = new ApiError(response.status, errorBody?.message || response.statusText || 'Request failed', errorBody);
      if (response.status === 401 && !ignoreUnauthorized && number > startedBeforeDismissal && window.localStorage.getItem(STORAGE_KEYS.currentUser) !== null) {
        sessionTimedOut.set(true);
      }
      throw error;
    }
    return parsed as T;
  } catch (error) {
    // a read the app expected to fail (offline already): the pill says it, a toast would only repeat it
    const expected = knownOffline && method === 'GET' && lostAnswer(error);
    if (error instanceof ApiError) reportApiError(error, { toast: !quiet && error.status !== 401 && !expected });
    else if (!(signal?.aborted)) reportApiError(new ApiError(0, error instanceof Error ? error.message : String(error)), { toast: !quiet });
    throw error;
  } finally {
    if (!background) requestsInFlight.set((n) => n - 1);
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string';
}

/**
 * A call's address: a template of the route table without `{params}` as it is (`'/api/dashboard'`), or one filled in
 * by `route(template, params)`. Either way its type names the template, and so the answer (decision 037).
 */
export type CallPath<M extends ApiMethod, P extends ApiRoute<M>> = RoutePath<P> | ([RouteParamNames<P>] extends [never] ? P : never);

/** Thin verbs over apiRequest; each returns the `data` of the envelope, typed from the route table (shared routes.ts). */
export const api = {
  get: <P extends ApiRoute<'GET'>>(path: CallPath<'GET', P>, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    apiRequest<{ data: ApiAnswer<'GET', P> }>(path, { query, signal }).then((r) => r.data),
  post: <P extends ApiRoute<'POST'>>(path: CallPath<'POST', P>, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<{ data: ApiAnswer<'POST', P> }>(path, { ...options, method: 'POST', body }).then((r) => r.data),
  put: <P extends ApiRoute<'PUT'>>(path: CallPath<'PUT', P>, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<{ data: ApiAnswer<'PUT', P> }>(path, { ...options, method: 'PUT', body }).then((r) => r.data),
  delete: <P extends ApiRoute<'DELETE'>>(path: CallPath<'DELETE', P>, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<{ data: ApiAnswer<'DELETE', P> }>(path, { ...options, method: 'DELETE' }).then((r) => r.data),
};

/** A lost answer: the server was not reached or a proxy in front of it gave up; the write may or may not have happened. */
export function lostAnswer(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || PROXY_GAVE_UP.includes(error.status));
}

/**
 * A money-taking POST made safe to retry (a payment, a finance entry, a deposit): one `client_ref` for this
 * write, sent again on each try, so a retry after a lost answer gets the first result back instead of taking
 * the money twice. Tries up to `tries` times on a lost answer only (a 422 is an answer); the body's own
 * client_ref, when it has one, is kept.
 */
export async function moneyPost<T>(path: string, body: Record<string, unknown>, options: Omit<RequestOptions, 'method' | 'body'> = {}, tries = 3): Promise<T> {
  const keyed = { ...body, client_ref: (body.client_ref as string | undefined) ?? randomUuid() };
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= tries;
    try {
      return await apiRequest<T>(path, { ...options, method: 'POST', body: keyed, quiet: last ? options.quiet : true });
    } catch (error) {
      if (last || options.signal?.aborted || !lostAnswer(error)) throw error;
      await new Promise((r) => setTimeout(r, 400 * attempt));
    }
  }
}
