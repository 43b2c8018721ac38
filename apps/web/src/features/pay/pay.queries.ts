import { route } from '@studio/shared';
import type { PayRun } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, authHeaders, buildUrl, segment } from '../../lib/api-client';

// Staff pay (issue 32): pay runs (admin) and one's own earnings. Query keys rooted at the resource.
export const payKeys = {
  runs: ['pay-runs'] as const,
  run: (id: number) => ['pay-runs', id] as const,
  earnings: (from: string, to: string) => ['my-earnings', from, to] as const,
};

export const usePayRuns = () => useQuery({ queryKey: payKeys.runs, queryFn: ({ signal }) => api.get('/api/pay-runs', undefined, signal) });
export const usePayRun = (id: number | null) =>
  useQuery({ queryKey: payKeys.run(id ?? 0), enabled: id !== null && id > 0, queryFn: ({ signal }) => api.get(route('/api/pay-runs/{id}', { id: id! }), undefined, signal) });
export const useMyEarnings = (from: string, to: string) =>
  useQuery({ queryKey: payKeys.earnings(from, to), enabled: from <= to, queryFn: ({ signal }) => api.get(route('/api/my-earnings/{from}/{to}', { from, to }), undefined, signal) });

export function useDraftPayRun() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (period: { from: string; to: string }) => api.post('/api/pay-runs', period), onSuccess: () => client.invalidateQueries({ queryKey: payKeys.runs }) });
}
export function useClosePayRun() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.post(route('/api/pay-runs/{id}/close', { id })), onSuccess: () => client.invalidateQueries({ queryKey: payKeys.runs }) });
}

/** Downloads the run's bank-transfer list (a CSV the server writes). */
export async function downloadBankTransfers(run: PayRun): Promise<void> {
  const res = await fetch(buildUrl(`/api/pay-runs/${segment(run.id)}/bank-transfers`), { headers: authHeaders() });
  if (!res.ok) throw new Error('The bank list could not be downloaded.');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `pay-${run.from}-to-${run.to}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}
