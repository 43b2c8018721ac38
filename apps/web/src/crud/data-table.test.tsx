import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, renderWithProviders, setupUser } from '../test/helpers';
import { hideOrder, priorityOf } from './cells';
import { DataTable, type TableColumn, dataTableIds } from './data-table';

interface Trainee {
  id: number;
  name: string;
  phone: string;
  program: string;
  start_date: string;
  fee: number;
  balance: number;
  status: string;
  note: string;
}

const COLUMNS: TableColumn<Trainee>[] = [
  { key: 'name', label: 'Name' },
  { key: 'phone', label: 'Phone' },
  { key: 'program', label: 'Program' },
  { key: 'start_date', label: 'Starts', kind: 'date' },
  { key: 'fee', label: 'Fee', kind: 'money' },
  { key: 'balance', label: 'Balance', kind: 'money' },
  { key: 'status', label: 'Status' },
  { key: 'note', label: 'Note', priority: 5 },
];

const ROWS: Trainee[] = [
  { id: 1, name: 'Ngozi Okafor', phone: '0803 555 0101', program: 'Pro makeup', start_date: '2026-03-02', fee: 350000, balance: 250000, status: 'active', note: 'Pays monthly' },
  { id: 2, name: 'Funke Bello', phone: '0803 555 0202', program: 'Microblading', start_date: '2026-03-09', fee: 250000, balance: 0, status: 'completed', note: '' },
];

describe('column priority', () => {
  it('defaults: the first column, money and the status are never hidden, dates before other text', () => {
    expect(COLUMNS.map((c, i) => priorityOf(c, i))).toEqual([1, 3, 3, 2, 1, 1, 1, 5]);
    // the highest number first, among equals the rightmost
    expect(hideOrder(COLUMNS)).toEqual(['note', 'program', 'phone', 'start_date']);
  });

  it('a declared priority wins, and `status: true` marks a status column by another key', () => {
    const cols: TableColumn<Record<string, unknown>>[] = [
      { key: 'name', label: 'Name', priority: 2 },
      { key: 'state', label: 'State', status: true },
      { key: 'total', label: 'Total', kind: 'money', priority: 4 },
    ];
    expect(hideOrder(cols)).toEqual(['total', 'name']);
  });
});

/**
 * jsdom lays nothing out: the table is as wide as 100 px per header cell, its card `CARD` px. The renderer only
 * sees scrollWidth and clientWidth, as in a browser.
 */
let CARD = 1000;
function fakeLayout() {
  const isScroller = (el: HTMLElement) => el.firstElementChild?.tagName === 'TABLE';
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isScroller(this) ? this.querySelectorAll('th').length * 100 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isScroller(this) ? CARD : 0;
  });
}

const headers = () => within(screen.getByTestId('t-table')).getAllByRole('columnheader').map((th) => th.textContent);

describe('DataTable', () => {
  beforeEach(() => fakeLayout());
  afterEach(() => vi.restoreAllMocks());

  it(
    'shows every column when they fit; short of room it hides by priority, never money or the status',
    () => {
      CARD = 1000;
      const { unmount } = renderWithProviders(<DataTable columns={COLUMNS} rows={ROWS} loading={false} emptyText="None" ids={dataTableIds('t')} />);
      expect(headers()).toEqual(['Name', 'Phone', 'Program', 'Starts', 'Fee', 'Balance', 'Status', 'Note']);
      unmount();

      CARD = 500;
      const second = renderWithProviders(<DataTable columns={COLUMNS} rows={ROWS} loading={false} emptyText="None" ids={dataTableIds('t')} />);
      // 8 columns of 100 px in 500: note, program and phone go (in that order); the dates stay
      expect(headers()).toEqual(['Name', 'Starts', 'Fee', 'Balance', 'Status']);
      const cells = within(screen.getAllByTestId('t-row')[0]!).getAllByRole('cell');
      expect(cells.map((c) => c.getAttribute('data-kind'))).toEqual([null, null, 'money', 'money', 'status']);
      second.unmount();

      // too narrow even for what matters: the columns of priority 1 stay (the card then scrolls)
      CARD = 200;
      renderWithProviders(<DataTable columns={COLUMNS} rows={ROWS} loading={false} emptyText="None" ids={dataTableIds('t')} />);
      expect(headers()).toEqual(['Name', 'Fee', 'Balance', 'Status']);
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'counts the row buttons: an Actions column takes room too',
    () => {
      CARD = 600;
      renderWithProviders(<DataTable columns={COLUMNS} rows={ROWS} loading={false} emptyText="None" actions={() => <button type="button">Edit</button>} ids={dataTableIds('t')} />);
      // 8 columns in 600 would lose two (note, program); with the Actions column the phone goes too
      expect(headers()).toEqual(['Name', 'Starts', 'Fee', 'Balance', 'Status', 'Actions']);
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'a failed load says so with Retry, not an empty list',
    async () => {
      const onRetry = vi.fn();
      renderWithProviders(<DataTable columns={COLUMNS} rows={[]} loading={false} failed failedText="The students could not be loaded." onRetry={onRetry} emptyText="No students yet." ids={dataTableIds('t')} />);
      expect(screen.getByTestId('t-empty').textContent).toBe('The students could not be loaded.');
      expect(screen.queryByText('No students yet.')).toBeNull();
      await setupUser().click(screen.getByTestId('t-retry'));
      expect(onRetry).toHaveBeenCalledTimes(1);
    },
    COMPONENT_TEST_TIMEOUT,
  );
});

describe('DataTable on a phone', () => {
  beforeEach(() => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width: 36em'), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList,
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it(
    'shows a card per row: the first column as its title, the status beside it, every other column with its label (money too)',
    async () => {
      const onOpen = vi.fn();
      renderWithProviders(<DataTable columns={COLUMNS} rows={ROWS} loading={false} emptyText="None" onOpen={onOpen} actions={(r) => <button type="button">Pay {r.name}</button>} ids={dataTableIds('t')} />);
      await waitFor(() => expect(screen.queryByTestId('t-cards')).not.toBeNull());
      expect(screen.queryByTestId('t-table')).toBeNull();
      const [card] = screen.getAllByTestId('t-row');
      const c = within(card!);
      expect(c.getByTestId('t-open').textContent).toBe('Ngozi Okafor');
      expect(card!.querySelector('[data-kind=status]')?.textContent).toBe('active');
      // every column but the title and status is a labelled field, the low-priority ones too
      expect([...card!.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Phone', 'Program', 'Starts', 'Fee', 'Balance', 'Note']);
      expect([...card!.querySelectorAll('[data-kind=money] dd')].map((d) => d.textContent)).toEqual(['₦350,000.00', '₦250,000.00']);

      const user = setupUser();
      // the row's buttons do not open it; the card does
      await user.click(c.getByRole('button', { name: 'Pay Ngozi Okafor' }));
      expect(onOpen).not.toHaveBeenCalled();
      await user.click(c.getByText('Pro makeup'));
      expect(onOpen).toHaveBeenCalledWith(ROWS[0]);
    },
    COMPONENT_TEST_TIMEOUT,
  );
});
