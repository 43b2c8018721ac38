import { Badge, Text } from '@mantine/core';
import { formatPhone, type ResourceDefinition } from '@studio/shared';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../lib/format';
import { ReferenceCell } from './reference-cell';
import { referencedResource } from './reference-options';
import type { ColumnDef } from './resource-ui';

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
    case 'phone':
      // one spelling everywhere: 0803 123 4567 (issue 34, item 7)
      return value ? formatPhone(String(value)) : <Text span c="dimmed" fz="inherit">—</Text>;
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

/** What a cell holds, for the table's layout and for the checks that money and status stay in view. */
export type CellRole = 'money' | 'status' | 'other';

/** Money by its kind; the status by `status: true` or a column keyed `status`. */
export function cellRole<T>(column: ColumnDef<T>): CellRole {
  if (column.kind === 'money') return 'money';
  if (column.status ?? column.key === 'status') return 'status';
  return 'other';
}

/**
 * How much a column matters when the table is short of room (see `ColumnDef.priority`): its own, else 1 for the
 * first column (it names the row), money and the status; 2 for dates; 3 for the rest.
 */
export function priorityOf<T>(column: ColumnDef<T>, index: number): number {
  if (column.priority !== undefined) return column.priority;
  if (index === 0 || cellRole(column) !== 'other') return 1;
  return column.kind === 'date' ? 2 : 3;
}

/**
 * The keys of the columns a table may hide, the first to go first: the highest priority number, and among equals
 * the rightmost. Columns of priority 1 are never hidden.
 *
 * @example
 * hideOrder([{ key: 'name' }, { key: 'phone' }, { key: 'start', kind: 'date' }, { key: 'fee', kind: 'money' }])
 * // ['phone', 'start']
 */
export function hideOrder<T>(columns: readonly ColumnDef<T>[]): string[] {
  return columns
    .map((column, index) => ({ key: column.key, priority: priorityOf(column, index), index }))
    .filter((c) => c.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map((c) => c.key);
}
