import { Alert, Anchor, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { OUTLET_LABELS, OUTLETS, type Dashboard, type Outlet } from '@studio/shared';
import { IconArrowDownRight, IconArrowUpRight, IconBuildingStore, IconChevronRight, IconScissors, IconSparkles } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, memo, Suspense, type ReactNode, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { usePainted } from '../../lib/after-load';
import { useCurrentUser } from '../../lib/auth-store';
import { formatMoney } from '../../lib/format';
import { studioDate } from '../../lib/studio-time';
import { NearViewport } from '../../lib/ui/near-viewport';
import { PageHeader } from '../../lib/ui/page-header';
import { StatCard } from '../../lib/ui/stat-card';
import { BackupsBadge, BackupsSummary } from './dashboard-backups';
import { type Change, DONUT_SIZE, changeVs, dayRange, greeting, monthName, share, topOutlet } from './dashboard-figures';
import { PaymentMethods, StockAlertsList, TopProductsList, TopStaffList } from './dashboard-lists';
import { DASHBOARD_LINKS, FinanceCards, HostelBeds, MonthClients, TodayAppointments, TraineesSummary, UpcomingBookings } from './dashboard-studio';
import classes from './dashboard.module.css';
import { useDashboard } from './dashboard.queries';

// The charts (recharts, the page's heaviest code to load and to draw) load after the numbers, in their own chunk, when
// their place comes near the screen, each in a box of its final height so that nothing moves when they arrive
// (issue 20 item 5: Lighthouse mobile, blocking time and layout shift).
const charts = () => import('./dashboard-charts');
const DailySalesChart = lazy(() => charts().then((m) => ({ default: m.DailySalesChart })));
const MonthlySalesChart = lazy(() => charts().then((m) => ({ default: m.MonthlySalesChart })));
const PaymentMethodsDonut = lazy(() => charts().then((m) => ({ default: m.PaymentMethodsDonut })));
// the newest invoices' table too (Mantine's Table, its scroll area and floating-ui), in a chunk of its own
const RecentInvoices = lazy(() => import('./dashboard-invoices').then((m) => ({ default: m.RecentInvoices })));

const OUTLET_ICONS: Record<Outlet, typeof IconBuildingStore> = { store: IconBuildingStore, office: IconSparkles, salon: IconScissors };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `▲ 12%` in teal, `▼ 8%` in red, then what it is compared with. */
function ChangeLine({ change, against }: { change: Change; against: ReactNode }) {
  if (!change) return <>No sales {against} either</>;
  if (change.direction === 'new') return <>Nothing {against} to compare</>;
  const up = change.direction === 'up';
  const Arrow = up ? IconArrowUpRight : IconArrowDownRight;
  return (
    <>
      {change.direction === 'same' ? (
        <Text span inherit fw={700}>
          Level
        </Text>
      ) : (
        <Text span inherit fw={700} c={up ? 'teal' : 'red'} data-testid="change">
          <Arrow size={12} style={{ verticalAlign: -1 }} />
          {change.percent}%
        </Text>
      )}{' '}
      vs {against}
    </>
  );
}

function Section({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" h="100%" data-testid={testId}>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/**
 * Four cards across from 1200 px; the figures need a quarter card's whole width there (₦10,000,000.00), so no icons.
 * Each opens what is behind it: the invoices of the outlet that sold most (today, this month), the products of the
 * outlet with the most stock alerts.
 */
function StatCards({ d }: { d: Dashboard | undefined }) {
  const loading = !d;
  const s = d?.sales;
  const alerts = d ? d.stock.finished + d.stock.low : 0;
  const todayOutlet = topOutlet((o) => s?.today.by_outlet[o].total ?? 0);
  const monthOutlet = topOutlet((o) => s?.month.by_outlet[o].total ?? 0);
  const monthInvoices = `/invoices/product-invoices/${monthOutlet}${s ? `?month=${s.month.month}` : ''}`;
  const stockOutlet = topOutlet((o) => (d ? d.stock.by_outlet[o].finished + d.stock.by_outlet[o].low : 0));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Today's sales"
        value={formatMoney(s?.today.total ?? 0)}
        // like for like: today so far against yesterday up to the same time of day, not the whole of yesterday
        hint={s && <ChangeLine change={changeVs(s.today.total, s.yesterday_by_now.total)} against={<>yesterday by this time ({formatMoney(s.yesterday_by_now.total)})</>} />}
        loading={loading}
        loadingHint
        to={`/invoices/product-invoices/${todayOutlet}`}
        testId="stat-today"
      />
      <StatCard
        label={s ? `${monthName(s.month.month)} to date` : 'Month to date'}
        value={formatMoney(s?.month.total ?? 0)}
        hint={s && <ChangeLine change={changeVs(s.month.total, s.last_month.same_period.total)} against={<>{dayRange(s.last_month.same_period.from, s.last_month.same_period.to)} ({formatMoney(s.last_month.same_period.total)})</>} />}
        loading={loading}
        loadingHint
        to={monthInvoices}
        testId="stat-month"
      />
      <StatCard
        label="Gross profit this month"
        value={formatMoney(s?.month.gross_profit ?? 0)}
        hint={s && (s.month.total > 0 ? `${share(s.month.gross_profit, s.month.total)} of sales, after cost of goods` : 'No sales yet this month')}
        loading={loading}
        loadingHint
        to={monthInvoices}
        testId="stat-profit"
      />
      <StatCard
        label="Low-stock alerts"
        value={
          <Text span inherit c={d?.stock.finished ? 'red' : alerts ? 'orange' : undefined}>
            {plural(alerts, 'product')}
          </Text>
        }
        hint={d && `${d.stock.finished} out of stock · ${d.stock.low} running low`}
        loading={loading}
        loadingHint
        to={`/products/manage/${stockOutlet}`}
        testId="stat-stock"
      />
    </SimpleGrid>
  );
}

/** The three tills, each with its outlet's figures of today and this month. */
function OutletLinks({ d }: { d: Dashboard | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {OUTLETS.map((outlet) => {
        const Icon = OUTLET_ICONS[outlet];
        const today = d?.sales.today.by_outlet[outlet];
        const month = d?.sales.month.by_outlet[outlet];
        return (
          <Card key={outlet} withBorder radius="md" padding="sm" component={Link} to={`/dashboard/point-of-sales/${outlet}`} data-testid={`till-${outlet}`}>
            <Group wrap="nowrap" gap="sm">
              <ThemeIcon size={42} radius="md" variant="light" color={outlet === 'office' ? 'blush' : outlet === 'salon' ? 'teal' : 'gold'}>
                <Icon size={22} />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {OUTLET_LABELS[outlet]}
                </Text>
                {today && month ? (
                  <Text size="xs" c="dimmed" data-testid={`till-${outlet}-figures`}>
                    Today {formatMoney(today.total)} · {plural(today.count, 'sale')}
                    <br />
                    This month {formatMoney(month.total)}
                  </Text>
                ) : (
                  <Skeleton height={28} mt={4} width="80%" />
                )}
              </div>
              <Group gap={2} wrap="nowrap" c="gold">
                <Text size="xs" fw={600} visibleFrom="md">
                  Open till
                </Text>
                <IconChevronRight size={16} />
              </Group>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * /dashboard/main (admin): today's and this month's sales against yesterday and last month, gross profit,
 * stock alerts, this month's income, expenses and net across every source, 30 days and 12 months of sales by
 * outlet, payment methods, best sellers, best staff, trainees in session and what they owe, hostel beds taken,
 * the next 14 days' bookings, the newest invoices, the three tills and the backups (warned about under the figures
 * when one needs the owner: issue 19, item 4). Every figure comes from one call,
 * GET /api/dashboard; every card and line opens the page behind it.
 */
export function DashboardPage({ title }: { title: string }) {
  const user = useCurrentUser();
  // read at the first render (not in an effect): a phone's page is drawn once, at its own chart heights
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  // asked once the page is on screen: the request does not hold up its first paint (the greeting)
  const query = useDashboard(usePainted());
  // The figures are drawn in a background render that gives way to the browser every few milliseconds, not in one
  // long task when the answer comes (issue 20, item 5: most of a phone's blocking time was that task). Until it is
  // done the page shows what it showed, unchanged: DashboardFigures is memoised, its props the same.
  const figures = useDeferredValue(query.data);
  return (
    <div data-testid="dashboard">
      <PageHeader title={title} />
      <DashboardFigures
        d={figures}
        phone={phone}
        name={user?.name ?? 'there'}
        error={query.isError ? query.error.message : null}
        retrying={query.isError && query.isFetching}
        refetch={query.refetch}
      />
    </div>
  );
}

interface FiguresProps {
  d: Dashboard | undefined;
  phone: boolean;
  /** Who is greeted. */
  name: string;
  /** Why the figures could not be loaded, with a way to try again. */
  error: string | null;
  retrying: boolean;
  refetch: () => unknown;
}

const DashboardFigures = memo(function DashboardFigures({ d, phone, name, error, retrying, refetch }: FiguresProps) {
  const s = d?.sales;
  const chartHeight = phone ? 220 : 280;
  /**
   * A section's content under its title: a placeholder of its height until the figures have come and its place is
   * near the screen. The numbers at the top are drawn with the figures; on a phone the sections below the fold are
   * drawn as they are scrolled to, not in the same long task.
   */
  const later = (render: (dashboard: Dashboard) => ReactNode, height: number) => {
    const placeholder = <Skeleton height={height} radius="md" />;
    return <NearViewport placeholder={placeholder}>{d ? <Suspense fallback={placeholder}>{render(d)}</Suspense> : placeholder}</NearViewport>;
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" p={phone ? 'md' : 'lg'} className={classes.greeting}>
        <Title order={3} c="var(--greeting-title)" data-testid="greeting">
          {greeting(new Date().getHours())}, {name}
        </Title>
        <Text mt={4} c="var(--greeting-text)" size="sm">
          {/* the same sentence before the figures come (the studio's date is known here), so its lines do not change */}
          {dayjs(d?.date ?? studioDate()).format('dddd, D MMMM YYYY')} · {d ? plural(d.sales.today.count, 'sale') : '… sales'} so far today across the three outlets.
        </Text>
      </Card>

      {error !== null && (
        <Alert color="red" variant="light" title="The figures could not be loaded" data-testid="dashboard-error">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{error}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => refetch()} loading={retrying}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}

      <StatCards d={d} />
      <FinanceCards d={d} />
      <OutletLinks d={d} />

      {/* under the figures, whose places are kept while they load: a warning arriving with them moves nothing on screen */}
      {d && d.backups.warnings.length > 0 && (
        <Alert color="orange" variant="light" title="Backups need attention" data-testid="backups-alert">
          <Text size="sm">
            {d.backups.warnings[0]}
            {d.backups.warnings.length > 1 && ` (and ${d.backups.warnings.length - 1} more: see Backups below)`}
          </Text>
        </Alert>
      )}

      {/* the sections under the numbers: on a phone they start more than a screen down, and are drawn when scrolled near */}
      <NearViewport placeholder={<Skeleton height="100dvh" radius="md" />}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Section title="Sales, last 30 days" testId="daily-section">
              {later((x) => <DailySalesChart days={x.sales.daily} height={chartHeight} />, chartHeight)}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Section title={s ? `Payment methods, ${monthName(s.month.month)}` : 'Payment methods'} testId="payments-section">
              {s ? (
                <PaymentMethods
                  methods={s.payment_methods}
                  total={s.month.total}
                  donut={
                    <NearViewport placeholder={<Skeleton circle height={DONUT_SIZE} />}>
                      <Suspense fallback={<Skeleton circle height={DONUT_SIZE} />}>
                        <PaymentMethodsDonut methods={s.payment_methods} total={s.month.total} />
                      </Suspense>
                    </NearViewport>
                  }
                />
              ) : (
                <Skeleton height={200} radius="md" />
              )}
            </Section>
          </Grid.Col>
  
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Section title="Sales, last 12 months" testId="monthly-section">
              {/* on a wide screen the chart grows to the height of the stock alerts beside it */}
              <div style={{ flex: 1, minHeight: chartHeight }}>{later((x) => <MonthlySalesChart months={x.sales.monthly} height={phone ? chartHeight : '100%'} />, chartHeight)}</div>
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Section title="Stock alerts">{later((x) => <StockAlertsList stock={x.stock} />, 220)}</Section>
          </Grid.Col>
  
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Section title="Top sellers this month">{later((x) => <TopProductsList items={x.sales.top_products} />, 220)}</Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Section
              title="Top staff this month"
              action={
                <Anchor component={Link} to="/invoices/staff-performances" size="xs">
                  Performances
                </Anchor>
              }
            >
              {later((x) => <TopStaffList staff={x.sales.top_staff} />, 220)}
            </Section>
          </Grid.Col>
  
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <Section
              title="Trainees"
              action={
                <Anchor component={Link} to={DASHBOARD_LINKS.owing} size="xs">
                  Owing
                </Anchor>
              }
              testId="trainees-section"
            >
              {later((x) => <TraineesSummary students={x.students} />, 200)}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <Section title="Hostel" testId="hostel-section">
              {later((x) => <HostelBeds hostel={x.hostel} />, 200)}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Section
              title="Bookings, next 14 days"
              action={
                d && (d.bookings.balance_due > 0 || d.bookings.month_balance_due > 0) ? (
                  <Text size="xs" c="dimmed" ta="right">
                    <span data-testid="bookings-balance-due">{formatMoney(d.bookings.balance_due)} due</span>
                    <br />
                    <span data-testid="bookings-month-due">{formatMoney(d.bookings.month_balance_due)} due this month</span>
                  </Text>
                ) : undefined
              }
              testId="bookings-section"
            >
              {later((x) => <UpcomingBookings bookings={x.bookings} />, 200)}
            </Section>
          </Grid.Col>
  
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Section title="Appointments today" testId="appointments-section">
              {later((x) => <TodayAppointments appointments={x.appointments} />, 200)}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Section title={d ? `Clients, ${monthName(d.clients.month)}` : 'Clients'} testId="clients-section">
              {later((x) => <MonthClients clients={x.clients} />, 120)}
            </Section>
          </Grid.Col>
  
          <Grid.Col span={12}>
            <Section title="Recent invoices">{later((x) => <RecentInvoices orders={x.sales.recent_orders} compact={phone} />, 200)}</Section>
          </Grid.Col>
  
          <Grid.Col span={12}>
            <Section title="Backups" action={d && <BackupsBadge b={d.backups} />} testId="backups-section">
              {later((x) => <BackupsSummary b={x.backups} />, 80)}
            </Section>
          </Grid.Col>
        </Grid>
      </NearViewport>
    </Stack>
  );
});
