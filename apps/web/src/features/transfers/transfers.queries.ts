import type { TransferItem, TransferLine, UnconfirmedTransfers } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, moneyPost } from '../../lib/api-client';

export const transferKeys = { unconfirmed: ['transfers', 'unconfirmed'] as const };

/** GET /api/transfers/unconfirmed (admin): every transfer waiting for a person, oldest first, with their count and amount. */
export function useUnconfirmedTransfers() {
  return useQuery({
    queryKey: transferKeys.unconfirmed,
    queryFn: ({ signal }) => apiRequest<UnconfirmedTransfers>('/api/transfers/unconfirmed', { signal }),
    // another admin may be confirming the same statement: always read afresh
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/**
 * POST /api/transfers/confirm or /not-received: one client_ref per call, retried on a lost answer. Quiet: the page
 * says what failed. A check changes sales, fees, bookings, the day close and the dashboard, so every query goes stale.
 */
export function useCheckTransfers() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries();
  const confirm = useMutation({
    mutationFn: (items: TransferItem[]) => moneyPost<{ data: TransferLine[] }>('/api/transfers/confirm', { items }, { quiet: true }).then((r) => r.data),
    onSuccess: done,
  });
  const notReceived = useMutation({
    mutationFn: ({ items, reason }: { items: TransferItem[]; reason: string }) => moneyPost<{ data: TransferLine[] }>('/api/transfers/not-received', { items, reason }, { quiet: true }).then((r) => r.data),
    onSuccess: done,
  });
  return { confirm, notReceived };
}
