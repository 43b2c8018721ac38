import { resourceCalls } from '../../lib/resource-calls';
import type { LedgerPaymentInput, LedgerReversalInput, LedgerWriteResult, RecordOf, ResourceDefinition } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moneyPost, segment } from '../../lib/api-client';
import { resourceKeys } from '../create-resource-hooks';

/**
 * Query keys of a resource's payment ledgers, rooted at the resource: a write anywhere on the resource (an edit,
 * a payment) refreshes its lists, its records and their ledgers with one invalidation.
 *
 * @example
 * ledgerKeys(bridalBookings).list(12) // ['bridalbookings', 'payments', 12]
 */
export function ledgerKeys(resource: Pick<ResourceDefinition, 'name'>) {
  const root = resourceKeys(resource.name).all;
  return {
    all: [...root, 'payments'] as const,
    list: (parentId: number) => [...root, 'payments', parentId] as const,
  };
}

/** `{path}/{id}/payments`; only for a resource that declares a ledger. */
export function paymentsPath(resource: ResourceDefinition, parentId: number): string {
  if (!resource.ledger) throw new Error(`${resource.name} declares no payment ledger`);
  return `${resource.path}/${segment(parentId)}/payments`;
}

/** GET {path}/{id}/payments: the record's ledger lines, oldest first (date, then id). */
export function usePayments(resource: ResourceDefinition, parentId: number | null) {
  return useQuery({
    queryKey: ledgerKeys(resource).list(parentId ?? 0),
    queryFn: ({ signal }) => resourceCalls.payments(resource, parentId!, signal),
    enabled: typeof parentId === 'number',
  });
}

function useInvalidateParent(resource: ResourceDefinition) {
  const client = useQueryClient();
  // the parent's lists, record and summaries (amount_paid, balance, a month's totals) and, rooted there, its ledger:
  // one invalidation, one refetch of each
  return () => client.invalidateQueries({ queryKey: resourceKeys(resource.name).all });
}

/**
 * POST {path}/{id}/payments { amount, method, date, note }: 201 with the new line and the record's new
 * amount_paid and balance. Quiet: the form shows a refusal (an overpayment's 422 under the amount).
 */
export function useTakePayment<R extends ResourceDefinition>(resource: R, parentId: number) {
  const invalidate = useInvalidateParent(resource);
  return useMutation({
    // one client_ref per payment, retried on a lost answer: the money is never taken twice
    mutationFn: (body: LedgerPaymentInput) => moneyPost<{ data: LedgerWriteResult<RecordOf<R>> }>(paymentsPath(resource, parentId), body, { quiet: true }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/**
 * POST {path}/{id}/payments/{paymentId}/reverse { reason }: a new, negative line; the reversed one stays, marked.
 * One client_ref per reversal, retried on a lost answer: the money is given back once.
 */
export function useReversePayment<R extends ResourceDefinition>(resource: R, parentId: number) {
  const invalidate = useInvalidateParent(resource);
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: number; body: LedgerReversalInput }) =>
      moneyPost<{ data: LedgerWriteResult<RecordOf<R>> }>(`${paymentsPath(resource, parentId)}/${segment(paymentId)}/reverse`, body, { quiet: true }).then((r) => r.data),
    onSuccess: invalidate,
  });
}
