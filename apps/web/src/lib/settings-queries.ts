import { DEFAULT_SETTINGS, type StudioSettings, type StudioSettingsUpdate } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from './api-client';
import { STORAGE_KEYS, readJson, writeJson } from './storage';
import { setClockFormat } from './studio-time';

export const settingsKeys = { all: ['settings'] as const };

/** Settings from the server, kept on the device (an offline till goes on with them) and the studio's clock set from them. */
function keep(settings: StudioSettings): StudioSettings {
  writeJson(STORAGE_KEYS.settings, settings);
  setClockFormat(settings.time_format ?? DEFAULT_SETTINGS.time_format);
  return settings;
}

/**
 * GET /api/settings (any signed-in user): the staff discount limit and the offline staleness limit the till checks.
 * The last answer is kept on the device (an offline till goes on with it); before any answer the defaults stand. The
 * server checks both again on every sale anyway.
 */
export function useStudioSettings() {
  const query = useQuery({
    queryKey: settingsKeys.all,
    // quiet: a till that cannot read it keeps what it had (no toast); the server is the judge of every sale
    queryFn: ({ signal }) =>
      apiRequest<{ data: StudioSettings }>('/api/settings', { signal, quiet: true, background: true }).then((r) => keep(r.data)),
    // what this device last read, asked again at once
    initialData: () => {
      const kept = readJson<Partial<StudioSettings>>(STORAGE_KEYS.settings);
      return kept ? { ...DEFAULT_SETTINGS, ...kept } : undefined;
    },
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
  // only what a caller reads redraws it (React Query tracks the fields read): the till and its checkout read the settings
  // alone, so an offline till's failing fetch and its retries (the query's state, not its data) do not redraw the whole
  // till, as they did at the first sale when the checkout's mount asked again (issue 18: keystroke to receipt)
  return {
    settings: query.data ?? DEFAULT_SETTINGS,
    get isSuccess() {
      return query.isSuccess;
    },
  };
}

/** PUT /api/settings (admin): the keys given change, the others keep their values. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: StudioSettingsUpdate) => api.put('/api/settings', settings),
    onSuccess: (saved) => {
      // a page drawn from here on writes its times on the new clock (each time is formatted as it is drawn)
      client.setQueryData(settingsKeys.all, keep(saved));
    },
  });
}
