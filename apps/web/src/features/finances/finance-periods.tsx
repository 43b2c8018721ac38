import { Box, Button, Group, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import type { FinancePeriodRow } from '@studio/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type CsvColumn, csvFileName, downloadCsv, toCsv } from '../../lib/csv';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { studioMonth } from '../../lib/studio-time';
import { IncomeExpenseChart } from './finance-charts';
import { lastMonths, lastYears } from './finance-period';
import { useFinancePeriods } from './finances.queries';

export const TREND_MONTHS = 12;
export const TREND_YEARS = 5;

type Unit = 'monthly' | 'yearly';

const UNITS: Record<Unit, { tab: string; heading: string; chartLabel: (p: string) => string; tableLabel: (p: string) => string }> = {
  monthly: { tab: `Last ${TREND_MONTHS} months`, heading: 'Month', chartLabel: (m) => dayjs(`${m}-01`).format("MMM 'YY"), tableLabel: (m) => dayjs(`${m}-01`).format('MMMM YYYY') },
  yearly: { tab: `Last ${TREND_YEARS} years`, heading: 'Year', chartLabel: (y) => y, tableLabel: (y) => y },
};

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Sums in kobo, so a column of 0.10s adds up to what the API summed. */
function total(rows: readonly FinancePeriodRow[], key: 'income' | 'expense' | 'net'): number {
  return rows.reduce((k, r) => k + Math.round(r[key] * 100), 0) / 100;
}

/** The period table's CSV: the period as the API names it (2026-03, 2026), money as plain numbers. */
export function periodCsvColumns(unit: Unit): CsvColumn<FinancePeriodRow>[] {
  return [
    { label: UNITS[unit].heading, value: (r) => r.period },
    { label: 'Income', kind: 'money', value: (r) => r.income },
    { label: 'Expenses', kind: 'money', value: (r) => r.expense },
    { label: 'Net', kind: 'money', value: (r) => r.net },
  ];
}

function PeriodTable({ unit, rows }: { unit: Unit; rows: readonly FinancePeriodRow[] }) {
  const u = UNITS[unit];
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table verticalSpacing={6} fz="sm" striped highlightOnHover data-testid={`periods-table-${unit}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{u.heading}</Table.Th>
            <Table.Th style={right}>Income</Table.Th>
            <Table.Th style={right}>Expenses</Table.Th>
            <Table.Th style={right}>Net</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {/* newest first: the month or year one looks for is at the top */}
          {[...rows].reverse().map((r) => (
            <Table.Tr key={r.period} data-testid="period-row">
              <Table.Td>{u.tableLabel(r.period)}</Table.Td>
              <Table.Td style={right}>{formatMoney(r.income)}</Table.Td>
              <Table.Td style={right}>{formatMoney(r.expense)}</Table.Td>
              <Table.Td style={right}>
                <Text span inherit fw={600} c={r.net < 0 ? 'red' : undefined}>
                  {formatMoney(r.net)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="periods-total">
            <Table.Th>Total</Table.Th>
            <Table.Th style={right}>{formatMoney(total(rows, 'income'))}</Table.Th>
            <Table.Th style={right}>{formatMoney(total(rows, 'expense'))}</Table.Th>
            <Table.Th style={right}>{formatMoney(total(rows, 'net'))}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function PeriodPanel({ unit, from, to, height }: { unit: Unit; from: string; to: string; height: number }) {
  const periods = useFinancePeriods(unit, from, to);
  const rows = periods.data ?? [];
  const exportCsv = () => {
    const name = csvFileName('income-expenses', unit, from, to);
    downloadCsv(name, toCsv(rows, periodCsvColumns(unit)));
    notify.success(`${rows.length} ${rows.length === 1 ? 'row' : 'rows'} saved to ${name}.`, 'Exported');
  };
  if (periods.isError) {
    return (
      <Text size="sm" c="red" py="md" ta="center">
        The figures could not be loaded.
      </Text>
    );
  }
  if (!periods.data) return <Skeleton height={height} radius="md" />;
  return (
    <Stack gap="md">
      <Box data-testid={`periods-chart-${unit}`}>
        <IncomeExpenseChart rows={rows} label={UNITS[unit].chartLabel} height={height} />
      </Box>
      <Group justify="flex-end">
        <Button variant="default" size="xs" leftSection={<IconFileSpreadsheet size={16} />} onClick={exportCsv} data-testid={`periods-export-${unit}`}>
          Export CSV
        </Button>
      </Group>
      <PeriodTable unit={unit} rows={rows} />
    </Stack>
  );
}

/**
 * Income against expenses over the last 12 months (summary-monthly) and the last 5 years (summary-yearly), each a
 * bar chart over a table of the figures with its own CSV. Always up to the studio's current month or year.
 */
export function FinancePeriods({ height }: { height: number }) {
  const [unit, setUnit] = useState<Unit>('monthly');
  const month = studioMonth();
  const months = lastMonths(month, TREND_MONTHS);
  const years = lastYears(month.slice(0, 4), TREND_YEARS);
  return (
    // only the open tab is drawn: a chart in a hidden panel has no size to draw in
    <Tabs value={unit} onChange={(v) => v && setUnit(v as Unit)} keepMounted={false} variant="pills" radius="xl" data-testid="finance-periods">
      <Tabs.List mb="md">
        {(Object.keys(UNITS) as Unit[]).map((u) => (
          <Tabs.Tab key={u} value={u} data-testid={`periods-tab-${u}`}>
            {UNITS[u].tab}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="monthly">
        <PeriodPanel unit="monthly" from={months.from} to={months.to} height={height} />
      </Tabs.Panel>
      <Tabs.Panel value="yearly">
        <PeriodPanel unit="yearly" from={years.from} to={years.to} height={height} />
      </Tabs.Panel>
    </Tabs>
  );
}
