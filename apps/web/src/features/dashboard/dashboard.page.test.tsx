import { screen, waitFor, within } from '@testing-library/react';
import { type Dashboard, dashboardSchema } from '@studio/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, storeUser } from '../../test/helpers';
import { DashboardPage } from './dashboard.page';
import { changeVs, share } from './dashboard-figures';

const outlets = (store: [number, number], office: [number, number], salon: [number, number]) => ({
  store: { count: store[0], total: store[1] },
  office: { count: office[0], total: office[1] },
  salon: { count: salon[0], total: salon[1] },
});
const days = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2025, 1, 14 + i)).toISOString().slice(0, 10);
  return { date, store: 0, office: 0, salon: 0, total: 0 };
});
days[29] = { date: '2025-03-15', store: 24000, office: 150000, salon: 0, total: 174000 };
const months = Array.from({ length: 12 }, (_, i) => ({ month: new Date(Date.UTC(2024, 3 + i, 1)).toISOString().slice(0, 7), store: 0, office: 0, salon: 0, total: 0 }));
months[11] = { month: '2025-03', store: 37500.3, office: 150000, salon: 20000, total: 207500.3 };

/** What GET /api/dashboard answers (the figures of the API test's studio). */
const DASHBOARD: Dashboard = {
  date: '2025-03-15',
  time_zone: 'Africa/Lagos',
  generated_at: '2025-03-14T23:30:00.000Z',
  sales: {
    today: { date: '2025-03-15', count: 3, total: 174000, by_outlet: outlets([2, 24000], [1, 150000], [0, 0]) },
    yesterday: { date: '2025-03-14', count: 2, total: 22500.1, by_outlet: outlets([1, 2500.1], [0, 0], [1, 20000]) },
    yesterday_by_now: { date: '2025-03-14', to: '2025-03-14T08:00:00.000Z', count: 1, total: 20000, by_outlet: outlets([0, 0], [0, 0], [1, 20000]) },
    month: { month: '2025-03', from: '2025-03-01', to: '2025-03-15', count: 7, total: 207500.3, by_outlet: outlets([5, 37500.3], [1, 150000], [1, 20000]), gross_profit: 177100.15 },
    last_month: {
      month: '2025-02',
      count: 3,
      total: 175000.2,
      by_outlet: outlets([1, 5000.2], [1, 150000], [1, 20000]),
      same_period: { from: '2025-02-01', to: '2025-02-15', count: 2, total: 170000 },
    },
    daily: days,
    monthly: months,
    payment_methods: { cash: 27500.1, transfer: 24000, card: 6000.2, pos: 150000, deposit: 0, voucher: 0, credit: 0, package: 0 },
    top_products: [
      { product_id: 5, name: 'Microblading', outlet: 'office', kind: 'service', quantity: 1, total: 150000 },
      { product_id: 7, name: 'Knotless Braids', outlet: 'salon', kind: 'service', quantity: 1, total: 20000 },
      { product_id: 1, name: 'Silk Foundation', outlet: 'store', kind: 'product', quantity: 4, total: 20000 },
    ],
    top_staff: [
      { id: 2, name: 'Amara Obi', count: 4, total: 184000 },
      { id: 3, name: 'Boma Jack', count: 3, total: 23500.3 },
    ],
    recent_orders: [
      { id: 14, invoice_no: 'STO-000009', outlet: 'store', customer_name: 'Walk-in Customer', total: 5000, status: 'void', created_at: '2025-03-14T23:30:00.000Z' },
      { id: 13, invoice_no: 'PMU-000003', outlet: 'office', customer_name: 'Ebiere Dappa', total: 150000, status: 'paid', created_at: '2025-03-14T23:29:00.000Z' },
    ],
  },
  stock: {
    finished: 1,
    low: 9,
    by_outlet: { store: { finished: 0, low: 2 }, office: { finished: 0, low: 1 }, salon: { finished: 1, low: 6 } },
    lowest: [
      { id: 8, name: 'Edge Control', outlet: 'salon', quantity: 0, reorder_level: 5, stock_status: 'finished' },
      { id: 3, name: 'Matte Lipstick', outlet: 'store', quantity: 1, reorder_level: 5, stock_status: 'low' },
    ],
  },
  finances: { month: '2025-03', income: 450000.3, expense: 120000, net: 330000.3 },
  students: { in_session: { students: 12, office_students: 4, hostel_students: 6, total: 22 }, owing: { count: 9, total: 845000.5 } },
  hostel: { taken: 6, by_pricing: [{ pricing_id: 2, name: 'Shared room', taken: 6 }] },
  bookings: { upcoming: [{ id: 4, client_name: 'Chioma Eze', event_date: '2025-03-22', status: 'confirmed', balance: 90000 }], balance_due: 90000, month_balance_due: 140000 },
  transfers: { unconfirmed: { count: 2, amount: 45000 }, not_received: { month: '2025-03', count: 1, amount: 15000 } },
  appointments: {
    date: '2025-03-15',
    count: 5,
    by_outlet: {
      store: { count: 0, booked: 0, arrived: 0, done: 0, no_show: 0, cancelled: 0 },
      office: { count: 2, booked: 1, arrived: 0, done: 1, no_show: 0, cancelled: 0 },
      salon: { count: 3, booked: 1, arrived: 1, done: 0, no_show: 1, cancelled: 2 },
    },
  },
  clients: { month: '2025-03', new: 7, returning: 12 },
  backups: {
    dir: '/srv/studio/backups',
    last: { file: 'studio-2025-03-15T07-00-00-000Z-hourly.tar.gz', at: '2025-03-15T07:00:00.000Z', size: 12_400_000, database: 'pglite' },
    age_hours: 1.5,
    last_failure: null,
    copy: { configured: true, dir: '/media/usb/studio', file: 'studio-2025-03-15T07-00-00-000Z-hourly.tar.gz', at: '2025-03-15T07:01:00.000Z', ok: true, error: null },
    drill: { at: '2025-03-13T08:00:00.000Z', file: 'studio-2025-03-13T07-00-00-000Z-hourly.tar.gz', ok: true, summary: 'PASSED: ...' },
    stale_after_hours: 26,
    warnings: [],
  },
};

const ADMIN = makeUser({ id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 });

function renderDashboard(answer: () => Response = () => jsonResponse(200, { data: DASHBOARD })) {
  storeUser(ADMIN);
  const fetchMock = mockFetch(({ url, method }) => (method === 'GET' && url.pathname === '/api/dashboard' ? answer() : jsonResponse(404, { message: 'Not found.' })));
  renderRoutes([{ path: '/dashboard/main', element: <DashboardPage title="Dashboard" /> }], '/dashboard/main');
  return fetchMock;
}

const valueOf = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;
const hintOf = (testId: string) => screen.getByTestId(testId).textContent ?? '';

beforeEach(() => {
  resetSession();
  // 9 in the morning, studio time
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-15T09:00:00'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('DashboardPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  // the charts are a lazy chunk (recharts): loaded once here, so a busy machine's slow first import is not a test's wait
  beforeAll(() => import('./dashboard-charts'), 60_000);
  it('the fixture is a valid answer of the API', () => {
    expect(dashboardSchema.strict().parse(DASHBOARD)).toEqual(DASHBOARD);
  });

  it('shows every figure from one GET /api/dashboard', async () => {
    const fetchMock = renderDashboard();
    expect(screen.getByTestId('dashboard')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Dashboard');
    await waitFor(() => expect(screen.getByTestId('stat-today-value').textContent).toBe('₦174,000.00'));
    expect(callsOf(fetchMock).map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/dashboard']);

    expect(screen.getByTestId('greeting').textContent).toBe('Good morning, Studio Admin');
    expect(screen.getByText(/Saturday, 15 March 2025 · 3 sales so far today/)).toBeTruthy();

    // today against yesterday, this month against the same days of last month
    // like for like (issue 34): against yesterday by this time, not the whole of yesterday (673% vs ₦22,500.10)
    expect(hintOf('stat-today')).toContain('770% vs yesterday by this time (₦20,000.00)');
    expect(valueOf('stat-month')).toBe('₦207,500.30');
    expect(screen.getByText('March to date')).toBeTruthy();
    expect(hintOf('stat-month')).toContain('22% vs Feb 1–15 (₦170,000.00)');
    expect(valueOf('stat-profit')).toBe('₦177,100.15');
    expect(hintOf('stat-profit')).toContain('85% of sales');
    expect(valueOf('stat-stock')).toBe('10 products');
    expect(hintOf('stat-stock')).toContain('1 out of stock · 9 running low');

    // the tills, with each outlet's figures
    expect(screen.getByTestId('till-store').getAttribute('href')).toBe('/dashboard/point-of-sales/store');
    expect(screen.getByTestId('till-office').getAttribute('href')).toBe('/dashboard/point-of-sales/office');
    expect(screen.getByTestId('till-salon').getAttribute('href')).toBe('/dashboard/point-of-sales/salon');
    expect(screen.getByTestId('till-store-figures').textContent).toBe('Today ₦24,000.00 · 2 salesThis month ₦37,500.30');
    expect(screen.getByTestId('till-salon-figures').textContent).toBe('Today ₦0.00 · 0 salesThis month ₦20,000.00');

    // payment methods: amounts and shares of the month (the charts' chunk loads after the numbers)
    expect((await screen.findByTestId('method-pos')).textContent).toBe('POS terminal₦150,000.0072%');
    expect(screen.getByTestId('method-cash').textContent).toBe('Cash₦27,500.1013%');
    expect(screen.getByTestId('method-card').textContent).toBe('Card₦6,000.203%');

    // best sellers and best staff, in the API's order
    const products = screen.getAllByTestId('top-product');
    expect(products.map((p) => p.textContent)).toEqual([
      expect.stringMatching(/^1Microblading₦150,000\.00PMU Office1 booking$/),
      expect.stringMatching(/^2Knotless Braids₦20,000\.00Salon1 booking$/),
      expect.stringMatching(/^3Silk Foundation₦20,000\.00Makeup Store4 sold$/),
    ]);
    expect(screen.getAllByTestId('top-staff-row').map((r) => r.textContent)).toEqual(['1Amara Obi₦184,000.004 invoices', '2Boma Jack₦23,500.303 invoices']);

    // stock alerts: per outlet and the lowest, each opening that outlet's products
    expect(screen.getByTestId('stock-outlet-store').getAttribute('href')).toBe('/products/manage/store');
    expect(screen.getByTestId('stock-outlet-store').textContent).toBe('Makeup Store2 low');
    expect(screen.getByTestId('stock-outlet-office').textContent).toBe('PMU Office1 low');
    expect(screen.getByTestId('stock-outlet-salon').textContent).toBe('Salon1 out · 6 low');
    const alerts = screen.getAllByTestId('stock-alert');
    expect(alerts.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Edge ControlSalon · reorder at 5Out', '/products/manage/salon'],
      ['Matte LipstickMakeup Store · reorder at 51 left', '/products/manage/store'],
    ]);

    // the newest invoices (their table a chunk of its own), each opening its outlet's invoices; a void one is marked
    const recent = await screen.findAllByTestId('recent-invoice');
    expect(recent).toHaveLength(2);
    expect(within(recent[0]!).getByRole('link', { name: 'STO-000009' }).getAttribute('href')).toBe('/invoices/product-invoices/store');
    expect(within(recent[0]!).getByTestId('order-status').textContent).toBe('VOID');
    expect(within(recent[1]!).getByRole('link', { name: 'PMU-000003' }).getAttribute('href')).toBe('/invoices/product-invoices/office');
    expect(recent[1]!.textContent).toContain('₦150,000.00');

    // the charts are there (their drawing needs a real browser)
    expect(screen.getByTestId('daily-section')).toBeTruthy();
    expect(screen.getByTestId('monthly-section')).toBeTruthy();
  });

  it("shows this month's income, expenses and net, the trainees, the hostel and the next bookings, each opening the page behind it", async () => {
    renderDashboard();
    await waitFor(() => expect(valueOf('stat-income')).toBe('₦450,000.30'));
    expect(valueOf('stat-expense')).toBe('₦120,000.00');
    expect(valueOf('stat-net')).toBe('₦330,000.30');
    expect(hintOf('stat-income')).toContain('March to date, every source');
    expect(hintOf('stat-expense')).toContain('Spent in March to date');
    for (const card of ['stat-income', 'stat-expense', 'stat-net']) expect(screen.getByTestId(card).getAttribute('href')).toBe('/finances/income-expenses');
    // the transfers no one has confirmed yet open Transfers to confirm
    expect(valueOf('stat-transfers')).toBe('₦45,000.00');
    expect(hintOf('stat-transfers')).toContain('2 transfers not yet seen on the statement · ₦15,000.00 not received this month');
    expect(screen.getByTestId('stat-transfers').getAttribute('href')).toBe('/finances/transfers');

    // the sales and stock cards open the outlet behind the most of them: office sold most today and this month,
    // the salon has the most stock alerts
    expect(screen.getByTestId('stat-today').getAttribute('href')).toBe('/invoices/product-invoices/office');
    expect(screen.getByTestId('stat-month').getAttribute('href')).toBe('/invoices/product-invoices/office?month=2025-03');
    expect(screen.getByTestId('stat-profit').getAttribute('href')).toBe('/invoices/product-invoices/office?month=2025-03');
    expect(screen.getByTestId('stat-stock').getAttribute('href')).toBe('/products/manage/salon');

    // trainees in session by kind, and what they owe
    expect(screen.getByTestId('trainees-total').textContent).toBe('22 trainees');
    const link = (testId: string) => [screen.getByTestId(testId).textContent, screen.getByTestId(testId).getAttribute('href')];
    expect(link('trainees-students')).toEqual(['Makeup students12', '/students/makeup/list']);
    expect(link('trainees-office')).toEqual(['PMU (office) students4', '/students/office-students/list']);
    expect(link('trainees-hostel')).toEqual(['Hostel students6', '/users/hostel-users']);
    expect(link('trainees-owed')).toEqual(['Owed by trainees9 trainees with a balance₦845,000.50', '/students/makeup/owe']);

    // hostel beds by pricing
    expect(link('hostel-taken')).toEqual(['6 beds takenhostel students in session today', '/users/hostel-users']);
    expect(screen.getAllByTestId('hostel-pricing').map((r) => [r.textContent, r.getAttribute('href')])).toEqual([['Shared room6 beds', '/users/hostel-users']]);

    // the next 14 days' bookings with their balances, each opening its month's bookings
    expect(screen.getAllByTestId('upcoming-booking').map((r) => [r.textContent, r.getAttribute('href')])).toEqual([
      ['Chioma EzeSat, Mar 22Confirmed₦90,000.00', '/bookings/manage?month=2025-03'],
    ]);
    expect(screen.getByTestId('bookings-balance-due').textContent).toBe('₦90,000.00 due');

    // best sellers open their outlet's products, best staff the performances
    expect(screen.getAllByTestId('top-product').map((p) => p.getAttribute('href'))).toEqual(['/products/manage/office', '/products/manage/salon', '/products/manage/store']);
    expect(screen.getAllByTestId('top-staff-row').map((p) => p.getAttribute('href'))).toEqual(['/invoices/staff-performances', '/invoices/staff-performances']);

    // today's appointments per outlet open the day's book; the month's clients open the clients
    expect(link('appointments-today')).toEqual(['5 appointmentstoday, cancelled ones left out', '/appointments/book?day=2025-03-15']);
    expect(link('appointments-salon')).toEqual(['Salon1 here · 1 to come · 1 no-show3', '/appointments/book?day=2025-03-15']);
    expect(link('appointments-office')).toEqual(['PMU Office1 done · 1 to come2', '/appointments/book?day=2025-03-15']);
    expect(link('clients-new')).toEqual(['New clientsfirst recorded this month7', '/clients/list']);
    expect(link('clients-returning')[1]).toBe('/clients/list');
    expect(screen.getByTestId('clients-returning').textContent).toContain('12');
  });

  it('says so when nothing has been sold yet', async () => {
    const empty: Dashboard = {
      ...DASHBOARD,
      sales: {
        ...DASHBOARD.sales,
        today: { ...DASHBOARD.sales.today, count: 0, total: 0 },
        yesterday: { ...DASHBOARD.sales.yesterday, count: 0, total: 0 },
        yesterday_by_now: { ...DASHBOARD.sales.yesterday_by_now, count: 0, total: 0 },
        month: { ...DASHBOARD.sales.month, count: 0, total: 0, gross_profit: 0 },
        payment_methods: { cash: 0, transfer: 0, card: 0, pos: 0, deposit: 0, voucher: 0, credit: 0, package: 0 },
        top_products: [],
        top_staff: [],
        recent_orders: [],
      },
      stock: { finished: 0, low: 0, by_outlet: { store: { finished: 0, low: 0 }, office: { finished: 0, low: 0 }, salon: { finished: 0, low: 0 } }, lowest: [] },
      finances: { month: '2025-03', income: 0, expense: 0, net: 0 },
      students: { in_session: { students: 0, office_students: 0, hostel_students: 0, total: 0 }, owing: { count: 0, total: 0 } },
      hostel: { taken: 0, by_pricing: [] },
      bookings: { upcoming: [], balance_due: 0, month_balance_due: 0 },
      transfers: { unconfirmed: { count: 0, amount: 0 }, not_received: { month: '2025-03', count: 0, amount: 0 } },
      appointments: { ...DASHBOARD.appointments, count: 0, by_outlet: { store: DASHBOARD.appointments.by_outlet.store, office: DASHBOARD.appointments.by_outlet.store, salon: DASHBOARD.appointments.by_outlet.store } },
      clients: { month: '2025-03', new: 0, returning: 0 },
      backups: { ...DASHBOARD.backups, last: null, age_hours: null, copy: { configured: false, dir: null, file: null, at: null, ok: null, error: null }, drill: null, warnings: ['No backup has been made yet.'] },
    };
    renderDashboard(() => jsonResponse(200, { data: empty }));
    await waitFor(() => expect(valueOf('stat-today')).toBe('₦0.00'));
    expect(hintOf('stat-today')).toContain('No sales yesterday');
    expect(hintOf('stat-profit')).toContain('No sales yet this month');
    expect(valueOf('stat-stock')).toBe('0 products');
    expect(screen.getAllByText('No sales yet this month.')).toHaveLength(2);
    expect(screen.getByText('No invoices yet.')).toBeTruthy();
    expect(screen.getByText('Every product is above its reorder level.')).toBeTruthy();
    expect(screen.getByTestId('stock-outlet-store').textContent).toBe('Makeup StoreAll stocked');
    // nothing to point at: the first outlet
    expect(screen.getByTestId('stat-stock').getAttribute('href')).toBe('/products/manage/store');
    expect(valueOf('stat-net')).toBe('₦0.00');
    expect(screen.getByTestId('trainees-owed').textContent).toContain('Every fee is paid');
    expect(screen.getByText('No one is staying at the hostel.')).toBeTruthy();
    expect(screen.getByText('No bookings in the next 14 days.')).toBeTruthy();
    expect(screen.getByTestId('appointments-salon').textContent).toContain('nothing booked');
    expect(screen.getByTestId('backups-last').textContent).toContain('None yet');
    expect(screen.getByTestId('backups-copy').textContent).toContain('Not set up');
    expect(screen.getByTestId('backups-drill').textContent).toContain('Never run');
    expect(screen.getByTestId('backups-alert').textContent).toContain('No backup has been made yet.');
  });

  it('shows the last backup, its copy and the last drill; all good means no warning', async () => {
    renderDashboard();
    const card = await screen.findByTestId('backups-section');
    await waitFor(() => expect(within(card).getByTestId('backups-status').textContent).toBe('All good'));
    expect(within(card).getByTestId('backups-last').textContent).toContain('2.0 hours ago');
    expect(within(card).getByTestId('backups-last').textContent).toContain('12.4 MB, embedded database');
    expect(within(card).getByTestId('backups-copy').textContent).toContain('Copied 2.0 hours ago');
    expect(within(card).getByTestId('backups-copy').textContent).toContain('to /media/usb/studio');
    expect(within(card).getByTestId('backups-drill').textContent).toContain('Passed 2 days ago');
    expect(screen.queryByTestId('backups-alert')).toBeNull();
    expect(within(card).queryByTestId('backups-warnings')).toBeNull();
  });

  it('warns at the top and on the card when a backup is too old or its copy failed', async () => {
    const failing: Dashboard = {
      ...DASHBOARD,
      backups: {
        ...DASHBOARD.backups,
        age_hours: 30.2,
        copy: { ...DASHBOARD.backups.copy, ok: false, at: '2025-03-15T07:01:00.000Z', error: 'the drive is full' },
        warnings: ['The last backup is 30 hours old: the server makes one every hour while it runs.', 'The copy to /media/usb/studio failed: the drive is full.'],
      },
    };
    renderDashboard(() => jsonResponse(200, { data: failing }));
    const alert = await screen.findByTestId('backups-alert');
    expect(alert.textContent).toContain('Backups need attention');
    expect(alert.textContent).toContain('The last backup is 30 hours old');
    expect(alert.textContent).toContain('(and 1 more: see Backups below)');
    const card = screen.getByTestId('backups-section');
    expect(within(card).getByTestId('backups-status').textContent).toBe('Needs attention');
    expect(within(card).getByTestId('backups-warnings').textContent).toContain('The copy to /media/usb/studio failed: the drive is full.');
    expect(within(card).getByTestId('backups-copy').textContent).toContain('The copy failed');
    expect(within(card).getByTestId('backups-copy').textContent).toContain('the drive is full');
  });

  it('issue 34: never "All good" while no copy has left the computer or no restore test has passed; the remedies are in words an owner can act on', async () => {
    // an older server's answer with no warnings for either: the badge still says what is missing
    const alone: Dashboard = { ...DASHBOARD, backups: { ...DASHBOARD.backups, copy: { configured: false, dir: null, file: null, at: null, ok: null, error: null }, drill: null, warnings: [] } };
    renderDashboard(() => jsonResponse(200, { data: alone }));
    const card = await screen.findByTestId('backups-section');
    await waitFor(() => expect(within(card).getByTestId('backups-status').textContent).toBe('Needs attention'));
    expect(within(card).getByTestId('backups-copy').textContent).toContain('Not set up');
    expect(within(card).getByTestId('backups-copy').textContent).toContain('Plug in a USB drive and set it as the backup copy folder (ask whoever installed the app).');
    expect(within(card).getByTestId('backups-drill').textContent).toContain('Never run');
    expect(within(card).getByTestId('backups-drill').textContent).toContain('Run a restore test');
    expect(card.textContent).not.toMatch(/BACKUP_COPY_DIR|npm run|backup:drill/);
  });

  it('issue 34: a failed restore test is not "All good" either', async () => {
    const failed: Dashboard = { ...DASHBOARD, backups: { ...DASHBOARD.backups, drill: { ...DASHBOARD.backups.drill!, ok: false, summary: 'FAILED: ...' }, warnings: [] } };
    renderDashboard(() => jsonResponse(200, { data: failed }));
    const card = await screen.findByTestId('backups-section');
    await waitFor(() => expect(within(card).getByTestId('backups-status').textContent).toBe('Needs attention'));
    expect(within(card).getByTestId('backups-drill').textContent).toContain('Failed 2 days ago');
  });

  it('shows the error with a way to try again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderDashboard(() => jsonResponse(403, { message: 'This action is unauthorized.' }));
    const alert = await screen.findByTestId('dashboard-error');
    expect(alert.textContent).toContain('This action is unauthorized.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    warn.mockRestore();
  });
});

describe('changeVs and share', () => {
  it('compares figures the way the cards read them', () => {
    expect(changeVs(174000, 22500.1)).toEqual({ direction: 'up', percent: 673 });
    expect(changeVs(95, 100)).toEqual({ direction: 'down', percent: 5 });
    expect(changeVs(104.44, 100)).toEqual({ direction: 'up', percent: 4.4 });
    expect(changeVs(100, 100)).toEqual({ direction: 'same', percent: 0 });
    expect(changeVs(5, 0)).toEqual({ direction: 'new' });
    expect(changeVs(0, 0)).toBeNull();
    expect([share(1, 3), share(1, 300), share(0, 5), share(5, 0)]).toEqual(['33%', '0.3%', '0%', '0%']);
  });
});
