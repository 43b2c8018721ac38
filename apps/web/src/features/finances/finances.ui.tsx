import { Badge, Text } from '@mantine/core';
import { FINANCE_TYPES, type FinanceEntry, type FinanceType, OUTLETS, OUTLET_LABELS, finances } from '@studio/shared';
import type { TableColumn } from '../../crud/paged-table';
import { defineResourceUi } from '../../crud/resource-ui';
import { formatMoney } from '../../lib/format';
import { fetchCategories, financeKeys } from './finances.queries';

export const FINANCE_TYPE_LABELS: Record<FinanceType, string> = { income: 'Income', expense: 'Expense' };
export const FINANCE_TYPE_COLORS: Record<FinanceType, string> = { income: 'teal', expense: 'red' };

/** An entry's form: the category is free text, with the categories of the chosen type (starting list and those in use) offered. */
export const financesUi = defineResourceUi({
  resource: finances,
  singular: 'Entry',
  titleField: 'category',
  columns: [],
  fields: [
    { name: 'type', label: 'Type', kind: 'select', required: true, defaultValue: 'expense', options: FINANCE_TYPES.map((t) => ({ value: t, label: FINANCE_TYPE_LABELS[t] })) },
    {
      name: 'category',
      label: 'Category',
      kind: 'autocomplete',
      required: true,
      placeholder: 'Rent, Salaries, or a new one',
      suggestions: { queryKey: financeKeys.categories, load: fetchCategories, by: 'type' },
    },
    { name: 'amount', label: 'Amount', kind: 'money', required: true },
    { name: 'date', label: 'Date', kind: 'date', required: true },
    {
      name: 'outlet',
      label: 'Outlet',
      kind: 'select',
      placeholder: 'The whole studio',
      description: 'Only when it belongs to one outlet.',
      options: OUTLETS.map((o) => ({ value: o, label: OUTLET_LABELS[o] })),
    },
    { name: 'description', label: 'Description', kind: 'textarea', placeholder: 'Diesel, 50 litres' },
  ],
});

export function FinanceTypeBadge({ type }: { type: FinanceType }) {
  return (
    <Badge variant="light" color={FINANCE_TYPE_COLORS[type]} data-testid="entry-type">
      {FINANCE_TYPE_LABELS[type]}
    </Badge>
  );
}

/** The entries' table and CSV: date, type, category, description, outlet, amount (an expense in red). */
export const financeColumns: readonly TableColumn<FinanceEntry>[] = [
  { key: 'date', label: 'Date', kind: 'date', nowrap: true },
  { key: 'type', label: 'Type', render: (e) => <FinanceTypeBadge type={e.type} />, csv: (e) => FINANCE_TYPE_LABELS[e.type] },
  { key: 'category', label: 'Category' },
  { key: 'description', label: 'Description', render: (e) => e.description ?? '—', csv: (e) => e.description },
  { key: 'outlet', label: 'Outlet', nowrap: true, render: (e) => (e.outlet ? OUTLET_LABELS[e.outlet] : '—'), csv: (e) => (e.outlet ? OUTLET_LABELS[e.outlet] : null) },
  {
    key: 'amount',
    label: 'Amount',
    kind: 'money',
    nowrap: true,
    render: (e) => (
      <Text span inherit fw={600} c={e.type === 'expense' ? 'red' : 'teal'}>
        {formatMoney(e.amount)}
      </Text>
    ),
  },
];
