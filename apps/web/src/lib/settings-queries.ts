import { DEFAULT_SETTINGS, type StudioSettings, type StudioSettingsUpdate } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from './api-client';

export const settingsKeys = { all: ['settings'] as const };

/**
 * GET /api/settings (any signed-in user): the staff discount limit the till checks. Until it arrives (or if it
 * cannot be read) the defaults stand; the server checks the limit again on every sale anyway.
 */
export function useStudioSettings() {
  const query = useQuery({
    queryKey: settingsKeys.all,
    // quiet: a till that cannot read it keeps the defaults (no toast); the server is the judge of every sale
    queryFn: ({ signal }) => apiRequest<{ data: StudioSettings }>('/api/settings', { signal, quiet: true, background: true }).then((r) => r.data),
    staleTime: 60_000,
  });
  return { ...query, settings: query.data ?? DEFAULT_SETTINGS };
}

/** PUT /api/settings (admin): the keys given change, the others keep their values. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: StudioSettingsUpdate) => api.put<StudioSettings>('/api/settings', settings),
    onSuccess: (saved) => client.setQueryData(settingsKeys.all, saved),
  });
}
