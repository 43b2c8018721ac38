import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { Paged, ResourceDefinition } from '@studio/shared';
import type { CSSProperties, ReactNode } from 'react';
import { isAdmin, useCurrentUser } from '../lib/auth-store';
import type { CsvColumn, CsvKind, CsvValue } from '../lib/csv';
import { formatDate, formatMoney } from '../lib/format';
import { PagingFooter, SkeletonRows } from '../lib/ui/table-parts';
import { ReferenceCell } from './reference-cell';
import { referencedResource } from './reference-options';
import type { ColumnDef } from './resource-ui';
import classes from './paged-table.module.css';

/**
 * A column of a server-paged table, declared as the generic list declares its columns (key, label,
 * kind money/date/text, render), plus its alignment and what it writes in a CSV export.
 */
export interface TableColumn<T> extends ColumnDef<T> {
  /** Money is right-aligned unless told otherwise. */
  align?: 'left' | 'right';
}

/** Attributes a caller puts on a row: a style (a void invoice is faded) and `data-*` for tests and CSS. */
export type RowProps = { style?: CSSProperties } & { [data: `data-${string}`]: string | number | undefined };

export interface PagedTableProps<T> {
  columns: readonly TableColumn<T>[];
  /** The current page (the paging envelope), or undefined while the first one loads. */
  page: Paged<T> | undefined;
  /** The page asked for (it may still be loading while the previous one shows). */
  pageNumber: number;
  onPage: (page: number) => void;
  loading: boolean;
  failed?: boolean;
  emptyText: string;
  failedText?: string;
  /** A click on a row opens it; its first cell is also a button, for the keyboard. */
  onOpen?: (row: T) => void;
  /** Default the row's `id`. */
  rowKey?: (row: T) => string | number;
  rowProps?: (row: T) => RowProps;
  /** Below this width the table scrolls sideways (a phone). */
  minWidth?: number;
  /** Test ids: `{testId}-table`, `-empty`, `-range`, `-pagination`; rows `rowTestId`, the open button `openTestId`. */
  testId?: string;
  rowTestId?: string;
  openTestId?: string;
  /** The rows' resource, for `reference` columns (the declaration names what each id refers to). */
  resource?: ResourceDefinition;
}

const defaultKey = (row: unknown) => (row as { id: number | string }).id;

/** Staff never see `adminOnly` columns (cost prices, profit), on screen or in a file. */
export function useVisibleColumns<T>(columns: readonly TableColumn<T>[]): readonly TableColumn<T>[] {
  const admin = isAdmin(useCurrentUser());
  return admin ? columns : columns.filter((c) => !c.adminOnly);
}

/**
 * A server-paged table of declared columns: skeleton rows while the first page loads, the empty or
 * failed line, rows kept on screen while the next page loads, and "Showing 21–40 of 134" with the pages.
 */
export function PagedTable<T>({
  columns: declared,
  page,
  pageNumber,
  onPage,
  loading,
  failed,
  emptyText,
  failedText = 'The list could not be loaded.',
  onOpen,
  rowKey = defaultKey,
  rowProps,
  minWidth = 640,
  testId = 'paged',
  rowTestId = `${testId}-row`,
  openTestId = `${testId}-open`,
  resource,
}: PagedTableProps<T>) {
  const columns = useVisibleColumns(declared).filter((c) => c.only !== 'csv');
  const rows = page?.data ?? [];
  const lastPage = Math.max(1, page?.last_page ?? 1);

  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" fz="sm" data-testid={`${testId}-table`}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((col) => (
                <Table.Th key={col.key} className={cellClass(col)}>
                  {col.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && rows.length === 0 && <SkeletonRows columns={columns.length} />}
            {!loading && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="lg" data-testid={`${testId}-empty`}>
                    {failed ? failedText : emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => {
              const { style, ...data } = rowProps?.(row) ?? {};
              return (
                <Table.Tr
                  key={rowKey(row)}
                  onClick={onOpen && (() => onOpen(row))}
                  style={onOpen ? { cursor: 'pointer', ...style } : style}
                  data-testid={rowTestId}
                  {...data}
                >
                  {columns.map((col, i) => (
                    <Table.Td key={col.key} className={cellClass(col)}>
                      {i === 0 && onOpen ? (
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          fz="sm"
                          onClick={(e) => {
                            e.stopPropagation();
                            onOpen(row);
                          }}
                          data-testid={openTestId}
                        >
                          {renderCell(col, row, resource)}
                        </Anchor>
                      ) : (
                        renderCell(col, row, resource)
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagingFooter page={pageNumber} lastPage={lastPage} perPage={page?.per_page ?? 20} total={page?.total ?? 0} more={page?.total_more ?? false} onPage={onPage} testId={testId} />
    </>
  );
}

function cellClass<T>(col: TableColumn<T>): string | undefined {
  const right = (col.align ?? (col.kind === 'money' ? 'right' : 'left')) === 'right';
  const nowrap = col.nowrap || col.kind === 'money' || col.kind === 'date';
  return [right && classes.right, nowrap && classes.nowrap].filter(Boolean).join(' ') || undefined;
}

/**
 * A cell by its column: its own render, else the field by kind (money ₦1,234.00, a date Mar 9, 2026, Yes/No,
 * a reference by the referenced record's name: that needs the row's resource, whose declaration names it).
 */
export function renderCell<T>(column: ColumnDef<T>, row: T, resource?: ResourceDefinition): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  switch (column.kind) {
    case 'reference':
      if (!resource) throw new Error(`Column ${column.key} is a reference: the table needs its resource`);
      return <ReferenceCell referenced={referencedResource(resource, column.key)} id={value} labelField={column.labelField} />;
    case 'money':
      return formatMoney(value as number | null);
    case 'date':
      return formatDate(value as string | null);
    case 'boolean':
      return (
        <Badge variant="light" color={value ? 'teal' : 'gray'}>
          {value ? 'Yes' : 'No'}
        </Badge>
      );
    default:
      return value === null || value === undefined || value === '' ? <Text span c="dimmed" fz="inherit">—</Text> : String(value);
  }
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
