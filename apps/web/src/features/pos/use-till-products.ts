import { type Outlet, type TillItem, type TillList, tillInsertIndex } from '@studio/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client';

/** How often an open till asks what changed (its own sales, other tills' sales, restocks). */
export const TILL_POLL_MS = 3000;

export const tillKey = (outlet: Outlet) => ['pos', 'till-products', outlet] as const;

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

/**
 * What the till can sell, kept current without reloading it: the whole list once (`GET /api/pos/{outlet}/products`,
 * revalidated by ETag), then every few seconds only what changed since (`/changes?since=`), merged in place.
 * `refresh()` asks at once (after a sale, or a refused one). A 410 (server restarted) loads the list again.
 */
export function useTillProducts(outlet: Outlet) {
  const queryClient = useQueryClient();
  const key = tillKey(outlet);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<TillList>(`/api/pos/${outlet}/products`, { signal }),
    // kept fresh by the change polls, not by reloading
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const busy = useRef<Promise<void> | null>(null);

  const refresh = useCallback((): Promise<void> => {
    if (busy.current) return busy.current;
    const run = async () => {
      const current = queryClient.getQueryData<TillList>(key);
      if (!current) return;
      try {
        const changes = await apiRequest<TillList>(`/api/pos/${outlet}/products/changes`, { query: { since: current.cursor }, quiet: true, background: true });
        queryClient.setQueryData<TillList>(key, (list) => (list && list.cursor === current.cursor ? { data: mergeTillChanges(list.data, changes), cursor: changes.cursor } : list));
      } catch (error) {
        // the server cannot answer from that cursor (restarted, or this till slept long): load it all again
        if (error instanceof ApiError && error.status === 410) await queryClient.invalidateQueries({ queryKey: key });
        // anything else (offline a moment): the next poll tries again
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

  return { items: query.data?.data, isPending: query.isPending, refresh };
}
