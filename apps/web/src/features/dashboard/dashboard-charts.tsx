import { BarChart, DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { OUTLETS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type Dashboard, type Outlet, type PaymentMethod } from '@studio/shared';
import { formatMoney, formatMoneyCompact } from '../../lib/format';
import { OUTLET_SERIES } from '../../lib/ui/outlet-colors';
import { dayLabel, monthLabel, share } from './dashboard-figures';

const moneyAxis = { tickFormatter: (v: number) => formatMoneyCompact(v), width: 60 };
// room above the top gridline: without it recharts nudges the top label down onto the next one, which it then hides
const chartMargin = { barChartProps: { margin: { top: 12, right: 4 } } };
// the outlets in their usual order (recharts would sort the legend by key: office, salon, store)
const legendProps = { verticalAlign: 'bottom' as const, itemSorter: (item: { dataKey?: unknown }) => OUTLETS.indexOf(item.dataKey as Outlet) };

type Sales = Dashboard['sales'];

/** Naira per day of the last 30, stacked by outlet. */
export function DailySalesChart({ days, height }: { days: Sales['daily']; height: number }) {
  return (
    <BarChart
      h={height}
      data={days.map((d) => ({ ...d, label: dayLabel(d.date) }))}
      dataKey="label"
      type="stacked"
      series={OUTLET_SERIES}
      valueFormatter={formatMoney}
      yAxisProps={moneyAxis}
      xAxisProps={{ minTickGap: 12 }}
      withLegend
      legendProps={legendProps}
      maxBarWidth={28}
      {...chartMargin}
      data-testid="daily-chart"
    />
  );
}

/** Naira per month of the last 12, stacked by outlet. */
export function MonthlySalesChart({ months, height }: { months: Sales['monthly']; height: number | string }) {
  return (
    <BarChart
      h={height}
      data={months.map((m) => ({ ...m, label: monthLabel(m.month) }))}
      dataKey="label"
      type="stacked"
      series={OUTLET_SERIES}
      valueFormatter={formatMoney}
      yAxisProps={moneyAxis}
      xAxisProps={{ minTickGap: 4 }}
      withLegend
      legendProps={legendProps}
      maxBarWidth={48}
      {...chartMargin}
      data-testid="monthly-chart"
    />
  );
}

const METHOD_COLORS: Record<PaymentMethod, string> = { transfer: 'indigo.5', cash: 'green.6', pos: 'orange.5', card: 'grape.5' };

/** This month's takings by payment method: a donut with the total inside and a legend of amounts and shares. */
export function PaymentMethodsChart({ methods, total }: { methods: Sales['payment_methods']; total: number }) {
  const order = [...PAYMENT_METHODS].sort((a, b) => methods[b] - methods[a]);
  const data = order.filter((m) => methods[m] > 0).map((m) => ({ name: PAYMENT_METHOD_LABELS[m], value: methods[m], color: METHOD_COLORS[m] }));
  return (
    <Group gap="lg" justify="center" align="center" wrap="wrap" data-testid="payment-methods">
      <Box pos="relative">
        <DonutChart
          data={data.length ? data : [{ name: 'No sales', value: 1, color: 'gray.3' }]}
          withTooltip={data.length > 0}
          tooltipDataSource="segment"
          valueFormatter={formatMoney}
          size={168}
          thickness={26}
          paddingAngle={data.length > 1 ? 2 : 0}
          chartLabel={formatMoneyCompact(total)}
        />
      </Box>
      <Stack gap={8} style={{ flex: '1 1 170px', minWidth: 0 }}>
        {order.map((m) => (
          // the whole method name always shows: on a narrow card the amount moves under it instead of cutting it
          <Group key={m} justify="space-between" wrap="wrap" gap="xs" data-testid={`method-${m}`}>
            <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
              <ColorSwatch color={`var(--mantine-color-${METHOD_COLORS[m].replace('.', '-')})`} size={12} withShadow={false} />
              <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="legend-label">
                {PAYMENT_METHOD_LABELS[m]}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" ml="auto">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(methods[m])}
              </Text>
              <Text size="xs" c="dimmed" w={34} ta="right">
                {share(methods[m], total)}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
