import type { Outlet } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const digestKeys = { day: (date: string, outlet: Outlet | null) => ['digest', date, outlet ?? 'all'] as const };

/** GET /api/digest (admin): the owner's digest of one day, every outlet or one. */
export function useDigest(date: string, outlet: Outlet | null) {
  return useQuery({
    queryKey: digestKeys.day(date, outlet),
    queryFn: ({ signal }) => api.get('/api/digest', { date, ...(outlet ? { outlet } : {}) }, signal),
    staleTime: 0,
  });
}
