import { screen, waitFor, within } from '@testing-library/react';
import type { StaffPerformanceRow } from '@studio/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../lib/auth-store';
import { callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { makeOrder, ordersPage, staffSummary } from '../../test/order-fixtures';
import { MyPerformancePage } from './my-performance.page';
import { StaffPerformancesPage } from './staff-performances.page';

const STAFF = makeUser({ id: 7, name: 'Ada Obi', is_admin: 0 });
const ADMIN = makeUser({ id: 1, name: 'Studio Admin', role: 'Admin', is_admin: 1 });

const performances: StaffPerformanceRow[] = [
  { staff: { id: 7, name: 'Ada Obi', role: 'Cashier' }, ...staffSummary([2, 13500], [1, 150000]) },
  { staff: { id: 9, name: 'Chioma Nwosu', role: 'Stylist' }, ...staffSummary([0, 0], [0, 0], [3, 24000]) },
  { staff: { id: 1, name: 'Studio Admin', role: 'Admin' }, ...staffSummary([0, 0]) },
];

function serve() {
  return mockFetch((call) => {
    const path = call.url.pathname;
    const staffOrders = path.match(/^\/api\/orders-staff\/(\d+)\/([^/]+)\/([^/]+)$/);
    if (call.method === 'GET' && staffOrders) {
      const lastMonth = staffOrders[2] === '2026-02-01';
      const summary = lastMonth ? staffSummary([1, 4500]) : staffSummary([2, 13500], [1, 150000]);
      const data = lastMonth
        ? [makeOrder({ id: 5, invoice_no: 'STO-000005', total: 4500, business_date: '2026-02-11', created_at: '2026-02-11T12:00:00.000+01:00' })]
        : [makeOrder(), makeOrder({ id: 3, invoice_no: 'PMU-000001', outlet: 'office', total: 150000 })];
      return jsonResponse(200, ordersPage(data, { summary }));
    }
    if (call.method === 'GET' && path.startsWith('/api/staff-performances/')) return jsonResponse(200, { data: performances, from: '', to: '' });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

function renderPage(user: CurrentUser, element: React.ReactElement) {
  storeUser(user);
  const fetchMock = serve();
  const result = renderRoutes([{ path: '/page', element }], '/page');
  return { ...result, fetchMock };
}

const staffCalls = (mock: ReturnType<typeof mockFetch>) => callsOf(mock).filter((c) => c.url.pathname.startsWith('/api/orders-staff/'));

beforeEach(() => {
  resetSession();
  // Wednesday 18 March 2026
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-18T15:00:00'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MyPerformancePage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it("asks orders-staff for the signed-in user's own id, this month to today, 20 a page", async () => {
    const { fetchMock } = renderPage(STAFF, <MyPerformancePage title="My Performance" />);
    await waitFor(() => expect(staffCalls(fetchMock)).toHaveLength(1));
    const call = staffCalls(fetchMock)[0]!;
    expect(call.url.pathname).toBe('/api/orders-staff/7/2026-03-01/2026-03-18');
    expect(call.url.searchParams.get('page')).toBe('1');
    expect(call.url.searchParams.get('per_page')).toBe('20');
    expect(call.headers.Authorization).toBe('Bearer token-b');
    // staff never ask for everyone's figures
    expect(callsOf(fetchMock).some((c) => c.url.pathname.startsWith('/api/staff-performances'))).toBe(false);

    await waitFor(() => expect(screen.getByTestId('my-total-value').textContent).toBe('₦163,500.00'));
    expect(screen.getByTestId('my-count-value').textContent).toBe('3');
    expect(screen.getByTestId('my-outlet-store-value').textContent).toBe('₦13,500.00');
    expect(screen.getByTestId('my-outlet-office-value').textContent).toBe('₦150,000.00');
    expect(screen.getByTestId('my-outlet-salon-value').textContent).toBe('₦0.00');
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    // one person's list shows where each sale was made
    expect(within(screen.getAllByTestId('order-row')[1]!).getByText('PMU Office')).toBeTruthy();
  });

  it('follows a preset: last month', async () => {
    const { fetchMock } = renderPage(STAFF, <MyPerformancePage title="My Performance" />);
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    await setupUser().click(within(screen.getByTestId('range-presets')).getByText('Last month'));
    await waitFor(() => expect(staffCalls(fetchMock).map((c) => c.url.pathname)).toContain('/api/orders-staff/7/2026-02-01/2026-02-28'));
    await waitFor(() => expect(screen.getByTestId('my-total-value').textContent).toBe('₦4,500.00'));
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);
  });

  it('this week starts on Monday', async () => {
    const { fetchMock } = renderPage(STAFF, <MyPerformancePage title="My Performance" />);
    await waitFor(() => expect(staffCalls(fetchMock)).toHaveLength(1));
    await setupUser().click(within(screen.getByTestId('range-presets')).getByText('This week'));
    await waitFor(() => expect(staffCalls(fetchMock).map((c) => c.url.pathname)).toContain('/api/orders-staff/7/2026-03-16/2026-03-18'));
  });
});

describe('StaffPerformancesPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('shows each staff member with count, total and per-outlet totals for the range', async () => {
    const { fetchMock } = renderPage(ADMIN, <StaffPerformancesPage title="Staff Performances" />);
    await waitFor(() => expect(screen.getAllByTestId('performance-row')).toHaveLength(3));
    const call = callsOf(fetchMock).find((c) => c.url.pathname.startsWith('/api/staff-performances/'))!;
    expect(call.url.pathname).toBe('/api/staff-performances/2026-03-01/2026-03-18');

    const [ada, chioma] = screen.getAllByTestId('performance-row');
    expect(within(ada!).getByText('Ada Obi')).toBeTruthy();
    expect(within(ada!).getByText('Cashier')).toBeTruthy();
    expect(within(ada!).getByTestId('performance-total').textContent).toBe('₦163,500.00');
    expect(within(ada!).getByText('₦150,000.00')).toBeTruthy();
    expect(within(chioma!).getByText('₦24,000.00', { selector: 'div' })).toBeTruthy();
    expect(screen.getByTestId('perf-total-value').textContent).toBe('₦187,500.00');
    expect(screen.getByTestId('perf-count-value').textContent).toBe('6');
    expect(screen.getByTestId('perf-top-value').textContent).toBe('Ada Obi');
  });

  it('says what the totals are net of when sales were partly refunded', async () => {
    storeUser(ADMIN);
    // Chioma sold ₦24,000.00 and ₦1,500.00 of it came back
    const refunded: StaffPerformanceRow[] = [{ staff: { id: 9, name: 'Chioma Nwosu', role: 'Stylist' }, ...staffSummary([0, 0], [0, 0], [3, 22500]), sold: 24000, refunded: 1500 }];
    mockFetch(() => jsonResponse(200, { data: refunded, from: '', to: '' }));
    renderRoutes([{ path: '/page', element: <StaffPerformancesPage title="Staff Performances" /> }], '/page');
    await waitFor(() => expect(screen.getByTestId('perf-total-value').textContent).toBe('₦22,500.00'));
    expect(screen.getByTestId('perf-total').textContent).toContain('net of ₦1,500.00 refunded');
  });

  it('asks again for another range', async () => {
    const { fetchMock } = renderPage(ADMIN, <StaffPerformancesPage title="Staff Performances" />);
    await waitFor(() => expect(screen.getAllByTestId('performance-row')).toHaveLength(3));
    await setupUser().click(within(screen.getByTestId('range-presets')).getByText('Today'));
    await waitFor(() => expect(callsOf(fetchMock).map((c) => c.url.pathname)).toContain('/api/staff-performances/2026-03-18/2026-03-18'));
  });

  it("opens a staff member's invoices of the range", async () => {
    const { fetchMock } = renderPage(ADMIN, <StaffPerformancesPage title="Staff Performances" />);
    await waitFor(() => expect(screen.getAllByTestId('performance-row')).toHaveLength(3));
    await setupUser().click(within(screen.getAllByTestId('performance-row')[1]!).getByText('Chioma Nwosu'));
    await waitFor(() => expect(staffCalls(fetchMock).map((c) => c.url.pathname)).toContain('/api/orders-staff/9/2026-03-01/2026-03-18'));
    await waitFor(() => expect(within(screen.getByTestId('staff-orders-drawer')).getAllByTestId('order-row')).toHaveLength(2));
  });
});
