import type { Paged, ResourceDefinition } from '@studio/shared';
import { isAdmin, useCurrentUser } from '../lib/auth-store';
import type { CsvColumn, CsvKind, CsvValue } from '../lib/csv';
import { PagingFooter } from '../lib/ui/table-parts';
import { DataTable, type RowProps, type TableColumn, dataTableIds } from './data-table';
import type { ColumnDef } from './resource-ui';

// the table's declarations live with the one renderer; still importable from here
export type { RowProps, TableColumn } from './data-table';
export { renderCell } from './cells';

export interface PagedTableProps<T> {
  columns: readonly TableColumn<T>[];
  /** The current page (the paging envelope), or undefined while the first one loads. */
  page: Paged<T> | undefined;
  /** The page asked for (it may still be loading while the previous one shows). */
  pageNumber: number;
  onPage: (page: number) => void;
  loading: boolean;
  failed?: boolean;
  /** Loads the page again after a failure (the Retry button). */
  onRetry?: () => void;
  emptyText: string;
  failedText?: string;
  /** A click on a row opens it; its first cell is also a button, for the keyboard. */
  onOpen?: (row: T) => void;
  /** Default the row's `id`. */
  rowKey?: (row: T) => string | number;
  rowProps?: (row: T) => RowProps;
  /** Test ids: `{testId}-table`, `-cards`, `-empty`, `-retry`, `-range`, `-pagination`; rows `rowTestId`, the open button `openTestId`. */
  testId?: string;
  rowTestId?: string;
  openTestId?: string;
  /** The rows' resource, for `reference` columns (the declaration names what each id refers to). */
  resource?: ResourceDefinition;
}

const NO_ROWS: readonly never[] = [];

/** Staff never see `adminOnly` columns (cost prices, profit), on screen or in a file. */
export function useVisibleColumns<T>(columns: readonly TableColumn<T>[]): readonly TableColumn<T>[] {
  const admin = isAdmin(useCurrentUser());
  return admin ? columns : columns.filter((c) => !c.adminOnly);
}

/**
 * A server-paged list of declared columns: the one table (`DataTable`: columns by priority, cards on a phone,
 * Retry after a failure), rows kept on screen while the next page loads, and "Showing 21–40 of 134" with the pages.
 */
export function PagedTable<T>({
  columns: declared,
  page,
  pageNumber,
  onPage,
  loading,
  failed,
  onRetry,
  emptyText,
  failedText = 'The list could not be loaded.',
  onOpen,
  rowKey,
  rowProps,
  testId = 'paged',
  rowTestId = `${testId}-row`,
  openTestId = `${testId}-open`,
  resource,
}: PagedTableProps<T>) {
  const columns = useVisibleColumns(declared).filter((c) => c.only !== 'csv');
  const lastPage = Math.max(1, page?.last_page ?? 1);
  return (
    <>
      <DataTable
        columns={columns}
        rows={page?.data ?? NO_ROWS}
        loading={loading}
        failed={failed}
        failedText={failedText}
        onRetry={onRetry}
        emptyText={emptyText}
        onOpen={onOpen}
        rowKey={rowKey}
        rowProps={rowProps}
        resource={resource}
        ids={dataTableIds(testId, { row: rowTestId, open: openTestId })}
      />
      <PagingFooter page={pageNumber} lastPage={lastPage} perPage={page?.per_page ?? 20} total={page?.total ?? 0} more={page?.total_more ?? false} onPage={onPage} testId={testId} />
    </>
  );
}

const CSV_KIND: Partial<Record<NonNullable<ColumnDef<unknown>['kind']>, CsvKind>> = { money: 'money', date: 'date' };

/**
 * The CSV columns of a table: same labels and order, each column's `csv` value or its field, money as
 * a plain number and dates as `YYYY-MM-DD`; columns with `csv: false` stay out. A reference column writes the
 * referenced record's name from `references` (see `fetchReferenceLabels`), else the id.
 */
export function csvColumnsOf<T>(columns: readonly TableColumn<T>[], references: Readonly<Record<string, (id: unknown) => string | undefined>> = {}): CsvColumn<T>[] {
  return columns.flatMap((col): CsvColumn<T>[] => {
    if (col.csv === false) return [];
    const field = (row: T) => (row as Record<string, unknown>)[col.key];
    const nameOf = col.kind === 'reference' ? references[col.key] : undefined;
    const value =
      col.csv ??
      (col.kind === 'boolean'
        ? (row: T) => (field(row) ? 'Yes' : 'No')
        : nameOf
          ? (row: T) => nameOf(field(row)) ?? null
          : (row: T) => toCsvValue(field(row)));
    return [{ label: col.label, kind: CSV_KIND[col.kind ?? 'text'] ?? 'text', value }];
  });
}

function toCsvValue(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  // an object field (a staff member { id, name }) needs the column's own `csv`; never write [object Object]
  return typeof value === 'object' && 'name' in value ? String((value as { name: unknown }).name) : JSON.stringify(value);
}
