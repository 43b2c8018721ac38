import { Card, Center, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { OUTLETS, OUTLET_LABELS, type Order, type Outlet, type StaffPerformanceRow } from '@studio/shared';
import { IconCash, IconReceipt, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import { OrderDetailModal } from '../../lib/orders/order-detail.modal';
import { sumMoney } from '../../lib/orders/order-labels';
import { OrdersTable } from '../../lib/orders/orders-table';
import { useStaffOrders, useStaffPerformances } from '../../lib/orders/orders-queries';
import { PageHeader } from '../../lib/ui/page-header';
import { StatCard } from '../../lib/ui/stat-card';
import { type DateRange, describeRange } from './date-range';
import { DateRangeFilter, useDateRange } from './date-range-filter';
import { SalesByOutletChart } from './sales-chart';
import { DataTable, type TableColumn, dataTableIds } from '../../crud/data-table';

/** A staff member's figures as the table lists them: one field per column. */
type PerformanceLine = { id: number; staff: StaffPerformanceRow['staff']; role: string; count: number; total: number } & Record<Outlet, { count: number; total: number }>;

const lineOf = (r: StaffPerformanceRow): PerformanceLine => ({ id: r.staff.id, staff: r.staff, role: r.staff.role, count: r.count, total: r.total, ...r.by_outlet });

/** Each staff member's figures of the range; a row opens their invoices. */
const PERFORMANCE_COLUMNS: TableColumn<PerformanceLine>[] = [
  { key: 'staff', label: 'Staff', nowrap: true, render: (r) => r.staff.name },
  { key: 'role', label: 'Role', nowrap: true, render: (r) => <Text span fz="sm" c="dimmed">{r.role}</Text> },
  { key: 'count', label: 'Invoices', align: 'right' },
  { key: 'total', label: 'Total', kind: 'money', render: (r) => <Text span fz="sm" fw={700} data-testid="performance-total">{formatMoney(r.total)}</Text> },
  ...OUTLETS.map(
    (o): TableColumn<PerformanceLine> => ({
      key: o,
      label: OUTLET_LABELS[o],
      kind: 'money',
      render: (r) => (
        <Text component="div" fz="sm" c={r[o].count === 0 ? 'dimmed' : undefined}>
          <div>{formatMoney(r[o].total)}</div>
          <Text fz="xs" c="dimmed">
            {r[o].count} {r[o].count === 1 ? 'invoice' : 'invoices'}
          </Text>
        </Text>
      ),
    }),
  ),
];

/** The "All staff" line under the table. */
function totalsLine(rows: readonly StaffPerformanceRow[]): PerformanceLine {
  const sum = (o: Outlet) => ({ count: rows.reduce((n, r) => n + r.by_outlet[o].count, 0), total: sumMoney(rows.map((r) => r.by_outlet[o].total)) });
  return {
    id: 0,
    staff: { id: 0, name: 'All staff', role: '' },
    role: '',
    count: rows.reduce((n, r) => n + r.count, 0),
    total: sumMoney(rows.map((r) => r.total)),
    store: sum('store'),
    office: sum('office'),
    salon: sum('salon'),
  };
}

/**
 * /invoices/staff-performances (admin): for a date range, each staff member's paid sales (count, total, per
 * outlet) as a table and a chart stacked by outlet. A row opens that staff member's invoices of the range.
 */
export function StaffPerformancesPage({ title }: { title: string }) {
  const { picked, range, pick } = useDateRange();
  const [staffOpen, setStaffOpen] = useState<StaffPerformanceRow['staff'] | null>(null);
  const rows = useStaffPerformances(range[0], range[1]);
  const data = rows.data ?? [];
  const sellers = data.filter((r) => r.count > 0);
  const totalSales = sumMoney(data.map((r) => r.total));
  // the totals are net of partial refunds; what came back is said beside them
  const refunded = sumMoney(data.map((r) => r.refunded));
  const totalCount = data.reduce((n, r) => n + r.count, 0);
  const top = sellers[0];


  return (
    <div data-testid="staff-performances-page">
      <PageHeader title={title} />
      <Stack gap="md">
        <Card withBorder radius="md">
          <DateRangeFilter value={picked} onChange={pick} />
        </Card>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <StatCard label="Sales total" value={rows.isError ? '—' : formatMoney(totalSales)} hint={refunded > 0 ? `${describeRange(range)} · net of ${formatMoney(refunded)} refunded` : describeRange(range)} icon={<IconCash size={22} />} loading={rows.isPending} testId="perf-total" />
          <StatCard label="Paid invoices" value={rows.isError ? '—' : totalCount} hint={rows.isError ? undefined : `${sellers.length} of ${data.length} staff sold`} icon={<IconReceipt size={22} />} loading={rows.isPending} testId="perf-count" />
          <StatCard
            label="Top seller"
            value={top ? top.staff.name : '—'}
            hint={top ? `${formatMoney(top.total)} · ${top.count} ${top.count === 1 ? 'invoice' : 'invoices'}` : rows.isError ? undefined : 'No sales in this range'}
            icon={<IconTrophy size={22} />}
            color="blush"
            loading={rows.isPending}
            testId="perf-top"
          />
        </SimpleGrid>

        <Card withBorder radius="md">
          <Title order={3} size="h5" mb="sm">
            Sales per staff member, by outlet
          </Title>
          {rows.isPending ? <Skeleton height={240} radius="md" /> : <StaffChart rows={sellers} />}
        </Card>

        <Card withBorder radius="md" padding={0}>
          <DataTable
            columns={PERFORMANCE_COLUMNS}
            rows={data.map(lineOf)}
            loading={rows.isPending}
            failed={rows.isError}
            failedText="The figures could not be loaded."
            onRetry={() => void rows.refetch()}
            emptyText="No staff to show."
            onOpen={(r) => setStaffOpen(r.staff)}
            totals={totalsLine(data)}
            ids={dataTableIds('performance', { table: 'performance-table', row: 'performance-row', open: 'performance-open' })}
          />
        </Card>
      </Stack>
      <StaffOrdersDrawer staff={staffOpen} range={range} onClose={() => setStaffOpen(null)} />
    </div>
  );
}

/** Horizontal bars (names read on a phone), one per staff member, stacked by outlet. */
function StaffChart({ rows }: { rows: StaffPerformanceRow[] }) {
  if (rows.length === 0) {
    return (
      <Center h={160}>
        <Text c="dimmed" data-testid="chart-empty">
          No sales in this range.
        </Text>
      </Center>
    );
  }
  const bars = rows.map((r) => ({ label: r.staff.name, store: r.by_outlet.store.total, office: r.by_outlet.office.total, salon: r.by_outlet.salon.total }));
  return <SalesByOutletChart bars={bars} horizontal height={Math.max(200, rows.length * 48 + 70)} testId="performance-chart" />;
}

/** One staff member's invoices of the range (GET /api/orders-staff/{id}/{from}/{to}), read-only with Reprint. */
function StaffOrdersDrawer({ staff, range, onClose }: { staff: StaffPerformanceRow['staff'] | null; range: DateRange; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Order | null>(null);
  const orders = useStaffOrders(staff?.id, staff ? range[0] : null, range[1], page);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <>
      <Drawer
        opened={staff !== null && open === null}
        onClose={close}
        position="right"
        size={phone ? '100%' : 960}
        title={
          <Group gap="xs">
            <Text fw={700}>{staff?.name}</Text>
            <Text c="dimmed" size="sm">
              {describeRange(range)}
            </Text>
          </Group>
        }
        data-testid="staff-orders-drawer"
      >
        <OrdersTable
          page={orders.data}
          loading={orders.isPending || orders.isPlaceholderData}
          failed={orders.isError}
          onRetry={() => void orders.refetch()}
          emptyText="No invoices in this range."
          onOpen={setOpen}
          pageNumber={page}
          onPage={setPage}
          show="outlet"
        />
      </Drawer>
      <OrderDetailModal order={open} onClose={() => setOpen(null)} />
    </>
  );
}
