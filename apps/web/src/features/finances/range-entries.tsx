import { Card, Group, Stack } from '@mantine/core';
import { type FinanceEntry, type ListSummary, finances, listPath } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceKeys } from '../../crud/create-resource-hooks';
import { EXPORT_PER_PAGE, ExportCsvButton, useCsvExport } from '../../crud/csv-export';
import { type MonthPage, monthPathFetcher } from '../../crud/month-view';
import { PagedTable, csvColumnsOf } from '../../crud/paged-table';
import { type SummaryCardDef, SummaryCards } from '../../crud/summary-cards';
import { csvFileName } from '../../lib/csv';
import { financeColumns } from './finances.ui';

/**
 * The entries between two days (a range or a year) from `range/{from}/{to}`: what the month view does for a month,
 * without a month picker (the period picker above sets the days): the list's summary as cards, pages, a row that
 * opens, and Export CSV of every page.
 */
export function RangeEntries({ from, to, label, cards, onOpen }: { from: string; to: string; label: string; cards: readonly SummaryCardDef<ListSummary>[]; onOpen: (entry: FinanceEntry) => void }) {
  const fetchPage = monthPathFetcher<FinanceEntry>(() => listPath(finances, 'range', { from, to }));
  const key = [...resourceKeys(finances.name).lists(), 'range', from, to] as const;
  const [paging, setPaging] = useState({ key: `${from}/${to}`, page: 1 });
  const page = paging.key === `${from}/${to}` ? paging.page : 1;
  const list = useQuery<MonthPage<FinanceEntry>>({
    queryKey: [...key, page],
    queryFn: ({ signal }) => fetchPage('', page, undefined, signal),
    // the next page of the same days keeps the rows on screen; other days never show this one's
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === from && previousQuery.queryKey[4] === to ? previous : undefined),
  });
  const exporter = useCsvExport<FinanceEntry>({
    fetchPage: (p, signal) => fetchPage('', p, EXPORT_PER_PAGE, signal),
    columns: csvColumnsOf(financeColumns),
    fileName: csvFileName('finances', from, to),
  });
  return (
    <Stack gap="md" data-testid="range-entries">
      <SummaryCards cards={cards} summary={list.data?.summary} loading={list.isPending} hint={label} />
      <Card withBorder radius="md" padding={0}>
        <Group p="md" justify="flex-end">
          <ExportCsvButton exporter={exporter} disabled={list.isPending || list.isPlaceholderData || !list.data?.total} testId="month-export" />
        </Group>
        <PagedTable
          columns={financeColumns}
          page={list.data}
          pageNumber={page}
          onPage={(p) => setPaging({ key: `${from}/${to}`, page: p })}
          loading={list.isPending || list.isPlaceholderData}
          failed={list.isError}
          emptyText={`No entries in ${label}.`}
          onOpen={onOpen}
          testId="entries"
          rowTestId="entry-row"
        />
      </Card>
    </Stack>
  );
}
