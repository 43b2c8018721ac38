import '@mantine/dates/styles.css';
import { Button, Card, CloseButton, Group, Progress, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { type ListSummary, type Paged, PER_PAGE_MAX } from '@studio/shared';
import { IconCalendarMonth, IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { hashKey, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type QueryValue, apiRequest } from '../lib/api-client';
import { type CsvColumn, csvFileName, downloadCsv, toCsv } from '../lib/csv';
import { formatMoney } from '../lib/format';
import { notify } from '../lib/notify';
import { StatCard } from '../lib/ui/stat-card';
import { PagedTable, type PagedTableProps, type TableColumn, csvColumnsOf, useVisibleColumns } from './paged-table';
import { useMonthParam } from './use-month-param';
import classes from './month-view.module.css';

/*
 * How the bridal bookings page will use it (the lead wires the page; nothing here knows bookings):
 *
 *   import { bridalBookings, listPath, type BridalBooking } from '@studio/shared';
 *   import { resourceKeys } from '../../crud/create-resource-hooks';
 *
 *   <MonthView<BridalBooking>
 *     queryKey={resourceKeys(bridalBookings.name).lists()}      // ['bridalbookings', 'list']: a create, edit,
 *                                                               // delete or payment invalidates ['bridalbookings']
 *     path={(month) => listPath(bridalBookings, 'getmonth', { month })}  // GET /api/bridalbookings/getmonth/2026-12
 *     query={{ status }}                                        // the filters' values (part of the query key)
 *     filters={<Select label="Status" value={status} onChange={setStatus} data={...} />}
 *     columns={bookingsUi.columns}                              // client_name, event_date (date), price, amount_paid, balance (money)
 *     summary={[
 *       { key: 'count', label: 'Bookings', format: 'count' },
 *       { key: 'price', label: 'Booked', format: 'money' },
 *       { key: 'amount_paid', label: 'Paid', format: 'money' },
 *       { key: 'balance', label: 'Balance due', format: 'money' },
 *     ]}
 *     search={{ scope: 'month', fetchPage: (text, page, perPage, signal, month) =>
 *       apiRequest(listPath(bridalBookings, 'getmonth', { month }), { query: { q: text, page, per_page: perPage }, signal }) }}
 *     onOpen={setOpen}
 *     csv={{ name: 'bookings' }}                                // bookings-2026-12.csv
 *     emptyText={(month) => `No bookings in ${month}.`}
 *   />
 *
 * getmonth has no upper month (a wedding is booked months ahead), so no `maxMonth`; its summary is
 * `{ count, price, amount_paid, balance }` over the whole month (and filters), which the cards show as sent.
 */

/** One page of a month's list: the paging envelope, and the summary of the whole month (not the page). */
export type MonthPage<T, S extends object = ListSummary> = Paged<T> & { summary?: S };

/**
 * Fetches one page of a month. `perPage` undefined asks for the server's own page size (the screen);
 * the CSV export asks for 100 at a time.
 */
export type MonthPageFetcher<T, S extends object = ListSummary> = (month: string, page: number, perPage: number | undefined, signal?: AbortSignal) => Promise<MonthPage<T, S>>;

/** A search's pages. `month` is the picked month, for a search within it (`scope: 'month'`). */
export type SearchPageFetcher<T> = (text: string, page: number, perPage: number | undefined, signal: AbortSignal | undefined, month: string) => Promise<Paged<T>>;

/**
 * A month list path fetched through the API client, paging and `query` in the query string.
 *
 * @example
 * monthPathFetcher((month) => listPath(bridalBookings, 'getmonth', { month }), { status: 'confirmed' })
 * // GET /api/bridalbookings/getmonth/2026-12?status=confirmed&page=1
 */
export function monthPathFetcher<T, S extends object = ListSummary>(path: (month: string) => string, query?: Record<string, QueryValue>): MonthPageFetcher<T, S> {
  return (month, page, perPage, signal) => apiRequest<MonthPage<T, S>>(path(month), { query: { ...query, page, per_page: perPage }, signal });
}

type SummaryFigure<S> =
  /** A figure the server sent: `count`, `total`, `balance`... */
  | { key: keyof S & string; value?: undefined }
  /** A figure worked out from the summary (an average); `key` only names it (test id). */
  | { key: string; value: (summary: S) => number };

/** One stat card over the list: a figure of the server's summary and how it reads. */
export type SummaryCardDef<S> = SummaryFigure<S> & {
  label: string;
  /** `money`: ₦1,234.00; `count`: 12. */
  format: 'money' | 'count';
  /** The small line under the figure; default the month's name ("March 2026"). */
  hint?: ReactNode;
  icon?: ReactNode;
  color?: string;
  /** Default `summary-{key}` (its figure: `summary-{key}-value`). */
  testId?: string;
};

export interface MonthSearchDef<T> {
  fetchPage: SearchPageFetcher<T>;
  /** `every-month` (default): matches of every month, and the month picker rests while they show. `month`: within the picked month. */
  scope?: 'every-month' | 'month';
  /** What else tells one search from another (a mode, an outlet): part of its query key; a change goes back to page 1. */
  key?: readonly unknown[];
  /** The title over the box; default 'Search'. */
  label?: string;
  /** The box's accessible name; default the label. */
  inputLabel?: string;
  placeholder?: string;
  /** Controls before the box (a "search by" switch). */
  controls?: ReactNode;
  /** The line over the matches, e.g. `Customers matching “ada”, in every month.` */
  note?: (text: string) => ReactNode;
  emptyText?: (text: string) => string;
  /** Default `month-search`. */
  testId?: string;
}

export interface MonthCsvDef<T> {
  /** File name stem: `bookings` saves `bookings-2026-12.csv` (a search: `bookings-search-ada.csv`). */
  name: string;
  /** Default the table's columns (money as numbers with 2 decimals, dates as YYYY-MM-DD). */
  columns?: readonly CsvColumn<T>[];
}

type MonthSource<T, S extends object> =
  | {
      /** Fetches one page of a month (see `MonthPageFetcher`). */
      fetchPage: MonthPageFetcher<T, S>;
      path?: never;
      query?: never;
    }
  | {
      /** The month's list path, e.g. `(month) => listPath(bridalBookings, 'getmonth', { month })`, fetched with the API client. */
      path: (month: string) => string;
      /** More query parameters of every call (filters); part of the query key. */
      query?: Record<string, QueryValue>;
      fetchPage?: never;
    };

export type MonthViewProps<T extends { id: number | string }, S extends object = ListSummary> = MonthSource<T, S> & {
  /**
   * Root of every query key of the view: `[...queryKey, 'month', month, {...}, page]` and
   * `[...queryKey, 'search', text, {...}, page]`; invalidating the root (or its first part) refreshes it.
   */
  queryKey: readonly unknown[];
  columns: readonly TableColumn<T>[];
  /** The stat cards over the list, from the month's `summary`. None: no cards. */
  summary?: readonly SummaryCardDef<S>[];
  search?: MonthSearchDef<T>;
  /** More filter controls, beside the month picker. Their values must reach the fetch (`query`, or the caller's `fetchPage`) and `filterKey`. */
  filters?: ReactNode;
  /** The filters' values as the query key holds them; a change goes back to page 1. Defaults to `query`. */
  filterKey?: readonly unknown[];
  onOpen?: (row: T) => void;
  /** "Export CSV" of every row of the month and filters (or of the search), fetched 100 at a time. None: no button. */
  csv?: MonthCsvDef<T>;
  /** Rows a page on screen; default the server's own (not sent). */
  perPage?: number;
  /** The last month the picker offers (`YYYY-MM`), e.g. the studio's current month for sales. Default none. */
  maxMonth?: string;
  /** The address parameter holding the month; default `month`. */
  monthParam?: string;
  /** What an empty month says; gets the month's name ("March 2026"). */
  emptyText?: (monthName: string) => string;
  /** Row key, attributes, width and test ids of the table. */
  table?: Pick<PagedTableProps<T>, 'rowKey' | 'rowProps' | 'minWidth' | 'failedText' | 'testId' | 'rowTestId' | 'openTestId' | 'resource'>;
};

const SEARCH_DEBOUNCE_MS = 350;

/** Rows a page of the CSV export asks for: the API's maximum. */
export const EXPORT_PER_PAGE = PER_PAGE_MAX;

/** A runaway guard: 1,000 pages of 100 is far past any month of the studio. */
const EXPORT_MAX_PAGES = 1000;

/**
 * Every row of a paged list, page after page (one at a time: the server and the device stay responsive),
 * without the duplicates a row added meanwhile would cause when it pushes a row onto the next page.
 *
 * @example
 * const rows = await fetchEveryPage((page, signal) => fetchMonth('2026-12', page, 100, signal), { onProgress: (done, of) => ... });
 */
export async function fetchEveryPage<T>(
  fetchPage: (page: number, signal?: AbortSignal) => Promise<Paged<T>>,
  { signal, onProgress, rowKey = (row: T) => (row as { id: number | string }).id }: { signal?: AbortSignal; onProgress?: (done: number, of: number) => void; rowKey?: (row: T) => string | number } = {},
): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<string | number>();
  let lastPage = 1;
  for (let page = 1; page <= lastPage && page <= EXPORT_MAX_PAGES; page += 1) {
    signal?.throwIfAborted();
    const answer = await fetchPage(page, signal);
    lastPage = Math.max(1, answer.last_page);
    for (const row of answer.data) {
      const key = rowKey(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
    onProgress?.(page, lastPage);
  }
  return rows;
}

/** Keeps a list's rows on screen while its next page loads, never one month's (or search's) rows under another. */
function sameList(previousKey: readonly unknown[] | undefined, listHash: string): boolean {
  return previousKey !== undefined && hashKey(previousKey.slice(0, -1)) === listHash;
}

/** A page number that goes back to 1 whenever its list (month, filters, search) changes. */
function usePageOf(listHash: string): [number, (page: number) => void] {
  const [paging, setPaging] = useState({ list: listHash, page: 1 });
  return [paging.list === listHash ? paging.page : 1, (page: number) => setPaging({ list: listHash, page })];
}

/**
 * One month of a list: a month picker (the month in the address, `?month=YYYY-MM`, default the
 * studio's current month), the server's summary of the month as stat cards, the month's rows a page at a
 * time, an optional search (that lists its own matches instead), extra filter controls, a row click to
 * open a record, and "Export CSV" of every row shown (all pages, 100 at a time, with progress).
 *
 * @example
 * <MonthView<Order, OrderSummary>
 *   queryKey={['orders', 'invoices', 'store']}
 *   fetchPage={(month, page, perPage, signal) => fetchMonthOrders('store', month, page, signal, perPage)}
 *   columns={orderColumns()}
 *   summary={[{ key: 'count', label: 'Paid invoices', format: 'count' }, { key: 'total', label: 'Sales total', format: 'money' }]}
 *   onOpen={setOpen}
 *   csv={{ name: 'invoices-store' }}
 * />
 */
export function MonthView<T extends { id: number | string }, S extends object = ListSummary>(props: MonthViewProps<T, S>) {
  const { queryKey, columns, summary: cards = [], search, filters, onOpen, csv, perPage, maxMonth, monthParam, emptyText, table = {} } = props;
  const [month, setMonth] = useMonthParam(monthParam);
  const monthName = dayjs(`${month}-01`).format('MMMM YYYY');
  const fetchMonth: MonthPageFetcher<T, S> = props.fetchPage ?? monthPathFetcher<T, S>(props.path, props.query);
  const filterKey = props.filterKey ?? (props.query ? [props.query] : []);
  const rowKey = table.rowKey ?? ((row: T) => row.id);

  const monthListKey = [...queryKey, 'month', month, { filters: filterKey, perPage: perPage ?? null }] as const;
  const monthHash = hashKey(monthListKey);
  const [page, setPage] = usePageOf(monthHash);
  const monthList = useQuery({
    queryKey: [...monthListKey, page],
    queryFn: ({ signal }) => fetchMonth(month, page, perPage, signal),
    placeholderData: (previous, previousQuery) => (sameList(previousQuery?.queryKey, monthHash) ? previous : undefined),
  });

  const [searchText, setSearchText] = useState('');
  const [text] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const searching = search !== undefined && text.length > 0;
  const everyMonth = search?.scope !== 'month';
  const searchListKey = [...queryKey, 'search', text, { key: search?.key ?? [], month: everyMonth ? null : month, perPage: perPage ?? null }] as const;
  const searchHash = hashKey(searchListKey);
  const [searchPage, setSearchPage] = usePageOf(searchHash);
  const found = useQuery({
    queryKey: [...searchListKey, searchPage],
    queryFn: ({ signal }) => search!.fetchPage(text, searchPage, perPage, signal, month),
    placeholderData: (previous, previousQuery) => (sameList(previousQuery?.queryKey, searchHash) ? previous : undefined),
    enabled: searching,
  });

  const list = searching ? found : monthList;
  const summary = monthList.data?.summary;
  const summaryLoading = monthList.isPending || (monthList.isPlaceholderData && summary === undefined);

  const visibleColumns = useVisibleColumns(columns);
  const exporter = useCsvExport<T>({
    rowKey,
    fetchPage: searching ? (p, signal) => search.fetchPage(text, p, EXPORT_PER_PAGE, signal, month) : (p, signal) => fetchMonth(month, p, EXPORT_PER_PAGE, signal),
    columns: csv?.columns ?? csvColumnsOf(visibleColumns),
    fileName: csv ? (searching ? csvFileName(csv.name, 'search', text) : csvFileName(csv.name, month)) : '',
  });

  const figure = (card: SummaryCardDef<S>): number => {
    if (!summary) return 0;
    const n = card.value ? card.value(summary) : Number((summary as Record<string, unknown>)[card.key] ?? 0);
    return Number.isFinite(n) ? n : 0;
  };

  return (
    <Stack gap="md" data-testid="month-view">
      {cards.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: cards.length <= 3 ? cards.length : 2, md: Math.min(cards.length, 4) }} spacing="md">
          {cards.map((card) => (
            <StatCard
              key={card.key}
              label={card.label}
              value={card.format === 'money' ? formatMoney(figure(card)) : figure(card).toLocaleString('en-NG')}
              hint={card.hint ?? monthName}
              icon={card.icon}
              color={card.color}
              loading={summaryLoading}
              testId={card.testId ?? `summary-${card.key}`}
            />
          ))}
        </SimpleGrid>
      )}

      <Card withBorder radius="md" padding={0}>
        <Group p="md" gap="sm" wrap="wrap" align="flex-end">
          <MonthPickerInput
            aria-label="Month"
            label="Month"
            value={`${month}-01`}
            onChange={(value) => {
              if (value) setMonth(String(value).slice(0, 7));
            }}
            maxDate={maxMonth ? dayjs(`${maxMonth}-01`).endOf('month').format('YYYY-MM-DD') : undefined}
            valueFormat="MMMM YYYY"
            leftSection={<IconCalendarMonth size={16} />}
            w={{ base: '100%', xs: 200 }}
            disabled={searching && everyMonth}
            data-testid="month-picker"
          />
          {search && (
            <Stack gap={4} className={classes.search}>
              <Text size="sm" fw={500}>
                {search.label ?? 'Search'}
              </Text>
              <Group gap="xs" wrap="wrap">
                {search.controls}
                <TextInput
                  className={classes.searchInput}
                  placeholder={search.placeholder ?? 'Search...'}
                  aria-label={search.inputLabel ?? search.label ?? 'Search'}
                  leftSection={<IconSearch size={16} />}
                  rightSection={searchText ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearchText('')} /> : null}
                  maxLength={100}
                  value={searchText}
                  onChange={(e) => setSearchText(e.currentTarget.value)}
                  data-testid={search.testId ?? 'month-search'}
                />
              </Group>
            </Stack>
          )}
          {filters}
          {csv && (
            <div className={classes.export}>
              {exporter.progress ? (
                <Group gap="xs" wrap="nowrap" data-testid="month-export-progress">
                  <Stack gap={4} className={classes.progress}>
                    <Text size="xs" c="dimmed">
                      {exporter.progress.of > 0 ? `Exporting page ${exporter.progress.done} of ${exporter.progress.of}` : 'Exporting...'}
                    </Text>
                    <Progress value={exporter.progress.of > 0 ? (exporter.progress.done / exporter.progress.of) * 100 : 0} size="sm" animated aria-label="Export progress" />
                  </Stack>
                  <Tooltip label="Stop the export">
                    <CloseButton aria-label="Stop the export" onClick={exporter.cancel} data-testid="month-export-cancel" />
                  </Tooltip>
                </Group>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconFileSpreadsheet size={16} />}
                  onClick={exporter.run}
                  disabled={list.isPending || list.isPlaceholderData || !list.data?.total}
                  data-testid="month-export"
                >
                  Export CSV
                </Button>
              )}
            </div>
          )}
        </Group>
        {searching && search.note && (
          <Text size="sm" c="dimmed" px="md" pb="sm" data-testid="search-note">
            {search.note(text)}
          </Text>
        )}
        <PagedTable
          {...table}
          rowKey={rowKey}
          columns={columns}
          page={list.data}
          pageNumber={searching ? searchPage : page}
          onPage={searching ? setSearchPage : setPage}
          loading={list.isPending || list.isPlaceholderData}
          failed={list.isError}
          emptyText={searching ? (search.emptyText?.(text) ?? `Nothing matches “${text}”.`) : (emptyText?.(monthName) ?? `Nothing in ${monthName}.`)}
          onOpen={onOpen}
        />
      </Card>
    </Stack>
  );
}

/** "Export CSV": fetches every page, then saves the file; `progress` while it runs, `cancel` stops it. */
function useCsvExport<T>({ fetchPage, columns, fileName, rowKey }: { fetchPage: (page: number, signal?: AbortSignal) => Promise<Paged<T>>; columns: readonly CsvColumn<T>[]; fileName: string; rowKey: (row: T) => string | number }) {
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const running = useRef<AbortController | null>(null);
  // leaving the page stops an export under way
  useEffect(() => () => running.current?.abort(), []);

  async function run() {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, of: 0 });
    try {
      const rows = await fetchEveryPage(fetchPage, { signal: controller.signal, rowKey, onProgress: (done, of) => setProgress({ done, of }) });
      // stopped while the last page was on its way: save nothing
      if (controller.signal.aborted) return;
      downloadCsv(fileName, toCsv(rows, columns));
      notify.success(`${rows.length} ${rows.length === 1 ? 'row' : 'rows'} saved to ${fileName}.`, 'Exported');
    } catch {
      // a failed page was reported by the API client; a stopped export needs no word
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }

  /** Stops at once: the button comes back even if a page is still on its way (it is dropped). */
  function cancel() {
    running.current?.abort();
    running.current = null;
    setProgress(null);
  }

  return { progress, run, cancel };
}
