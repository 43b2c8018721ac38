import { type Outlet, type TillItem, type TillList, tillInsertIndex } from '@studio/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, apiRequest, lostAnswer, serverReachable } from '../../lib/api-client';
import { reportApiError } from '../../lib/error-notifier';
import { tillDb } from '../../lib/offline/outbox';
import { readTillList, saveTillList } from '../../lib/offline/till-lists';

/** How often an open till asks what changed (its own sales, other tills' sales, restocks). */
export const TILL_POLL_MS = 3000;

/** How long the till waits for its list before it sells from the copy on the device. */
const LIST_TIMEOUT_MS = 8000;

export const tillKey = (outlet: Outlet) => ['pos', 'till-products', outlet] as const;

/** The till's list; `offline` when the server did not answer and it comes from the copy on this device. */
export interface TillData extends TillList {
  offline?: { prices_as_of: string };
}

/**
 * Applies a change list to the till's list: drops the removed ids and the changed ones, then puts each
 * changed item back at its place in the order (a binary search: the list is sorted by `compareTillItems`).
 */
export function mergeTillChanges(list: readonly TillItem[], changes: Pick<TillList, 'data' | 'removed'>): TillItem[] {
  const removed = changes.removed ?? [];
  if (changes.data.length === 0 && removed.length === 0) return list as TillItem[];
  const drop = new Set<number>(removed);
  for (const p of changes.data) drop.add(p.id);
  const out = list.filter((p) => !drop.has(p.id));
  for (const p of changes.data) out.splice(tillInsertIndex(out, p, (x) => x), 0, p);
  return out;
}

function saveSnapshot(outlet: Outlet, list: TillList, at: string): Promise<unknown> {
  return saveTillList(outlet, list, at);
}

async function readSnapshot(outlet: Outlet): Promise<TillData | null> {
  const copy = await readTillList(outlet);
  return copy ? { data: copy.data, cursor: copy.cursor, offline: { prices_as_of: copy.prices_as_of } } : null;
}

/**
 * The server did not answer and this device has no copy of the outlet's list (it was never downloaded here): the
 * till says so plainly instead of "Nothing to sell" (issue 34, item 2).
 */
export class NoTillCopyError extends Error {
  constructor(readonly outlet: Outlet) {
    super(`This device has no copy of the ${outlet} till's list.`);
  }
}

/** Aborted by the query (the page left) or by the till's own patience. */
function withTimeout(signal: AbortSignal): AbortSignal {
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, AbortSignal.timeout(LIST_TIMEOUT_MS)]) : signal;
}

/**
 * What the till can sell, kept current without reloading it: the whole list once (`GET /api/pos/{outlet}/products`,
 * revalidated by ETag), then every few seconds only what changed since (`/changes?since=`), merged in place.
 * `refresh()` asks at once (after a sale, or a refused one). A 410 (server restarted) loads the list again.
 *
 * Offline (issue 18): every answer is kept on the device (Dexie), with the time the server last confirmed its prices.
 * When the server does not answer (no answer, 502-504, or nothing in 8 s) the till sells from that copy
 * (`offline.prices_as_of`); the polls go on, and the first answer brings the till back online.
 */
export function useTillProducts(outlet: Outlet) {
  const queryClient = useQueryClient();
  const key = tillKey(outlet);
  // when the server last answered for this list (its prices are the server's as of then)
  const confirmedAt = useRef<string | null>(null);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<TillData> => {
      const patience = withTimeout(signal);
      try {
        const list = await apiRequest<TillList>(`/api/pos/${outlet}/products`, { signal: patience, quiet: true });
        const at = new Date().toISOString();
        confirmedAt.current = at;
        void saveSnapshot(outlet, list, at);
        return list;
      } catch (error) {
        const gaveUp = patience.aborted && !signal.aborted;
        if (gaveUp || lostAnswer(error)) {
          // the till's patience ran out (an aborted call tells the API client nothing): offline too
          serverReachable.set(false);
          const snapshot = await readSnapshot(outlet);
          if (snapshot) return snapshot;
          throw new NoTillCopyError(outlet);
        }
        if (error instanceof ApiError) reportApiError(error);
        throw error;
      }
    },
    // no copy on the device is known at once (the polls try the server again)
    retry: (failures, error) => !(error instanceof NoTillCopyError) && failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
    // kept fresh by the change polls, not by reloading
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const busy = useRef<Promise<void> | null>(null);

  const refresh = useCallback((): Promise<void> => {
    if (busy.current) return busy.current;
    const run = async () => {
      const current = queryClient.getQueryData<TillData>(key);
      if (!current) {
        // a till with no copy on this device: it loads the whole list once the server answers again
        if (queryClient.getQueryState(key)?.error instanceof NoTillCopyError) await queryClient.refetchQueries({ queryKey: key });
        return;
      }
      try {
        const changes = await apiRequest<TillList>(`/api/pos/${outlet}/products/changes`, { query: { since: current.cursor }, quiet: true, background: true });
        const at = new Date().toISOString();
        confirmedAt.current = at;
        const next = queryClient.setQueryData<TillData>(key, (list) =>
          list && list.cursor === current.cursor ? { data: mergeTillChanges(list.data, changes), cursor: changes.cursor } : list,
        );
        if (next && next.cursor === changes.cursor) {
          // the copy on the device follows: the whole list when something changed, else only when it was confirmed
          if (changes.data.length > 0 || (changes.removed ?? []).length > 0 || current.offline) void saveSnapshot(outlet, next, at);
          else void tillDb().catalogue.update(outlet, { cursor: changes.cursor, prices_as_of: at }).catch(() => undefined);
        }
      } catch (error) {
        // the server cannot answer from that cursor (restarted, or this till slept long): load it all again
        if (error instanceof ApiError && error.status === 410) await queryClient.invalidateQueries({ queryKey: key });
        else if (lostAnswer(error) && !current.offline) {
          // offline from here: the till goes on from what it has, its prices as of their last confirmation (already
          // offline: nothing to change, and the 5,000 items on the device are not read again every 3 s)
          const since = confirmedAt.current ?? (await readSnapshot(outlet))?.offline?.prices_as_of ?? new Date().toISOString();
          queryClient.setQueryData<TillData>(key, (list) => (list && !list.offline ? { ...list, offline: { prices_as_of: since } } : list));
        }
        // anything else: the next poll tries again
      }
    };
    busy.current = run().finally(() => (busy.current = null));
    return busy.current;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is derived from outlet
  }, [outlet, queryClient]);

  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const timer = window.setInterval(tick, TILL_POLL_MS);
    // back on the till after a while: catch up at once
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [refresh]);

  // no copy on the device and no server: nothing to sell from, said plainly (not retried: the polls bring it back)
  const noCopy = query.error instanceof NoTillCopyError;
  return { items: query.data?.data, offline: query.data?.offline ?? null, isPending: query.isPending && !noCopy, noCopy, refresh };
}
