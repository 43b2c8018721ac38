import type { ClientCredit, GiftVoucher } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, moneyPost } from '../../lib/api-client';

// Gift vouchers and what is owed in service (issue 31; docs/api.md, Prepaid value).

export const prepaidKeys = { vouchers: ['gift-vouchers'] as const, liability: ['prepaid', 'liability'] as const };

export const useVouchers = () => useQuery({ queryKey: prepaidKeys.vouchers, queryFn: ({ signal }) => api.get('/api/gift-vouchers', undefined, signal) });
export const useLiability = () => useQuery({ queryKey: prepaidKeys.liability, queryFn: ({ signal }) => api.get('/api/prepaid/liability', undefined, signal) });

/** POST /api/gift-vouchers: money taken, so safe to retry (moneyPost keeps one client_ref across its tries). */
export function useSellVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => moneyPost<{ data: GiftVoucher }>('/api/gift-vouchers', body, { quiet: true }).then((r) => r.data),
    // the day close and the liability change with it
    onSuccess: () => client.invalidateQueries(),
  });
}

export type { ClientCredit };
