import { screen, waitFor, within } from '@testing-library/react';
import type { FinanceEntry, FinancePeriodRow, FinanceSummary } from '@studio/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { periodDays, periodFromParams, periodLabel, switchPeriod } from './finance-period';
import { IncomeExpensesPage } from './income-expenses.page';

const PAGE = '/finances/income-expenses';
const stamp = '2025-03-10T09:00:00.000Z';

const entry = (over: Partial<FinanceEntry>): FinanceEntry => ({
  id: 1,
  type: 'expense',
  category: 'Generator fuel',
  amount: 25000,
  description: 'Diesel, 50 litres',
  date: '2025-03-10',
  outlet: null,
  recorded_by: 1,
  created_at: stamp,
  updated_at: stamp,
  ...over,
});
const MARCH: FinanceEntry[] = [
  entry({ id: 3, type: 'income', category: 'Hall rental', amount: 70000, date: '2025-03-14', description: null, outlet: 'salon' }),
  entry({ id: 2, category: 'Rent', amount: 95000, date: '2025-03-05', description: 'Shop rent, March' }),
  entry({ id: 1 }),
];
/** The entries list's own summary: only what was typed in here. */
const MARCH_LIST_SUMMARY = { count: 3, income: 70000, expense: 120000 };

/** summary-range of March: every source (the figures of the dashboard's fixture). */
const MARCH_SUMMARY: FinanceSummary = {
  from: '2025-03-01',
  to: '2025-03-31',
  income: 450000.3,
  expense: 120000,
  net: 330000.3,
  income_by_source: { manual: 70000, sales: 207500.3, sales_store: 37500.3, sales_office: 150000, sales_salon: 20000, fees: 122500, bookings: 50000 },
  expense_by_category: { Rent: 95000, 'Generator fuel': 25000 },
  transfers_not_received: 75000,
  transfers_not_received_sales: 25000,
  refunds: 12500.2,
  bookings_due: 140000,
};
const YEAR_SUMMARY: FinanceSummary = { ...MARCH_SUMMARY, from: '2024-01-01', to: '2024-12-31', income: 1000, expense: 2500.5, net: -1500.5, expense_by_category: { Salaries: 2500.5 } };

const MONTHS: FinancePeriodRow[] = Array.from({ length: 12 }, (_, i) => {
  const period = new Date(Date.UTC(2024, 3 + i, 1)).toISOString().slice(0, 7);
  return { period, income: 0, expense: 0, net: 0 };
});
MONTHS[10] = { period: '2025-02', income: 300000, expense: 100000.1, net: 199999.9 };
MONTHS[11] = { period: '2025-03', income: 450000.3, expense: 120000, net: 330000.3 };
const YEARS: FinancePeriodRow[] = ['2021', '2022', '2023', '2024', '2025'].map((period) => ({ period, income: 0, expense: 0, net: 0 }));
YEARS[4] = { period: '2025', income: 750000.3, expense: 220000.1, net: 530000.2 };

const CATEGORIES = { income: ['Consultation', 'Hall rental', 'Other income'], expense: ['Rent', 'Salaries', 'Generator fuel', 'Borehole repair'] };

function paged<T>(rows: T[], summary: object) {
  return { data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length, summary };
}

function serveFinances() {
  const writes: FetchCall[] = [];
  const fetchMock = mockFetch((call) => {
    const path = call.url.pathname;
    if (call.method === 'GET') {
      if (path === '/api/finances/getmonth/2025-03') return jsonResponse(200, paged(MARCH, MARCH_LIST_SUMMARY));
      if (path === '/api/finances/range/2025-03-01/2025-03-31') return jsonResponse(200, paged(MARCH, MARCH_LIST_SUMMARY));
      if (path === '/api/finances/range/2024-01-01/2024-12-31') return jsonResponse(200, paged([entry({ id: 9, category: 'Salaries', amount: 2500.5, date: '2024-06-30' })], { count: 1, income: 0, expense: 2500.5 }));
      if (path === '/api/finances/summary-range/2025-03-01/2025-03-31') return jsonResponse(200, { data: MARCH_SUMMARY });
      if (path === '/api/prepaid/liability') return jsonResponse(200, { data: { vouchers: { count: 2, balance: 35000 }, credit: { clients: 1, balance: 5000.5 }, packages: { count: 0, value: 0 }, total: 40000.5 } });
      if (path === '/api/finances/summary-range/2024-01-01/2024-12-31') return jsonResponse(200, { data: YEAR_SUMMARY });
      if (path === '/api/finances/summary-monthly/2024-04/2025-03') return jsonResponse(200, { data: MONTHS });
      if (path === '/api/finances/summary-yearly/2021/2025') return jsonResponse(200, { data: YEARS });
      if (path === '/api/finances/categories') return jsonResponse(200, { data: CATEGORIES });
      if (path === '/api/users') return jsonResponse(200, { data: [makeUser({ id: 1, name: 'Studio Admin' })] });
    }
    if (call.method === 'POST' && path === '/api/finances') {
      writes.push(call);
      return jsonResponse(201, { data: entry({ id: 10, ...(call.body as object) }) });
    }
    if (call.method === 'PUT' && path === '/api/finances/2') {
      writes.push(call);
      return jsonResponse(200, { data: entry({ ...(call.body as object) }) });
    }
    if (call.method === 'DELETE' && path === '/api/finances/2') {
      writes.push(call);
      return jsonResponse(200, { data: { id: 2 } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { fetchMock, writes };
}

function renderPage(at = PAGE) {
  storeUser(makeUser({ id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 }));
  const served = serveFinances();
  const result = renderRoutes([{ path: PAGE, element: <IncomeExpensesPage title="Income & Expenses" /> }], at);
  return { ...served, ...result };
}

const gets = (mock: ReturnType<typeof mockFetch>) =>
  callsOf(mock)
    .filter((c) => c.method === 'GET')
    .map((c) => `${c.url.pathname}${c.url.search}`);
const valueOf = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;
const textOf = (testId: string) => screen.getByTestId(testId).textContent;
const formField = (name: string) => screen.getByTestId('resource-form-body').querySelector<HTMLInputElement>(`[data-field=${name}]`)!;
const optionsOf = (name: string) => {
  const listbox = document.getElementById(formField(name).getAttribute('aria-controls') ?? '');
  return listbox ? within(listbox).queryAllByRole('option', { hidden: true }).map((o) => o.textContent) : [];
};

/** Catches the files saved: their names and texts (without the byte-order mark). */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      blob = b;
      return 'blob:export';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blob! });
  });
  return {
    files,
    text: async (i: number) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await files[i]!.blob.arrayBuffer()).slice(1),
  };
}

beforeEach(() => {
  resetSession();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-15T09:00:00Z'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('IncomeExpensesPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it("shows the studio's month: income, expenses and net from summary-range, income by source, expenses by category, the entries and 12 months", async () => {
    const { fetchMock } = renderPage();
    await waitFor(() => expect(valueOf('finance-income')).toBe('₦450,000.30'));
    expect(textOf('page-title')).toBe('Income & Expenses');
    expect(valueOf('finance-expense')).toBe('₦120,000.00');
    expect(valueOf('finance-net')).toBe('₦330,000.30');
    expect(within(screen.getByTestId('finance-income')).getByText('March 2025')).toBeTruthy();
    // refunds and transfers not received apart, never silently in the income; and what bookings still owe
    expect(valueOf('finance-refunds')).toBe('₦12,500.20');
    expect(within(screen.getByTestId('finance-refunds')).getByText('Taken off the sales: ₦220,000.50 sold')).toBeTruthy();
    expect(valueOf('finance-not-received')).toBe('₦75,000.00');
    expect(within(screen.getByTestId('finance-not-received')).getByText('₦25,000.00 of it is owed on sales; all of it is out of income')).toBeTruthy();
    expect(valueOf('finance-bookings-due')).toBe('₦140,000.00');

    // by source, each with its share of the income; sales per outlet and in all
    expect(textOf('source-manual')).toBe('Other income₦70,000.0016%');
    expect(textOf('source-sales_store')).toBe('Sales: Makeup Store₦37,500.308%');
    expect(textOf('source-sales_office')).toBe('Sales: PMU Office₦150,000.0033%');
    expect(textOf('source-sales_salon')).toBe('Sales: Salon₦20,000.004%');
    expect(textOf('source-fees')).toBe('Trainee fees₦122,500.0027%');
    expect(textOf('source-bookings')).toBe('Bridal bookings₦50,000.0011%');
    expect(textOf('source-sales')).toBe('Sales, all outlets₦207,500.3046%');
    expect(screen.getByTestId('income-sources-chart')).toBeTruthy();
    // expenses by category, largest first
    expect(screen.getAllByTestId('expense-category').map((r) => r.textContent)).toEqual(['Rent₦95,000.0079%', 'Generator fuel₦25,000.0021%']);
    expect(screen.getByTestId('expense-categories-chart')).toBeTruthy();

    // the month's entries with the list's own summary
    await waitFor(() => expect(screen.getAllByTestId('entry-row')).toHaveLength(3));
    const first = screen.getAllByTestId('entry-row')[0]!;
    expect([...first.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Mar 14, 2025', 'Income', 'Hall rental', '—', 'Salon', '₦70,000.00']);
    expect(valueOf('summary-count')).toBe('3');
    expect(valueOf('summary-income')).toBe('₦70,000.00');
    expect(valueOf('summary-expense')).toBe('₦120,000.00');

    // income against expenses, the last 12 months up to this one, newest first in the table
    await waitFor(() => expect(screen.getAllByTestId('period-row')).toHaveLength(12));
    expect([...screen.getAllByTestId('period-row')[0]!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['March 2025', '₦450,000.30', '₦120,000.00', '₦330,000.30']);
    // what is owed in service, apart from income (issue 31, item 7)
    await waitFor(() => expect(screen.getByTestId('owed-total').textContent).toContain('₦40,000.50'));
    expect(screen.getByTestId('owed-vouchers').textContent).toContain('₦35,000.00');
    expect(textOf('periods-total')).toBe('Total₦750,000.30₦220,000.10₦530,000.20');
    expect(screen.getByTestId('periods-chart-monthly')).toBeTruthy();

    expect(gets(fetchMock).sort()).toEqual(
      ['/api/finances/getmonth/2025-03?page=1', '/api/finances/summary-monthly/2024-04/2025-03', '/api/finances/summary-range/2025-03-01/2025-03-31', '/api/prepaid/liability'].sort(),
    );
    expect(screen.getByTestId('month-picker')).toBeTruthy();
  });

  it('the last 5 years as a table with their own CSV', async () => {
    const downloads = catchDownloads();
    const { fetchMock } = renderPage();
    const user = setupUser();
    await user.click(await screen.findByTestId('periods-tab-yearly'));
    await waitFor(() => expect(screen.getAllByTestId('period-row')).toHaveLength(5));
    expect(gets(fetchMock)).toContain('/api/finances/summary-yearly/2021/2025');
    expect(screen.getAllByTestId('period-row')[0]!.textContent).toBe('2025₦750,000.30₦220,000.10₦530,000.20');
    await user.click(screen.getByTestId('periods-export-yearly'));
    expect(downloads.files.map((f) => f.name)).toEqual(['income-expenses-yearly-2021-2025.csv']);
    expect(await downloads.text(0)).toBe('Year,Income,Expenses,Net\r\n2021,0.00,0.00,0.00\r\n2022,0.00,0.00,0.00\r\n2023,0.00,0.00,0.00\r\n2024,0.00,0.00,0.00\r\n2025,750000.30,220000.10,530000.20');
  });

  it('exports the entries of the month as CSV', async () => {
    const downloads = catchDownloads();
    renderPage();
    const user = setupUser();
    await waitFor(() => expect(screen.getAllByTestId('entry-row')).toHaveLength(3));
    await user.click(screen.getByTestId('month-export'));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(downloads.files[0]!.name).toBe('finances-2025-03.csv');
    expect((await downloads.text(0)).split('\r\n')).toEqual([
      'Date,Type,Category,Description,Outlet,Amount',
      '2025-03-14,Income,Hall rental,,Salon,70000.00',
      '2025-03-05,Expense,Rent,"Shop rent, March",,95000.00',
      '2025-03-10,Expense,Generator fuel,"Diesel, 50 litres",,25000.00',
    ]);
  });

  it('adds an entry: today, an expense by default, the categories of the chosen type, a new one allowed', async () => {
    const { writes, fetchMock } = renderPage();
    const user = setupUser();
    await waitFor(() => expect(screen.getAllByTestId('entry-row')).toHaveLength(3));
    await user.click(screen.getByTestId('create-button'));
    await screen.findByTestId('resource-form-body');
    expect(formField('type').value).toBe('Expense');
    expect(screen.getByTestId('resource-form-body').querySelector<HTMLButtonElement>('[data-field=date]')!.textContent).toBe('Mar 15, 2025');

    await user.click(formField('category'));
    await waitFor(() => expect(optionsOf('category')).toEqual(['Rent', 'Salaries', 'Generator fuel', 'Borehole repair']));
    // the income categories once the type is income
    await user.click(formField('type'));
    await user.click(screen.getByRole('option', { name: 'Income', hidden: true }));
    await user.click(formField('category'));
    await waitFor(() => expect(optionsOf('category')).toEqual(['Consultation', 'Hall rental', 'Other income']));
    await user.type(formField('category'), 'Makeup masterclass');
    await user.type(formField('amount'), '45000.5');
    await user.click(formField('outlet'));
    await user.click(screen.getByRole('option', { name: 'Makeup Store', hidden: true }));
    await user.type(screen.getByTestId('resource-form-body').querySelector('textarea')!, 'Saturday class');
    const before = gets(fetchMock).length;
    await user.click(screen.getByTestId('form-submit'));

    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ type: 'income', category: 'Makeup masterclass', amount: 45000.5, date: '2025-03-15', outlet: 'store', description: 'Saturday class', client_ref: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await waitFor(() => expect(screen.queryByTestId('resource-form-body')).toBeNull());
    // the list, its summary and the period's figures are asked again
    await waitFor(() => {
      const again = gets(fetchMock).slice(before);
      expect(again).toEqual(expect.arrayContaining(['/api/finances/getmonth/2025-03?page=1', '/api/finances/summary-range/2025-03-01/2025-03-31']));
    });
  });

  it('an entry opens with edit and delete; the edit is the same form, deleting asks first', async () => {
    const { writes } = renderPage();
    const user = setupUser();
    await waitFor(() => expect(screen.getAllByTestId('entry-row')).toHaveLength(3));
    await user.click(screen.getAllByTestId('entry-row')[1]!);
    const detail = await screen.findByTestId('entry-amount');
    expect(detail.textContent).toBe('₦95,000.00');
    expect(screen.getByTestId('entry-description').textContent).toBe('Shop rent, March');

    await user.click(screen.getByTestId('entry-edit'));
    await screen.findByTestId('resource-form-body');
    expect(formField('category').value).toBe('Rent');
    expect(formField('amount').value).toBe('₦95,000.00');
    await user.clear(formField('amount'));
    await user.type(formField('amount'), '97500');
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ id: 2, type: 'expense', category: 'Rent', amount: 97500, date: '2025-03-05', outlet: null, description: 'Shop rent, March' });
    // back on the entry, with its new amount
    await waitFor(() => expect(screen.getByTestId('entry-amount').textContent).toBe('₦97,500.00'));

    await user.click(screen.getByTestId('entry-delete'));
    expect((await screen.findByTestId('confirm-delete')).textContent).toBe('Delete');
    expect(writes).toHaveLength(1);
    await user.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(writes.map((w) => `${w.method} ${w.url.pathname}`)).toEqual(['PUT /api/finances/2', 'DELETE /api/finances/2']));
    await waitFor(() => expect(screen.queryByTestId('entry-amount')).toBeNull());
  });

  it('Range keeps the days of the month shown, in the address, and lists them from range/{from}/{to}', async () => {
    const { fetchMock, router } = renderPage(`${PAGE}?month=2025-03`);
    await waitFor(() => expect(screen.getAllByTestId('entry-row')).toHaveLength(3));
    const user = setupUser();
    await user.click(within(screen.getByTestId('period-kind')).getByText('Range'));
    await waitFor(() => expect(router.state.location.search).toBe('?period=range&from=2025-03-01&to=2025-03-31'));
    await waitFor(() => expect(gets(fetchMock)).toContain('/api/finances/range/2025-03-01/2025-03-31?page=1'));
    expect(screen.getByTestId('range-picker').textContent).toBe('Mar 1, 2025 – Mar 31, 2025');
    expect(within(screen.getByTestId('finance-income')).getByText('Mar 1 – Mar 31, 2025')).toBeTruthy();
  });

  it('a year from the address: its summary, its entries from range/{from}/{to}, a printable statement', async () => {
    const { fetchMock } = renderPage(`${PAGE}?period=year&year=2024`);
    await waitFor(() => expect(valueOf('finance-net')).toBe('-₦1,500.50'));
    await waitFor(() => expect(screen.getAllByTestId('entry-row')).toHaveLength(1));
    expect(gets(fetchMock)).toEqual(expect.arrayContaining(['/api/finances/summary-range/2024-01-01/2024-12-31', '/api/finances/range/2024-01-01/2024-12-31?page=1']));
    expect(screen.getByTestId('year-picker')).toBeTruthy();
    expect(screen.queryByTestId('month-picker')).toBeNull();

    const user = setupUser();
    await user.click(screen.getByTestId('statement-button'));
    const statement = within(await screen.findByRole('dialog', { name: 'Statement, 2024' }));
    expect(statement.getByTestId('statement-period').textContent).toBe('2024Jan 1, 2024 to Dec 31, 2024');
    expect(statement.getAllByTestId('statement-income-line').map((l) => l.textContent)).toContain('Trainee fees₦122,500.00');
    expect(statement.getAllByTestId('statement-expense-line').map((l) => l.textContent)).toEqual(['Salaries₦2,500.50']);
    expect(statement.getByTestId('statement-income').textContent).toBe('₦1,000.00');
    expect(statement.getByTestId('statement-expense').textContent).toBe('₦2,500.50');
    expect(statement.getByTestId('statement-net').textContent).toBe('-₦1,500.50');
    expect(statement.getByTestId('statement-refunds').textContent).toBe('Refunds paid out (already taken off the sales above; sold ₦220,000.50)₦12,500.20');
    expect(statement.getByTestId('statement-not-received').textContent).toMatch(/₦75,000\.00$/);
    expect(statement.getByTestId('statement-not-received-sales').textContent).toMatch(/₦25,000\.00$/);
    expect(statement.getByTestId('statement-bookings-due').textContent).toMatch(/₦140,000\.00$/);
    // the same statement waits in the print area
    expect(within(screen.getByTestId('print-root')).getByTestId('statement-net').textContent).toBe('-₦1,500.50');
  });
});

describe('the period in the address', () => {
  it('reads a month, a range and a year, and falls back to the month', () => {
    const at = (q: string) => periodFromParams(new URLSearchParams(q), '2025-03');
    expect(at('')).toEqual({ kind: 'month', month: '2025-03' });
    expect(at('month=2024-11')).toEqual({ kind: 'month', month: '2024-11' });
    expect(at('period=range&from=2025-02-10&to=2025-01-05')).toEqual({ kind: 'range', from: '2025-01-05', to: '2025-02-10' });
    expect(at('period=range&from=2025-02-30&to=2025-03-01')).toEqual({ kind: 'month', month: '2025-03' });
    expect(at('period=year&year=2023')).toEqual({ kind: 'year', year: '2023' });
    expect(at('period=year&year=20x3')).toEqual({ kind: 'year', year: '2025' });
    expect(periodDays({ kind: 'month', month: '2024-02' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodLabel({ kind: 'range', from: '2025-01-05', to: '2025-02-10' })).toBe('Jan 5 – Feb 10, 2025');
    expect(periodLabel({ kind: 'range', from: '2024-12-20', to: '2025-01-10' })).toBe('Dec 20, 2024 – Jan 10, 2025');
    expect(switchPeriod({ kind: 'month', month: '2024-02' }, 'range', '2025-03')).toEqual({ kind: 'range', from: '2024-02-01', to: '2024-02-29' });
    expect(switchPeriod({ kind: 'month', month: '2024-02' }, 'year', '2025-03')).toEqual({ kind: 'year', year: '2024' });
    expect(switchPeriod({ kind: 'year', year: '2025' }, 'month', '2025-03')).toEqual({ kind: 'month', month: '2025-03' });
    expect(switchPeriod({ kind: 'year', year: '2023' }, 'month', '2025-03')).toEqual({ kind: 'month', month: '2023-01' });
  });
});
