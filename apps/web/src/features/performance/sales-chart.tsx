import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { OUTLETS, OUTLET_LABELS, type Outlet } from '@studio/shared';
import { formatMoney, formatMoneyCompact } from '../../lib/format';
import { OUTLET_COLORS, OUTLET_SERIES } from '../../lib/ui/outlet-colors';

export type SalesBar = { label: string } & Partial<Record<Outlet, number>>;

/**
 * Naira bars stacked by outlet (one colour each, legend with the outlet names). `horizontal` lays the bars
 * along the width with their labels on the left: long staff names stay readable on a phone.
 */
export function SalesByOutletChart({ bars, horizontal, height, testId }: { bars: SalesBar[]; horizontal?: boolean; height: number; testId?: string }) {
  const money = { tickFormatter: (v: number) => formatMoneyCompact(v) };
  return (
    <>
      <BarChart
        h={height}
        data={bars}
        dataKey="label"
        type="stacked"
        orientation={horizontal ? 'vertical' : 'horizontal'}
        series={OUTLET_SERIES}
        valueFormatter={formatMoney}
        xAxisProps={horizontal ? money : undefined}
        yAxisProps={horizontal ? { width: 110 } : { ...money, width: 64 }}
        // Mantine's gridAxis 'x' draws horizontal lines and 'y' vertical ones: lines across the value axis either way
        gridAxis={horizontal ? 'y' : 'x'}
        maxBarWidth={horizontal ? 28 : 64}
        data-testid={testId}
      />
      {horizontal && <OutletLegend />}
    </>
  );
}

/** The outlets in their usual order (the chart's own legend lists stacked series bottom-up). */
function OutletLegend() {
  return (
    <Group justify="center" gap="md" mt="xs">
      {OUTLETS.map((o) => (
        <Group key={o} gap={6} wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${OUTLET_COLORS[o].replace('.', '-')})`} size={12} withShadow={false} />
          <Text size="sm">{OUTLET_LABELS[o]}</Text>
        </Group>
      ))}
    </Group>
  );
}
