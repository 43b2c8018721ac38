import { screen, waitFor, within } from '@testing-library/react';
import type { Paged } from '@studio/shared';
import { useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, COMPONENT_TEST_TIMEOUT, callsOf, deferred, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../test/helpers';
import { MonthView, fetchEveryPage } from './month-view';
import type { TableColumn } from './paged-table';

/** A booking-like row: what bookings will list through the month view. */
interface Thing {
  id: number;
  client_name: string;
  event_date: string;
  price: number;
  balance: number;
}

const PATH = '/things';
const MONTH_PATH = /^\/api\/things\/getmonth\/(\d{4}-\d{2})$/;

/** December: 205 rows (11 screen pages of 20, 3 export pages of 100), the first three with formula-looking names. */
const DECEMBER: Thing[] = Array.from({ length: 205 }, (_, i) => ({
  id: i + 1,
  client_name: ['=HYPERLINK("http://evil.example","x")', '+2348031234567', '@SUM(A1)'][i] ?? `Client ${i + 1}`,
  event_date: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`,
  price: 150000 + i,
  balance: i % 2 === 0 ? 50000.5 : 0,
}));
const NOVEMBER: Thing[] = [{ id: 900, client_name: 'November Bride', event_date: '2026-11-14', price: 90000, balance: 10000 }];
// the server's own figures (not sums of the rows above): the cards must show what it sends
const SUMMARIES: Record<string, { count: number; price: number; amount_paid: number; balance: number }> = {
  '2026-12': { count: 205, price: 31_255_910, amount_paid: 26_000_000.25, balance: 5_255_909.75 },
  '2026-11': { count: 1, price: 90000, amount_paid: 80000, balance: 10000 },
};

function paged<T>(rows: T[], page: number, perPage: number) {
  return { data: rows.slice((page - 1) * perPage, page * perPage), current_page: page, last_page: Math.max(1, Math.ceil(rows.length / perPage)), per_page: perPage, total: rows.length };
}

/** getmonth/{month}?page=&per_page=&status= (20 a page unless asked) and search/{text}; `hold` keeps a call open. */
function serveThings(hold?: (call: FetchCall) => Promise<void> | undefined) {
  return mockFetch(async (call) => {
    await hold?.(call);
    const page = Number(call.url.searchParams.get('page') ?? 1);
    const perPage = Number(call.url.searchParams.get('per_page') ?? 20);
    const month = call.url.pathname.match(MONTH_PATH);
    if (month) {
      let rows = month[1] === '2026-12' ? DECEMBER : month[1] === '2026-11' ? NOVEMBER : [];
      const status = call.url.searchParams.get('status');
      if (status === 'owing') rows = rows.filter((r) => r.balance > 0);
      const summary = SUMMARIES[month[1]!] ?? { count: 0, price: 0, amount_paid: 0, balance: 0 };
      return jsonResponse(200, { ...paged(rows, page, perPage), summary: status === 'owing' ? { ...summary, count: rows.length } : summary });
    }
    const search = call.url.pathname.match(/^\/api\/things\/search\/(.+)$/);
    if (search) {
      const text = decodeURIComponent(search[1]!).toLowerCase();
      return jsonResponse(200, paged([...DECEMBER, ...NOVEMBER].filter((r) => r.client_name.toLowerCase().includes(text)), page, perPage));
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const COLUMNS: TableColumn<Thing>[] = [
  { key: 'client_name', label: 'Client' },
  { key: 'event_date', label: 'Event date', kind: 'date' },
  { key: 'price', label: 'Price', kind: 'money' },
  { key: 'balance', label: 'Balance', kind: 'money' },
];

function ThingsMonth({ onOpen }: { onOpen?: (row: Thing) => void }) {
  const [owing, setOwing] = useState(false);
  const client = useQueryClient();
  return (
    <>
      <button type="button" onClick={() => client.invalidateQueries({ queryKey: ['things'] })}>
        Refresh things
      </button>
      <MonthView<Thing>
        queryKey={['things', 'list']}
        path={(month) => `/api/things/getmonth/${month}`}
        query={{ status: owing ? 'owing' : undefined }}
        filters={
          <button type="button" onClick={() => setOwing((o) => !o)} data-testid="owing-filter">
            {owing ? 'All' : 'Owing only'}
          </button>
        }
        columns={COLUMNS}
        summary={[
          { key: 'count', label: 'Bookings', format: 'count' },
          { key: 'price', label: 'Booked', format: 'money' },
          { key: 'balance', label: 'Balance due', format: 'money' },
          { key: 'paid-share', label: 'Paid share', format: 'count', value: (s) => Math.round((s.amount_paid / s.price) * 100), hint: 'Per cent of the booked total' },
        ]}
        search={{
          fetchPage: (text, page, perPage, signal) => {
            const query = new URLSearchParams({ page: String(page), ...(perPage ? { per_page: String(perPage) } : {}) });
            return fetch(`http://localhost/api/things/search/${encodeURIComponent(text)}?${query}`, { signal }).then((r) => r.json() as Promise<Paged<Thing>>);
          },
          note: (text) => `Clients matching “${text}”, in every month.`,
        }}
        onOpen={onOpen}
        csv={{ name: 'bookings' }}
        emptyText={(month) => `No bookings in ${month}.`}
      />
    </>
  );
}

function renderMonth(entry = `${PATH}?month=2026-12`, options: { onOpen?: (row: Thing) => void; hold?: (call: FetchCall) => Promise<void> | undefined } = {}) {
  storeUser(makeUser({ is_admin: 1, role: 'Admin' }));
  const fetchMock = serveThings(options.hold);
  const result = renderRoutes([{ path: PATH, element: <ThingsMonth onOpen={options.onOpen} /> }], entry);
  return { ...result, fetchMock };
}

const monthCalls = (mock: ReturnType<typeof mockFetch>) =>
  callsOf(mock)
    .filter((c) => MONTH_PATH.test(c.url.pathname))
    .map((c) => `${c.url.pathname}?${c.url.searchParams}`);
const rows = () => screen.queryAllByTestId('paged-row');
const figure = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;

/** Catches the file the export saves: its name and its text (without the byte-order mark). */
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
    async text(i = 0) {
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await files[i]!.blob.arrayBuffer());
      expect(text.charCodeAt(0)).toBe(0xfeff);
      return text.slice(1);
    },
  };
}

beforeEach(() => resetSession());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('MonthView', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it("lists the month from the path (server's page size), with the server's summary as cards", async () => {
    const { fetchMock } = renderMonth();
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(monthCalls(fetchMock)).toEqual(['/api/things/getmonth/2026-12?page=1']);

    expect(figure('summary-count')).toBe('205');
    expect(figure('summary-price')).toBe('₦31,255,910.00');
    expect(figure('summary-balance')).toBe('₦5,255,909.75');
    // a figure worked out from the summary, with its own hint; the others say the month
    expect(figure('summary-paid-share')).toBe('83');
    expect(within(screen.getByTestId('summary-paid-share')).getByText('Per cent of the booked total')).toBeTruthy();
    expect(within(screen.getByTestId('summary-count')).getByText('December 2026')).toBeTruthy();

    const first = within(rows()[0]!);
    expect(first.getByText('=HYPERLINK("http://evil.example","x")')).toBeTruthy();
    expect(first.getByText('Dec 1, 2026')).toBeTruthy();
    expect(first.getByText('₦150,000.00')).toBeTruthy();
    expect(first.getByText('₦50,000.50')).toBeTruthy();
    expect(screen.getByTestId('paged-range').textContent).toBe('Showing 1–20 of 205');
  });

  it('pages through the month on the server', async () => {
    const { fetchMock } = renderMonth();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await setupUser().click(within(screen.getByTestId('paged-pagination')).getByRole('button', { name: 'Page 11' }));
    await screen.findByText('Client 205');
    expect(rows()).toHaveLength(5);
    expect(monthCalls(fetchMock)).toContain('/api/things/getmonth/2026-12?page=11');
    expect(screen.getByTestId('paged-range').textContent).toBe('Showing 201–205 of 205');
  });

  it('asks again for another month picked, from its first page, and keeps it in the address', async () => {
    const { fetchMock, router } = renderMonth();
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.click(within(screen.getByTestId('paged-pagination')).getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Client 21');

    await user.click(screen.getByTestId('month-picker'));
    await user.click(await screen.findByRole('button', { name: /^Nov/ }));
    await screen.findByText('November Bride');
    expect(rows()).toHaveLength(1);
    expect(monthCalls(fetchMock).at(-1)).toBe('/api/things/getmonth/2026-11?page=1');
    expect(router.state.location.search).toBe('?month=2026-11');
    await waitFor(() => expect(figure('summary-count')).toBe('1'));
    expect(figure('summary-price')).toBe('₦90,000.00');
    expect(within(screen.getByTestId('summary-count')).getByText('November 2026')).toBeTruthy();
  });

  it("opens on the studio's current month when the address names none (or a bad one)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:30:00.000Z')); // already January 1st in Lagos
    const { fetchMock } = renderMonth(`${PATH}?month=2026-13`);
    await screen.findByText('No bookings in January 2027.');
    expect(monthCalls(fetchMock)).toEqual(['/api/things/getmonth/2027-01?page=1']);
    expect(screen.getByTestId('month-export')).toHaveProperty('disabled', true);
  });

  it('sends the filters, goes back to page 1 when they change, and refreshes when its root key is invalidated', async () => {
    const { fetchMock } = renderMonth();
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.click(within(screen.getByTestId('paged-pagination')).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Client 41');

    await user.click(screen.getByTestId('owing-filter'));
    await waitFor(() => expect(figure('summary-count')).toBe('103'));
    expect(monthCalls(fetchMock).at(-1)).toBe('/api/things/getmonth/2026-12?status=owing&page=1');
    expect(screen.getByTestId('paged-range').textContent).toBe('Showing 1–20 of 103');

    const before = monthCalls(fetchMock).length;
    await user.click(screen.getByText('Refresh things'));
    await waitFor(() => expect(monthCalls(fetchMock).length).toBe(before + 1));
    expect(monthCalls(fetchMock).at(-1)).toBe('/api/things/getmonth/2026-12?status=owing&page=1');
  });

  it('opens a record on a row click and from its first cell', async () => {
    const onOpen = vi.fn();
    renderMonth(undefined, { onOpen });
    await waitFor(() => expect(rows()).toHaveLength(20));
    const user = setupUser();
    await user.click(within(rows()[3]!).getByText('₦150,003.00'));
    expect(onOpen).toHaveBeenLastCalledWith(DECEMBER[3]);
    await user.click(within(rows()[4]!).getByTestId('paged-open'));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenLastCalledWith(DECEMBER[4]);
  });

  it('switches to the search list (every month: the picker rests) and back', async () => {
    const { fetchMock } = renderMonth();
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.type(screen.getByTestId('month-search'), 'bride');
    await screen.findByText('November Bride');
    expect(rows()).toHaveLength(1);
    expect(screen.getByTestId('search-note').textContent).toBe('Clients matching “bride”, in every month.');
    expect(screen.getByTestId('month-picker')).toHaveProperty('disabled', true);
    // the cards keep the month's figures
    expect(figure('summary-count')).toBe('205');
    expect(callsOf(fetchMock).filter((c) => c.url.pathname.startsWith('/api/things/search/')).map((c) => c.url.pathname)).toEqual(['/api/things/search/bride']);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.queryByTestId('search-note')).toBeNull();
  });

  it('exports every row of the month, 100 a page with progress, as bookings-2026-12.csv, formulas defused', async () => {
    const held = deferred<void>();
    let holding = true;
    const { fetchMock } = renderMonth(undefined, {
      // hold the export's second page, to see the progress
      hold: (call) => (holding && call.url.searchParams.get('per_page') === '100' && call.url.searchParams.get('page') === '2' ? held.promise : undefined),
    });
    const downloads = catchDownloads();
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));

    await user.click(screen.getByTestId('month-export'));
    const progress = await screen.findByTestId('month-export-progress');
    await waitFor(() => expect(progress.textContent).toContain('Exporting page 1 of 3'));
    expect(screen.queryByTestId('month-export')).toBeNull();
    holding = false;
    held.resolve();
    await waitFor(() => expect(downloads.files).toHaveLength(1));

    expect(monthCalls(fetchMock).filter((c) => c.includes('per_page'))).toEqual([
      '/api/things/getmonth/2026-12?page=1&per_page=100',
      '/api/things/getmonth/2026-12?page=2&per_page=100',
      '/api/things/getmonth/2026-12?page=3&per_page=100',
    ]);
    expect(downloads.files[0]!.name).toBe('bookings-2026-12.csv');
    const text = await downloads.text();
    const [header, ...lines] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header).toEqual(['Client', 'Event date', 'Price', 'Balance']);
    expect(lines).toHaveLength(205);
    expect(lines[0]).toEqual(["'=HYPERLINK(\"http://evil.example\",\"x\")", '2026-12-01', '150000.00', '50000.50']);
    expect(lines[1]).toEqual(["'+2348031234567", '2026-12-02', '150001.00', '0.00']);
    expect(lines[2]![0]).toBe("'@SUM(A1)");
    expect(lines[204]).toEqual(['Client 205', '2026-12-09', '150204.00', '50000.50']);
    await waitFor(() => expect(screen.queryByTestId('month-export-progress')).toBeNull());
    expect(await screen.findByText('205 rows saved to bookings-2026-12.csv.')).toBeTruthy();
  });

  it('exports the filtered month, or the search shown', async () => {
    const { fetchMock } = renderMonth();
    const downloads = catchDownloads();
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.click(screen.getByTestId('owing-filter'));
    await waitFor(() => expect(figure('summary-count')).toBe('103'));
    await waitFor(() => expect(screen.getByTestId('month-export')).toHaveProperty('disabled', false));
    await user.click(screen.getByTestId('month-export'));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(monthCalls(fetchMock).filter((c) => c.includes('per_page'))).toEqual([
      '/api/things/getmonth/2026-12?status=owing&page=1&per_page=100',
      '/api/things/getmonth/2026-12?status=owing&page=2&per_page=100',
    ]);
    expect(Papa.parse(await downloads.text(0), { skipEmptyLines: true }).data).toHaveLength(1 + 103);

    await user.type(screen.getByTestId('month-search'), 'bride');
    await screen.findByText('November Bride');
    await waitFor(() => expect(screen.getByTestId('month-export')).toHaveProperty('disabled', false));
    await user.click(screen.getByTestId('month-export'));
    await waitFor(() => expect(downloads.files).toHaveLength(2));
    expect(downloads.files[1]!.name).toBe('bookings-search-bride.csv');
    expect(Papa.parse<string[]>(await downloads.text(1), { skipEmptyLines: true }).data[1]).toEqual(['November Bride', '2026-11-14', '90000.00', '10000.00']);
  });

  it('stops an export on Stop, and saves nothing', async () => {
    const held = deferred<void>();
    renderMonth(undefined, { hold: (call) => (call.url.searchParams.get('per_page') === '100' ? held.promise : undefined) });
    const downloads = catchDownloads();
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.click(screen.getByTestId('month-export'));
    await user.click(await screen.findByTestId('month-export-cancel'));
    await screen.findByTestId('month-export');
    held.resolve();
    await new Promise((r) => setTimeout(r, 50));
    expect(downloads.files).toHaveLength(0);
  });
});

describe('fetchEveryPage', () => {
  it('reads every page once, skipping a row pushed onto the next page meanwhile, and reports progress', async () => {
    const pages: Record<number, Paged<{ id: number }>> = {
      1: { data: [{ id: 5 }, { id: 4 }], current_page: 1, last_page: 2, per_page: 2, total: 4 },
      // a new row arrived: row 4 moved onto page 2
      2: { data: [{ id: 4 }, { id: 3 }], current_page: 2, last_page: 3, per_page: 2, total: 5 },
      3: { data: [{ id: 2 }], current_page: 3, last_page: 3, per_page: 2, total: 5 },
    };
    const progress: string[] = [];
    const rowsRead = await fetchEveryPage((page) => Promise.resolve(pages[page]!), { onProgress: (done, of) => progress.push(`${done}/${of}`) });
    expect(rowsRead.map((r) => r.id)).toEqual([5, 4, 3, 2]);
    expect(progress).toEqual(['1/2', '2/3', '3/3']);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const fetchPage = vi.fn((page: number) => {
      if (page === 1) controller.abort();
      return Promise.resolve({ data: [{ id: page }], current_page: page, last_page: 3, per_page: 1, total: 3 });
    });
    await expect(fetchEveryPage(fetchPage, { signal: controller.signal })).rejects.toThrow();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
