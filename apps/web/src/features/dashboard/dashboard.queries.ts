import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

/**
 * GET /api/dashboard (admin): every figure of the page in one call. Always refetched when the page opens
 * or the tab comes back: a sale, a void or a restock elsewhere changes it, and it is one cheap call.
 * Asked once `enabled` (the page has been drawn: its greeting and placeholders do not wait for the request).
 */
export function useDashboard(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => api.get('/api/dashboard', undefined, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    enabled,
  });
}
