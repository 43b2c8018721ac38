import { Card, Center, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { OUTLETS, OUTLET_LABELS, type Order, type Outlet } from '@studio/shared';
import { IconBuildingStore, IconCash, IconReceipt, IconScissors, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/auth-store';
import { formatMoney } from '../../lib/format';
import { OrderDetailModal } from '../../lib/orders/order-detail.modal';
import { OrdersTable } from '../../lib/orders/orders-table';
import { useStaffOrders } from '../../lib/orders/orders-queries';
import { PageHeader } from '../../lib/ui/page-header';
import { StatCard } from '../../lib/ui/stat-card';
import { describeRange } from './date-range';
import { DateRangeFilter, useDateRange } from './date-range-filter';
import { SalesByOutletChart } from './sales-chart';

const OUTLET_ICONS: Record<Outlet, typeof IconBuildingStore> = { store: IconBuildingStore, office: IconSparkles, salon: IconScissors };
const invoices = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;

/**
 * /invoices/my-performance: the signed-in staff member's own paid sales for a date range (count, total,
 * per outlet, as cards and a chart) and their invoices of the range, 20 a page
 * (GET /api/orders-staff/{own id}/{from}/{to}; the API refuses anyone else's id to staff).
 */
export function MyPerformancePage({ title }: { title: string }) {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const { picked, range, pick } = useDateRange(() => setPage(1));
  const [open, setOpen] = useState<Order | null>(null);
  const orders = useStaffOrders(user?.id, range[0], range[1], page);
  // the summary covers the whole range on every page (the previous page stands in only for the same range)
  const summary = orders.data?.summary;
  const loading = summary === undefined && !orders.isError;


  return (
    <div data-testid="my-performance-page">
      <PageHeader title={title} />
      <Stack gap="md">
        <Card withBorder radius="md">
          <DateRangeFilter value={picked} onChange={pick} />
        </Card>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <StatCard label="My sales" value={summary ? formatMoney(summary.total) : '—'} hint={describeRange(range)} icon={<IconCash size={22} />} loading={loading} testId="my-total" />
          <StatCard label="Paid invoices" value={summary ? summary.count : '—'} hint={describeRange(range)} icon={<IconReceipt size={22} />} loading={loading} testId="my-count" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {OUTLETS.map((o) => {
            const Icon = OUTLET_ICONS[o];
            const figures = summary?.by_outlet[o];
            return (
              <StatCard
                key={o}
                label={OUTLET_LABELS[o]}
                value={figures ? formatMoney(figures.total) : '—'}
                hint={figures ? invoices(figures.count) : undefined}
                icon={<Icon size={22} />}
                color={o === 'office' ? 'blush' : o === 'salon' ? 'teal' : 'gold'}
                loading={loading}
                testId={`my-outlet-${o}`}
              />
            );
          })}
        </SimpleGrid>

        <Card withBorder radius="md">
          <Title order={3} size="h5" mb="sm">
            My sales by outlet
          </Title>
          {loading ? (
            <Skeleton height={220} radius="md" />
          ) : orders.isError ? (
            <Center h={160}>
              <Text c="dimmed">The figures could not be loaded.</Text>
            </Center>
          ) : summary && summary.count > 0 ? (
            <SalesByOutletChart bars={OUTLETS.map((o) => ({ label: OUTLET_LABELS[o], [o]: summary.by_outlet[o].total }))} height={240} testId="my-chart" />
          ) : (
            <Center h={160}>
              <Text c="dimmed" data-testid="chart-empty">
                No sales in this range.
              </Text>
            </Center>
          )}
        </Card>

        <Card withBorder radius="md" padding={0}>
          <Title order={3} size="h5" p="md" pb={0}>
            My invoices
          </Title>
          <OrdersTable
            page={orders.data}
            loading={orders.isPending || orders.isPlaceholderData}
            failed={orders.isError}
            onRetry={() => void orders.refetch()}
            emptyText={`No invoices ${range[0] === range[1] ? 'on' : 'in'} ${describeRange(range)}.`}
            onOpen={setOpen}
            pageNumber={page}
            onPage={setPage}
            show="outlet"
          />
        </Card>
      </Stack>
      <OrderDetailModal order={open} onClose={() => setOpen(null)} />
    </div>
  );
}
