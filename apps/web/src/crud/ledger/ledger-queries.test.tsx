import { renderHook, waitFor } from '@testing-library/react';
import { type LedgerPayment, bridalBookings, trainingPrograms } from '@studio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { callsOf, jsonResponse, mockFetch, quietApiClient } from '../../test/helpers';
import { resourceKeys } from '../create-resource-hooks';
import { NO_CHECK } from '../../test/order-fixtures';
import { ledgerKeys, paymentsPath, usePayments, useReversePayment, useTakePayment } from './ledger-queries';

const PAYMENT: LedgerPayment = { id: 5, parent_id: 12, amount: 1000, method: 'cash', date: '2026-11-02', note: null, reverses_id: null, reversed_by: null, user: null, created_at: '2026-11-02T10:00:00.000Z', ...NO_CHECK, transfer_status: null };

function setup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

quietApiClient();

describe('ledger queries', () => {
  it('roots a ledger’s keys at its resource, so invalidating the resource refreshes its ledgers', () => {
    expect(ledgerKeys(bridalBookings).list(12)).toEqual(['bridalbookings', 'payments', 12]);
    expect(ledgerKeys(bridalBookings).list(12).slice(0, 1)).toEqual([...resourceKeys('bridalbookings').all]);
  });

  it('refuses a resource that declares no ledger', () => {
    expect(() => paymentsPath(trainingPrograms, 1)).toThrow('training-programs declares no payment ledger');
  });

  it('lists a record’s payments', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { data: [PAYMENT] }));
    const { wrapper } = setup();
    const { result } = renderHook(() => usePayments(bridalBookings, 12), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([PAYMENT]));
    expect(callsOf(fetchMock)[0]!.url.pathname).toBe('/api/bridalbookings/12/payments');
  });

  it('after a payment or a reversal, marks the parent’s lists and records and its ledger stale', async () => {
    const fetchMock = mockFetch((call) => jsonResponse(201, { data: { payment: { ...PAYMENT, id: call.url.pathname.endsWith('/reverse') ? 6 : 5 }, record: {} } }));
    const { client, wrapper } = setup();
    const list = resourceKeys('bridalbookings').list({ page: 1 });
    const ledger = ledgerKeys(bridalBookings).list(12);
    const seed = () => {
      client.setQueryData(list, { rows: [] });
      client.setQueryData(ledger, []);
      client.setQueryData(['products', 'list'], []);
    };
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

    seed();
    const take = renderHook(() => useTakePayment(bridalBookings, 12), { wrapper }).result;
    await take.current.mutateAsync({ amount: 1000, method: 'cash', date: '2026-11-02', note: null });
    expect([stale(list), stale(ledger), stale(['products', 'list'])]).toEqual([true, true, false]);

    client.clear();
    seed();
    const reverse = renderHook(() => useReversePayment(bridalBookings, 12), { wrapper }).result;
    const answer = await reverse.current.mutateAsync({ paymentId: 5, body: { reason: 'Entered twice' } });
    expect(answer.payment.id).toBe(6);
    expect([stale(list), stale(ledger), stale(['products', 'list'])]).toEqual([true, true, false]);

    const posts = callsOf(fetchMock);
    expect(posts.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/bridalbookings/12/payments', { amount: 1000, method: 'cash', date: '2026-11-02', note: null, client_ref: expect.stringMatching(/^[0-9a-f-]{36}$/) }],
      ['POST', '/api/bridalbookings/12/payments/5/reverse', { reason: 'Entered twice', client_ref: expect.stringMatching(/^[0-9a-f-]{36}$/) }],
    ]);
  });
});
