// the charts' own styles come with them, not with the page's first paint
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { OUTLETS, PAYMENT_METHOD_LABELS, type Dashboard, type Outlet } from '@studio/shared';
import { formatMoney, formatMoneyCompact } from '../../lib/format';
import { OUTLET_SERIES } from '../../lib/ui/outlet-colors';
import { DONUT_SIZE, METHOD_COLORS, dayLabel, methodsByAmount, monthLabel } from './dashboard-figures';

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

/**
 * This month's takings by payment method as a donut with the total inside (its legend of amounts and shares is drawn
 * with the numbers, without waiting for this chunk: PaymentMethods in dashboard-lists.tsx).
 */
export function PaymentMethodsDonut({ methods, total }: { methods: Sales['payment_methods']; total: number }) {
  const data = methodsByAmount(methods)
    .filter((m) => methods[m] > 0)
    .map((m) => ({ name: PAYMENT_METHOD_LABELS[m], value: methods[m], color: METHOD_COLORS[m] }))
    // appointment deposits counted at check-out: the donut's parts add up to its total
    .concat(methods.deposit > 0 ? [{ name: 'Deposits paid before', value: methods.deposit, color: 'gray.5' }] : []);
  return (
    <DonutChart
      data={data.length ? data : [{ name: 'No sales', value: 1, color: 'gray.3' }]}
      withTooltip={data.length > 0}
      tooltipDataSource="segment"
      valueFormatter={formatMoney}
      size={DONUT_SIZE}
      thickness={26}
      paddingAngle={data.length > 1 ? 2 : 0}
      chartLabel={formatMoneyCompact(total)}
    />
  );
}
