import { Card, Center, Drawer, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { OUTLETS, OUTLET_LABELS, type Order, type StaffPerformanceRow } from '@studio/shared';
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
import { SkeletonRows } from '../../lib/ui/table-parts';

const nowrap = { whiteSpace: 'nowrap' } as const;
const right = { whiteSpace: 'nowrap', textAlign: 'right' } as const;

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
          <StatCard label="Sales total" value={formatMoney(totalSales)} hint={describeRange(range)} icon={<IconCash size={22} />} loading={rows.isPending} testId="perf-total" />
          <StatCard label="Paid invoices" value={totalCount} hint={`${sellers.length} of ${data.length} staff sold`} icon={<IconReceipt size={22} />} loading={rows.isPending} testId="perf-count" />
          <StatCard
            label="Top seller"
            value={top ? top.staff.name : '—'}
            hint={top ? `${formatMoney(top.total)} · ${top.count} ${top.count === 1 ? 'invoice' : 'invoices'}` : 'No sales in this range'}
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
          <Table.ScrollContainer minWidth={820} type="native">
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" fz="sm" data-testid="performance-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff</Table.Th>
                  <Table.Th style={nowrap}>Role</Table.Th>
                  <Table.Th style={right}>Invoices</Table.Th>
                  <Table.Th style={right}>Total</Table.Th>
                  {OUTLETS.map((o) => (
                    <Table.Th key={o} style={right}>
                      {OUTLET_LABELS[o]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.isPending && <SkeletonRows rows={4} columns={7} />}
                {!rows.isPending && data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text ta="center" c="dimmed" py="lg">
                        {rows.isError ? 'The figures could not be loaded.' : 'No staff to show.'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.map((row) => (
                  <Table.Tr key={row.staff.id} onClick={() => setStaffOpen(row.staff)} style={{ cursor: 'pointer' }} data-testid="performance-row">
                    <Table.Td style={nowrap}>
                      <Text fz="sm" fw={600}>
                        {row.staff.name}
                      </Text>
                    </Table.Td>
                    <Table.Td style={nowrap} c="dimmed">
                      {row.staff.role}
                    </Table.Td>
                    <Table.Td style={right}>{row.count}</Table.Td>
                    <Table.Td style={{ ...right, fontWeight: 700 }} data-testid="performance-total">
                      {formatMoney(row.total)}
                    </Table.Td>
                    {OUTLETS.map((o) => (
                      <Table.Td key={o} style={right} c={row.by_outlet[o].count === 0 ? 'dimmed' : undefined}>
                        <div>{formatMoney(row.by_outlet[o].total)}</div>
                        <Text fz="xs" c="dimmed">
                          {row.by_outlet[o].count} {row.by_outlet[o].count === 1 ? 'invoice' : 'invoices'}
                        </Text>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {data.length > 0 && (
                <Table.Tfoot>
                  <Table.Tr style={{ fontWeight: 700 }}>
                    <Table.Td colSpan={2}>All staff</Table.Td>
                    <Table.Td style={right}>{totalCount}</Table.Td>
                    <Table.Td style={right}>{formatMoney(totalSales)}</Table.Td>
                    {OUTLETS.map((o) => (
                      <Table.Td key={o} style={right}>
                        {formatMoney(sumMoney(data.map((r) => r.by_outlet[o].total)))}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
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
