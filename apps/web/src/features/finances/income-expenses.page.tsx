import '@mantine/charts/styles.css';
import { Alert, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { type FinanceEntry, type FinanceSummary, type ListSummary, finances, listPath } from '@studio/shared';
import { IconPlus, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { resourceKeys } from '../../crud/create-resource-hooks';
import { MonthView } from '../../crud/month-view';
import { ResourceForm } from '../../crud/resource-form';
import type { SummaryCardDef } from '../../crud/summary-cards';
import { SummaryCards } from '../../crud/summary-cards';
import { api, apiRequest } from '../../lib/api-client';
import { StatCard } from '../../lib/ui/stat-card';
import { formatMoney } from '../../lib/format';
import { PageHeader } from '../../lib/ui/page-header';
import { studioDate } from '../../lib/studio-time';
import { ExpenseCategoriesChart, IncomeSourcesChart } from './finance-charts';
import { FinanceEntryModal } from './finance-entry.modal';
import { periodDays, periodLabel, usePeriodParam } from './finance-period';
import { FinancePeriodPicker } from './finance-period-picker';
import { FinancePeriods } from './finance-periods';
import { FinanceStatementModal } from './finance-statement';
import { useFinanceSummary } from './finances.queries';
import { financeColumns, financesUi } from './finances.ui';
import { RangeEntries } from './range-entries';

/** The period's totals across every source (summary-range): what came in, what went out, and the difference. */
const PERIOD_CARDS: readonly SummaryCardDef<FinanceSummary>[] = [
  { key: 'income', label: 'Income', format: 'money', color: 'teal', testId: 'finance-income' },
  { key: 'expense', label: 'Expenses', format: 'money', color: 'red', testId: 'finance-expense' },
  { key: 'net', label: 'Net', format: 'money', testId: 'finance-net', hint: 'Income less expenses' },
];

/**
 * What income does not silently hold (issue 17): refunds paid out (already off the sales), transfers flagged not
 * received (a sale's still in the sales as sold, a fee's or booking's reversed out of them), and what bookings with
 * an event in the period still owe (the one definition of due: Manage Bookings and the dashboard show the same).
 */
const APART_CARDS: readonly SummaryCardDef<FinanceSummary>[] = [
  {
    key: 'refunds',
    label: 'Refunds paid out',
    format: 'money',
    color: 'orange',
    testId: 'finance-refunds',
    hint: (s) => (s.refunds > 0 ? `Taken off the sales: ${formatMoney(s.income_by_source.sales + s.refunds)} sold` : 'Partial refunds of sales'),
  },
  {
    key: 'transfers_not_received',
    label: 'Transfers not received',
    format: 'money',
    color: 'red',
    testId: 'finance-not-received',
    hint: (s) =>
      s.transfers_not_received > 0
        ? `${formatMoney(s.transfers_not_received_sales)} of it is owed on sales; all of it is out of income`
        : 'Flagged on Transfers to confirm',
  },
  { key: 'bookings_due', label: 'Bookings still owe', format: 'money', color: 'grape', testId: 'finance-bookings-due', hint: 'Events in the period, cancelled left out' },
];

/** The entries list's own summary: the entries typed in here, not sales, fees or bookings. */
const ENTRY_CARDS: readonly SummaryCardDef<ListSummary>[] = [
  { key: 'count', label: 'Entries', format: 'count' },
  { key: 'income', label: 'Income entered', format: 'money', color: 'teal' },
  { key: 'expense', label: 'Expenses entered', format: 'money', color: 'red' },
];

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" h="100%" data-testid={testId}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * /finances/income-expenses (admin): for a month (default the studio's current one), a range of days or a year, kept
 * in the address: income, expenses and net across every source (summary-range), income by source and expenses by
 * category as charts with their figures, the entries of the period (add, edit, delete, CSV), income against expenses
 * over the last 12 months and 5 years (with tables and CSV), and a printable A4 statement of the period.
 */
/** What has been paid for and not yet served (issue 31, item 7): apart from income, today's figure whatever the period. */
function OwedInService() {
  const owed = useQuery({ queryKey: ['prepaid', 'liability'], queryFn: ({ signal }) => api.get('/api/prepaid/liability', undefined, signal) });
  const d = owed.data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="owed-in-service">
      <StatCard label="Gift vouchers owed" value={d ? formatMoney(d.vouchers.balance) : '—'} hint={d ? `${d.vouchers.count} vouchers with value left` : undefined} loading={owed.isLoading} testId="owed-vouchers" />
      <StatCard label="Store credit owed" value={d ? formatMoney(d.credit.balance) : '—'} hint={d ? `${d.credit.clients} clients` : undefined} loading={owed.isLoading} testId="owed-credit" />
      <StatCard label="Owed in service (not income)" value={d ? formatMoney(d.total) : '—'} hint="Paid for, not yet served" loading={owed.isLoading} testId="owed-total" />
    </SimpleGrid>
  );
}

export function IncomeExpensesPage({ title }: { title: string }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [period, setPeriod] = usePeriodParam();
  const { from, to } = periodDays(period);
  const name = periodLabel(period);
  const summary = useFinanceSummary(from, to);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<FinanceEntry | null>(null);
  const [open, setOpen] = useState<FinanceEntry | null>(null);
  const [statementOpen, setStatementOpen] = useState(false);

  const today = studioDate();
  // a new entry is dated today, or the period's first day when looking at another period
  const newDate = today >= from && today <= to ? today : from;
  const add = () => {
    setEditing(null);
    setFormOpen(true);
  };

  return (
    <div data-testid="finances-page">
      <PageHeader
        title={title}
        actions={
          <>
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => setStatementOpen(true)} disabled={!summary.data} data-testid="statement-button">
              Statement
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={add} data-testid="create-button">
              Add Entry
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <Card withBorder radius="md">
          <FinancePeriodPicker period={period} onChange={setPeriod} />
        </Card>

        {summary.isError && (
          <Alert color="red" variant="light" title="The figures could not be loaded" data-testid="summary-error">
            <Group justify="space-between" gap="sm">
              {summary.error.message}
              <Button size="xs" variant="light" color="red" onClick={() => void summary.refetch()} loading={summary.isFetching}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}
        <SummaryCards cards={PERIOD_CARDS} summary={summary.data} loading={summary.isPending} hint={name} />
        <SummaryCards cards={APART_CARDS} summary={summary.data} loading={summary.isPending} hint={name} />
        <OwedInService />

        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Section title={`Income by source, ${name}`} testId="income-section">
              {summary.data ? <IncomeSourcesChart summary={summary.data} /> : <Skeleton height={200} radius="md" />}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Section title={`Expenses by category, ${name}`} testId="expense-section">
              {summary.data ? <ExpenseCategoriesChart summary={summary.data} /> : <Skeleton height={200} radius="md" />}
            </Section>
          </Grid.Col>
        </Grid>

        <Title order={3} size="h5" mt="xs">
          Entries, {name}
        </Title>
        {period.kind === 'month' ? (
          <MonthView<FinanceEntry>
            queryKey={resourceKeys(finances.name).lists()}
            path={(month) => listPath(finances, 'getmonth', { month })}
            monthPicker={false}
            columns={financeColumns}
            summary={ENTRY_CARDS}
            search={{
              scope: 'month',
              placeholder: 'Category or description',
              fetchPage: (text, page, perPage, signal, month) =>
                apiRequest(listPath(finances, 'getmonth', { month }), { query: { q: text, page, per_page: perPage }, signal }),
              note: (text) => `Entries of ${name} matching “${text}”.`,
            }}
            onOpen={setOpen}
            csv={{ name: 'finances' }}
            emptyText={(month) => `No entries in ${month}.`}
            table={{ testId: 'entries', rowTestId: 'entry-row', resource: finances }}
          />
        ) : (
          <RangeEntries from={from} to={to} label={name} cards={ENTRY_CARDS} onOpen={setOpen} />
        )}

        <Section title="Income and expenses over time" testId="periods-section">
          <FinancePeriods height={phone ? 220 : 280} />
        </Section>
      </Stack>

      <FinanceEntryModal
        entry={open}
        hidden={formOpen}
        onClose={() => setOpen(null)}
        onEdit={(entry) => {
          setEditing(entry);
          setFormOpen(true);
        }}
      />
      <ResourceForm
        ui={financesUi}
        opened={formOpen}
        record={editing}
        defaults={{ date: newDate }}
        onClose={() => setFormOpen(false)}
        onSaved={(saved) => {
          // an entry edited from its detail shows its new figures there
          if (editing) setOpen(saved);
        }}
      />
      <FinanceStatementModal opened={statementOpen} onClose={() => setStatementOpen(false)} summary={summary.data} periodName={name} />
    </div>
  );
}
