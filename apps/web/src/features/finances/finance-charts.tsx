import { BarChart, DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { type FinancePeriodRow, type FinanceSummary, OUTLET_LABELS } from '@studio/shared';
import type { ReactNode } from 'react';
import { formatMoney, formatMoneyCompact } from '../../lib/format';
import { OUTLET_COLORS } from '../../lib/ui/outlet-colors';

type SourceKey = Exclude<keyof FinanceSummary['income_by_source'], 'sales'>;

/** Where income comes from, in the order a statement lists it; sales per outlet in the outlets' colours. */
export const INCOME_SOURCES: readonly { key: SourceKey; label: string; color: string }[] = [
  // income typed in on this page (hall rental, consultations): everything else is counted from its own records
  { key: 'manual', label: 'Other income', color: 'indigo.5' },
  { key: 'sales_store', label: `Sales: ${OUTLET_LABELS.store}`, color: OUTLET_COLORS.store },
  { key: 'sales_office', label: `Sales: ${OUTLET_LABELS.office}`, color: OUTLET_COLORS.office },
  { key: 'sales_salon', label: `Sales: ${OUTLET_LABELS.salon}`, color: OUTLET_COLORS.salon },
  { key: 'fees', label: 'Trainee fees', color: 'violet.5' },
  { key: 'bookings', label: 'Bridal bookings', color: 'orange.5' },
];

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
const moneyAxis = { tickFormatter: (v: number) => formatMoneyCompact(v), width: 60 };
const nowrap = { whiteSpace: 'nowrap' } as const;

/** A part of a whole for a legend: `42%`, `0.4%`, `0%`. */
export function shareOf(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const p = (part / whole) * 100;
  return p < 1 ? `${p.toFixed(1)}%` : `${Math.round(p)}%`;
}

function LegendRow({ color, label, amount, share, testId }: { color?: string; label: ReactNode; amount: number; share: string; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId}>
      <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
        {color && <ColorSwatch color={cssColor(color)} size={12} withShadow={false} />}
        <Text size="sm" truncate>
          {label}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} style={nowrap}>
          {formatMoney(amount)}
        </Text>
        <Text size="xs" c="dimmed" w={38} ta="right">
          {share}
        </Text>
      </Group>
    </Group>
  );
}

/** The period's income by source: a donut with the total inside, and every source with its amount and share. */
export function IncomeSourcesChart({ summary }: { summary: FinanceSummary }) {
  const by = summary.income_by_source;
  const data = INCOME_SOURCES.filter((s) => by[s.key] > 0).map((s) => ({ name: s.label, value: by[s.key], color: s.color }));
  return (
    <Group gap="lg" justify="center" align="center" wrap="wrap" data-testid="income-sources">
      <Box data-testid="income-sources-chart">
        <DonutChart
          data={data.length ? data : [{ name: 'No income', value: 1, color: 'gray.3' }]}
          withTooltip={data.length > 0}
          tooltipDataSource="segment"
          valueFormatter={formatMoney}
          size={168}
          thickness={26}
          paddingAngle={data.length > 1 ? 2 : 0}
          chartLabel={formatMoneyCompact(summary.income)}
        />
      </Box>
      <Stack gap={8} style={{ flex: '1 1 240px', minWidth: 0 }}>
        {INCOME_SOURCES.map((s) => (
          <LegendRow key={s.key} color={s.color} label={s.label} amount={by[s.key]} share={shareOf(by[s.key], summary.income)} testId={`source-${s.key}`} />
        ))}
        <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} pt={6}>
          <LegendRow label={<b>Sales, all outlets</b>} amount={by.sales} share={shareOf(by.sales, summary.income)} testId="source-sales" />
        </Box>
      </Stack>
    </Group>
  );
}

/** The period's expenses by category, largest first: horizontal bars, then each category's amount and share. */
export function ExpenseCategoriesChart({ summary }: { summary: FinanceSummary }) {
  const rows = Object.entries(summary.expense_by_category)
    .sort(([, a], [, b]) => b - a)
    .map(([category, amount]) => ({ category, amount }));
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md" ta="center" data-testid="expense-categories-empty">
        No expenses in this period.
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="expense-categories">
      <Box data-testid="expense-categories-chart">
        <BarChart
          h={Math.max(120, rows.length * 34 + 40)}
          data={rows}
          dataKey="category"
          orientation="vertical"
          series={[{ name: 'amount', label: 'Spent', color: 'red.5' }]}
          valueFormatter={formatMoney}
          xAxisProps={{ tickFormatter: (v: number) => formatMoneyCompact(v) }}
          yAxisProps={{ width: 110 }}
          gridAxis="y"
          maxBarWidth={22}
          barChartProps={{ margin: { right: 16 } }}
        />
      </Box>
      <Stack gap={6}>
        {rows.map((r) => (
          <LegendRow key={r.category} label={r.category} amount={r.amount} share={shareOf(r.amount, summary.expense)} testId="expense-category" />
        ))}
      </Stack>
    </Stack>
  );
}

/** Income against expense per period (month or year), side by side. */
export function IncomeExpenseChart({ rows, label, height }: { rows: readonly FinancePeriodRow[]; label: (period: string) => string; height: number }) {
  return (
    <BarChart
      h={height}
      data={rows.map((r) => ({ ...r, label: label(r.period) }))}
      dataKey="label"
      series={[
        { name: 'income', label: 'Income', color: 'teal.6' },
        { name: 'expense', label: 'Expenses', color: 'red.5' },
      ]}
      valueFormatter={formatMoney}
      yAxisProps={moneyAxis}
      xAxisProps={{ minTickGap: 4 }}
      withLegend
      // income before expenses (recharts would sort the legend by key)
      legendProps={{ verticalAlign: 'bottom', itemSorter: (item: { dataKey?: unknown }) => (item.dataKey === 'income' ? 0 : 1) }}
      maxBarWidth={28}
      barChartProps={{ margin: { top: 12, right: 4 } }}
    />
  );
}
