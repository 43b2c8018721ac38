import type { DayClose, DayCloseRecord } from '@studio/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderWithProviders, resetSession, setupUser, storeUser } from '../../test/helpers';
import { DayCloseModal } from './day-close.modal';

const openDay = (over: Partial<DayClose> = {}): DayClose => ({
  outlet: 'store',
  date: '2025-03-14',
  count: 3,
  total: 29000,
  discount: 0,
  by_method: { cash: 12000, transfer: 14000, card: 0, pos: 3000, voucher: 0, credit: 0, package: 0 },
  change_given: 0,
  expected_cash: 12000,
  expected: { cash: 12000, transfer: 14000, card: 0, pos: 3000, voucher: 0, credit: 0, package: 0 },
  voids: { count: 0, total: 0 },
  transfers: { unconfirmed: { count: 0, amount: 0 }, not_received: { count: 0, amount: 0 } },
  refunds: { count: 0, total: 0, by_method: { cash: 0, transfer: 0, card: 0, pos: 0, voucher: 0, credit: 0, package: 0 } },
  items: [],
  by_staff: [
    { id: 7, name: 'Ada Obi', count: 2, total: 24000 },
    { id: 8, name: 'Boma', count: 1, total: 5000 },
  ],
  close: null,
  reopened: [],
  devices_waiting: [],
  offline_review: 0,
  ...over,
});

const record = (over: Partial<DayCloseRecord> = {}): DayCloseRecord => ({
  id: 5,
  outlet: 'store',
  date: '2025-03-14',
  status: 'closed',
  expected: { cash: 12000, transfer: 14000, card: 0, pos: 3000, voucher: 0, credit: 0, package: 0 },
  counted: { cash: 11999.7, transfer: 14000.2, card: 0, pos: 3000.1, voucher: 0, credit: 0, package: 0 },
  over_short: { cash: -0.3, transfer: 0.2, card: 0, pos: 0.1, voucher: 0, credit: 0, package: 0 },
  expected_total: 29000,
  counted_total: 29000,
  over_short_total: 0,
  sales: { count: 3, total: 29000 },
  note: null,
  closed_by: { id: 8, name: 'Boma' },
  closed_at: '2025-03-14T20:05:00.000Z',
  reopened_by: null,
  reopened_at: null,
  reopen_reason: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

const isDayClose = (url: URL) => url.pathname.startsWith('/api/day-close/store/');

describe('DayCloseModal', () => {
  it(
    'shows the whole day, takes the counts per method with live over/short (never -₦0.00), confirms and closes; staff get a read-only close',
    async () => {
      storeUser(makeUser());
      const fetch = mockFetch(({ url, method }) => {
        if (isDayClose(url) && method === 'GET') return jsonResponse(200, { data: openDay({ transfers: { unconfirmed: { count: 2, amount: 14000 }, not_received: { count: 0, amount: 0 } } }) });
        if (isDayClose(url) && method === 'POST') return jsonResponse(201, { data: openDay({ close: record() }) });
        return jsonResponse(404, { message: 'Not found.' });
      });
      const user = setupUser();
      renderWithProviders(<DayCloseModal outlet="store" opened onClose={() => {}} />);
      const form = await screen.findByTestId('day-close-form');
      // the day's transfers no one has confirmed yet, before the count (issue 17); staff are told to ask an admin
      const transfers = screen.getByTestId('day-close-transfers');
      expect(transfers.textContent).toContain('2 transfers not confirmed yet');
      expect(within(transfers).getByTestId('day-close-transfers-amount').textContent).toBe('₦14,000.00');
      expect(transfers.textContent).toContain('Ask an admin');
      expect(within(form).getByTestId('expected-cash').textContent).toBe('₦12,000.00');
      expect(within(form).getByTestId('expected-pos').textContent).toBe('₦3,000.00');
      // the whole outlet's day: both staff lines in the report
      const report = screen.getAllByTestId('z-report')[0]!;
      expect(report.textContent).toContain('Ada Obi (2)');
      expect(report.textContent).toContain('Boma (1)');
      // no change given is ₦0.00, not "-₦0.00"
      expect(report.textContent).toContain('Change given₦0.00');
      expect(document.body.textContent).not.toContain('-₦0.00');

      // nothing counted yet: no over/short is claimed for a method
      expect(within(form).getByTestId('over-short-cash').textContent).toBe('—');
      expect(within(form).getByTestId('over-short-total').textContent).toBe('—');
      // nothing typed yet: the schema asks for every count, and nothing is sent
      await user.click(within(form).getByTestId('day-close-submit'));
      expect(await within(form).findByText('Cash counted is required.')).toBeTruthy();
      expect(screen.queryByTestId('day-close-confirm')).toBeNull();

      await user.type(within(form).getByLabelText(/Cash counted/), '-5');
      expect(await within(form).findByText('Cash counted must be at least 0.')).toBeTruthy();
      await user.clear(within(form).getByLabelText(/Cash counted/));
      await user.type(within(form).getByLabelText(/Cash counted/), '11999.7');
      await user.type(within(form).getByLabelText(/Bank transfer counted/), '14000.2');
      await user.type(within(form).getByLabelText(/Card counted/), '0');
      await user.type(within(form).getByLabelText(/POS terminal counted/), '3000.1');
      expect(within(form).getByTestId('over-short-cash').textContent).toBe('-₦0.30 short');
      expect(within(form).getByTestId('over-short-transfer').textContent).toBe('+₦0.20 over');
      expect(within(form).getByTestId('over-short-card').textContent).toBe('₦0.00');
      expect(within(form).getByTestId('over-short-pos').textContent).toBe('+₦0.10 over');
      // -0.3 + 0.2 + 0.1 in floating point is not 0: the total is worked out in kobo
      expect(within(form).getByTestId('over-short-total').textContent).toBe('₦0.00');
      expect(within(form).getByTestId('counted-total').textContent).toBe('₦29,000.00');
      expect(document.body.textContent).not.toContain('-₦0.00');

      await user.click(within(form).getByTestId('day-close-submit'));
      const confirm = await screen.findByTestId('day-close-confirm');
      expect(confirm.textContent).toContain('cannot be edited');
      expect(callsOf(fetch).filter((c) => c.method === 'POST')).toHaveLength(0);
      await user.click(within(confirm).getByTestId('day-close-confirm-submit'));

      const closed = await screen.findByTestId('day-close-record');
      const posts = callsOf(fetch).filter((c) => c.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(posts[0]!.url.pathname).toMatch(/^\/api\/day-close\/store\/\d{4}-\d\d-\d\d$/);
      expect(posts[0]!.body).toEqual({ counted: { cash: 11999.7, transfer: 14000.2, card: 0, pos: 3000.1 }, note: null });
      expect(closed.textContent).toContain('Closed by Boma');
      expect(closed.textContent).toContain('Only an admin can reopen it.');
      expect(within(closed).getByTestId('closed-over-short-total').textContent).toBe('₦0.00');
      expect(within(closed).queryByTestId('day-close-reopen')).toBeNull();
      expect(screen.queryByLabelText(/Cash counted/)).toBeNull();
      expect(screen.getByTestId('day-close-print').textContent).toBe('Print the close');
      // the printout carries the close: counted, over/short, who and when
      const printed = within(screen.getByTestId('print-root')).getByTestId('z-report').textContent ?? '';
      expect(printed).toContain('CLOSED by Boma');
      expect(printed).toContain('Counted at the close');
      expect(printed).toContain('-₦0.30 short');
      expect(printed).not.toContain('-₦0.00');
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'lets an admin reopen a closed day with a reason (required), then shows the count form and the reopen history',
    async () => {
      storeUser(makeUser({ is_admin: 1, name: 'Admin' }));
      const reopened = record({ status: 'reopened', reopened_by: { id: 1, name: 'Admin' }, reopened_at: '2025-03-15T08:00:00.000Z', reopen_reason: 'A transfer was recorded as cash' });
      const fetch = mockFetch(({ url, method }) => {
        if (isDayClose(url) && method === 'GET') return jsonResponse(200, { data: openDay({ close: record(), change_given: 2000, gross_profit: 20000 }) });
        if (url.pathname.endsWith('/reopen') && method === 'POST') return jsonResponse(200, { data: openDay({ reopened: [reopened], change_given: 2000 }) });
        return jsonResponse(404, { message: 'Not found.' });
      });
      const user = setupUser();
      renderWithProviders(<DayCloseModal outlet="store" opened onClose={() => {}} />);
      const closed = await screen.findByTestId('day-close-record');
      expect(screen.getAllByTestId('z-report')[0]!.textContent).toContain('Change given-₦2,000.00');
      await user.click(within(closed).getByTestId('day-close-reopen'));
      const reopenForm = await screen.findByTestId('day-close-reopen-form');
      await user.click(within(reopenForm).getByTestId('day-close-reopen-submit'));
      expect(await within(reopenForm).findByText('Reason is required.')).toBeTruthy();
      expect(callsOf(fetch).filter((c) => c.method === 'POST')).toHaveLength(0);
      await user.type(within(reopenForm).getByLabelText(/Reason/), 'A transfer was recorded as cash');
      await user.click(within(reopenForm).getByTestId('day-close-reopen-submit'));
      await screen.findByTestId('day-close-form');
      const posts = callsOf(fetch).filter((c) => c.method === 'POST');
      expect(posts.map((c) => [c.url.pathname.replace(/\d{4}-\d\d-\d\d/, 'DAY'), c.body])).toEqual([['/api/day-close/store/DAY/reopen', { reason: 'A transfer was recorded as cash' }]]);
      await waitFor(() => expect(within(screen.getByTestId('print-root')).getByTestId('z-report').textContent).toContain('Reopened by Admin'));
      expect(within(screen.getByTestId('print-root')).getByTestId('z-report').textContent).toContain('A transfer was recorded as cash');
    },
    COMPONENT_TEST_TIMEOUT,
  );
});
