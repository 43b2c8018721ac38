import '@mantine/dates/styles.css';
import { Card, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import type { ListSummary, Paged } from '@studio/shared';
import { IconCalendarMonth, IconSearch } from '@tabler/icons-react';
import { hashKey, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { type QueryValue, apiRequest } from '../lib/api-client';
import { type CsvColumn, csvFileName } from '../lib/csv';
import { EXPORT_PER_PAGE, ExportCsvButton, useCsvExport } from './csv-export';
import { PagedTable, type PagedTableProps, type TableColumn, csvColumnsOf, useVisibleColumns } from './paged-table';
import { type SummaryCardDef, SummaryCards } from './summary-cards';
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

// moved beside the generic list's cards; still importable from here
export type { SummaryCardDef } from './summary-cards';
// the export is shared with the generic list page; still importable from here
export { EXPORT_PER_PAGE, fetchEveryPage } from './csv-export';

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
  /** `false`: no month picker of its own, the page's picker sets the same address parameter (a period picker over charts and list). */
  monthPicker?: boolean;
  /** What an empty month says; gets the month's name ("March 2026"). */
  emptyText?: (monthName: string) => string;
  /** Row key, attributes, width and test ids of the table. */
  table?: Pick<PagedTableProps<T>, 'rowKey' | 'rowProps' | 'failedText' | 'testId' | 'rowTestId' | 'openTestId' | 'resource'>;
};

const SEARCH_DEBOUNCE_MS = 350;

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
  const { queryKey, columns, summary: cards = [], search, filters, onOpen, csv, perPage, maxMonth, monthParam, monthPicker = true, emptyText, table = {} } = props;
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

  return (
    <Stack gap="md" data-testid="month-view">
      <SummaryCards cards={cards} summary={summary} loading={summaryLoading} hint={monthName} />

      <Card withBorder radius="md" padding={0}>
        <Group p="md" gap="sm" wrap="wrap" align="flex-end">
          {monthPicker && (
            <MonthPickerInput
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
          )}
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
              <ExportCsvButton exporter={exporter} disabled={list.isPending || list.isPlaceholderData || !list.data?.total} testId="month-export" />
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
          onRetry={() => void list.refetch()}
          emptyText={searching ? (search.emptyText?.(text) ?? `Nothing matches “${text}”.`) : (emptyText?.(monthName) ?? `Nothing in ${monthName}.`)}
          onOpen={onOpen}
        />
      </Card>
    </Stack>
  );
}
