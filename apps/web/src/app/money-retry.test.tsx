// Issue 19, item 2: every money-taking call sends a client_ref and, when its answer is lost (no answer, 502, 503,
// 504), sends the same body with the same key again, so the server answers the first result instead of taking the
// money twice. One test per mechanism: moneyPost itself, then each hook that takes money through it (in app/: it
// reaches into features and lib alike).
import { renderHook } from '@testing-library/react';
import { bridalBookings, finances, students } from '@studio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createResourceHooks } from '../crud/create-resource-hooks';
import { useReversePayment, useTakePayment } from '../crud/ledger/ledger-queries';
import { useCheckTransfers } from '../features/transfers/transfers.queries';
import { type FetchCall, callsOf, jsonResponse, mockFetch, quietApiClient } from '../test/helpers';
import { ApiError, moneyPost } from '../lib/api-client';
import { useRefundOrder } from '../lib/orders/orders-queries';
import { createQueryClient } from '../lib/query-client';

quietApiClient();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const lost = () => Promise.reject(new TypeError('Failed to fetch'));

/** A server that records the write but whose first `lose` answers never arrive; then it answers `answer` (a replay). */
function losingServer(answer: unknown, lose: (n: number) => Promise<Response> | null = (n) => (n === 1 ? lost() : null)) {
  let n = 0;
  return mockFetch(() => lose(++n) ?? jsonResponse(200, answer));
}

/** Two POSTs of one body to `path`, the same UUID client_ref in both. */
function expectRetriedOnce(fetchMock: ReturnType<typeof mockFetch>, path: string): FetchCall['body'] {
  const calls = callsOf(fetchMock);
  expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([
    ['POST', path],
    ['POST', path],
  ]);
  const [first, second] = calls.map((c) => c.body as { client_ref?: string });
  expect(first!.client_ref).toMatch(UUID);
  expect(second).toEqual(first);
  return first;
}

function wrapper() {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('moneyPost', () => {
  it('keys the write where crypto.randomUUID is missing too (a till or office PC opened by plain HTTP on the LAN)', async () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const fetchMock = losingServer({ data: { id: 9 } });
      await expect(moneyPost('/api/finances', { amount: 100 })).resolves.toEqual({ data: { id: 9 } });
      expectRetriedOnce(fetchMock, '/api/finances');
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('retries a lost answer with the same client_ref, and a 502/503/504, at most three tries in all', async () => {
    const fetchMock = losingServer({ data: { id: 9 } });
    await expect(moneyPost('/api/finances', { amount: 100 })).resolves.toEqual({ data: { id: 9 } });
    expectRetriedOnce(fetchMock, '/api/finances');

    const gateways = losingServer({ data: { id: 9 } }, (n) => (n < 3 ? Promise.resolve(jsonResponse(n === 1 ? 502 : 504, { message: 'Bad Gateway' })) : null));
    await expect(moneyPost('/api/finances', { amount: 100 })).resolves.toEqual({ data: { id: 9 } });
    expect(new Set(callsOf(gateways).map((c) => (c.body as { client_ref: string }).client_ref)).size).toBe(1);
    expect(callsOf(gateways)).toHaveLength(3);

    const never = losingServer({}, () => lost());
    const error = (await moneyPost('/api/finances', { amount: 100 }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(callsOf(never)).toHaveLength(3);
  });

  it('does not retry an answer (a 422, a 500): the server said what happened; a body’s own client_ref is kept', async () => {
    for (const status of [422, 500]) {
      const fetchMock = mockFetch(() => jsonResponse(status, { message: 'No', errors: { amount: ['No'] } }));
      await expect(moneyPost('/api/finances', { amount: 100, client_ref: '6f1d3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6' })).rejects.toBeInstanceOf(ApiError);
      expect(callsOf(fetchMock).map((c) => (c.body as { client_ref: string }).client_ref)).toEqual(['6f1d3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6']);
    }
  });
});

describe('each money-taking call retries a lost answer with its key', () => {
  const record = { id: 12, amount_paid: 1000 };
  const payment = { id: 5, parent_id: 12, amount: 1000 };

  it('a fee payment and a booking payment (useTakePayment)', async () => {
    for (const [resource, path] of [
      [students, '/api/students/12/payments'],
      [bridalBookings, '/api/bridalbookings/12/payments'],
    ] as const) {
      const fetchMock = losingServer({ data: { payment, record } });
      const take = renderHook(() => useTakePayment(resource, 12), { wrapper: wrapper() }).result;
      await expect(take.current.mutateAsync({ amount: 1000, method: 'cash', date: '2026-11-02', note: null })).resolves.toEqual({ payment, record });
      expect(expectRetriedOnce(fetchMock, path)).toMatchObject({ amount: 1000, method: 'cash' });
    }
  });

  it('a reversal, money given back on a fee or booking ledger (useReversePayment)', async () => {
    const fetchMock = losingServer({ data: { payment: { ...payment, id: 6, amount: -1000, reverses_id: 5 }, record } });
    const reverse = renderHook(() => useReversePayment(bridalBookings, 12), { wrapper: wrapper() }).result;
    const answer = await reverse.current.mutateAsync({ paymentId: 5, body: { reason: 'Paid twice' } });
    expect(answer.payment.id).toBe(6);
    expect(expectRetriedOnce(fetchMock, '/api/bridalbookings/12/payments/5/reverse')).toMatchObject({ reason: 'Paid twice' });
  });

  it('a finance entry and a booking created with its deposit (useCreate of a resource whose create declares client_ref)', async () => {
    const entry = { type: 'expense', category: 'Generator fuel', amount: 25000, date: '2026-03-10', description: 'Diesel' } as const;
    let fetchMock = losingServer({ data: { id: 3, ...entry } });
    const createEntry = renderHook(() => createResourceHooks(finances).useCreate(), { wrapper: wrapper() }).result;
    await expect(createEntry.current.mutateAsync(entry as never)).resolves.toMatchObject({ id: 3 });
    expect(expectRetriedOnce(fetchMock, '/api/finances')).toMatchObject(entry);

    const booking = { client_name: 'Ada', phone: '08030000000', event_date: '2026-12-12', package_id: 1, amount_paid: 50000, payment_method: 'cash' };
    fetchMock = losingServer({ data: { id: 4, ...booking } });
    const createBooking = renderHook(() => createResourceHooks(bridalBookings).useCreate(), { wrapper: wrapper() }).result;
    await expect(createBooking.current.mutateAsync(booking as never)).resolves.toMatchObject({ id: 4 });
    expect(expectRetriedOnce(fetchMock, '/api/bridalbookings')).toMatchObject({ amount_paid: 50000 });
  });

  it('a transfer confirmation and a "not received" (useCheckTransfers)', async () => {
    const items = [{ kind: 'student' as const, id: 5 }];
    let fetchMock = losingServer({ data: [{ kind: 'student', id: 5 }] });
    const checks = renderHook(() => useCheckTransfers(), { wrapper: wrapper() }).result;
    await checks.current.confirm.mutateAsync(items);
    expect(expectRetriedOnce(fetchMock, '/api/transfers/confirm')).toMatchObject({ items });

    fetchMock = losingServer({ data: [{ kind: 'student', id: 5 }] });
    await checks.current.notReceived.mutateAsync({ items, reason: 'Not on the statement' });
    expect(expectRetriedOnce(fetchMock, '/api/transfers/not-received')).toMatchObject({ items, reason: 'Not on the statement' });
  });

  it('a sale refund (useRefundOrder)', async () => {
    const fetchMock = losingServer({ data: { id: 77 } });
    const refund = renderHook(() => useRefundOrder(), { wrapper: wrapper() }).result;
    await expect(refund.current.mutateAsync({ id: 77, body: { items: [{ order_item_id: 1, quantity: 1 }], method: 'cash', reason: 'Wrong shade' } })).resolves.toMatchObject({ id: 77 });
    expect(expectRetriedOnce(fetchMock, '/api/orders/77/refunds')).toMatchObject({ method: 'cash', reason: 'Wrong shade' });
  });
});
