import type { DayClose, Outlet } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, segment } from '../../lib/api-client';

/** The outlet and day the dialog shows: the query's key and the calls' path. */
export type Day = { outlet: Outlet; date: string };

/** One outlet's day: the key the day-close dialog and the till share, so a close or reopen shows on both at once. */
export const dayCloseKey = (outlet: Outlet, date: string) => ['orders', 'day-close', outlet, date] as const;
export const dayClosePath = (outlet: Outlet, date: string) => `/api/day-close/${segment(outlet)}/${segment(date)}`;

/** GET /api/day-close/{outlet}/{date}: the whole day and its close, if any (every signed-in user may read it). */
export function useDayClose(outlet: Outlet, date: string, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: dayCloseKey(outlet, date),
    queryFn: ({ signal }) => apiRequest<{ data: DayClose }>(dayClosePath(outlet, date), { signal, quiet: true }).then((r) => r.data),
    retry: false,
    ...options,
  });
}
