import '@mantine/dates/styles.css';
import { Button, Card, CloseButton, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { OUTLETS, type Order, type Outlet } from '@studio/shared';
import { IconCalendarMonth, IconCash, IconPencil, IconReceipt, IconReceipt2, IconSearch, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ComponentType, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { formatMoney } from '../../lib/format';
import { OrderDetailModal } from '../../lib/orders/order-detail.modal';
import { OrdersTable } from '../../lib/orders/orders-table';
import { type OrderSearchMode, useMonthOrders, useOrderSearch } from '../../lib/orders/orders-queries';
import { PageHeader } from '../../lib/ui/page-header';
import { StatCard } from '../../lib/ui/stat-card';
import { EditInvoiceModal } from './edit-invoice.modal';
import { VoidInvoiceModal } from './void-invoice.modal';
import { studioMonth, studioToday } from '../../lib/studio-time';

const SEARCH_DEBOUNCE_MS = 350;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month in the address (`?month=2026-03`, kept across a reload), else the current month. */
function useMonthParam(): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && MONTH_RE.test(asked) ? asked : studioMonth();
  const setMonth = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set('month', next);
        return out;
      },
      { replace: true },
    );
  return [month, setMonth];
}

/**
 * /invoices/product-invoices/{outlet}: one outlet's invoices of a month (20 a page, newest first) with the
 * month's paid count and total; search by customer name or invoice number across every month; an invoice
 * opens with its items, payments and Reprint. Admins also edit the customer, note and payment method, and void.
 */
export function InvoicesPage({ outlet, title }: { outlet: Outlet; title: string }) {
  const admin = isAdmin(useCurrentUser());
  const [month, setMonth] = useMonthParam();
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<OrderSearchMode>('name');
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [searchPage, setSearchPage] = useState(1);
  const [open, setOpen] = useState<Order | null>(null);
  const [editing, setEditing] = useState<Order | null>(null);
  const [voiding, setVoiding] = useState<Order | null>(null);

  const searching = text.length > 0;
  const monthList = useMonthOrders(outlet, month, page);
  const found = useOrderSearch(mode, text, outlet, searchPage);
  const list = searching ? found : monthList;
  const summary = monthList.data?.summary;
  const monthName = dayjs(`${month}-01`).format('MMMM YYYY');
  const summaryLoading = monthList.isPending || (monthList.isPlaceholderData && monthList.data?.summary === undefined);

  const changeSearch = (value: string) => {
    setSearch(value);
    setSearchPage(1);
  };

  return (
    <div data-testid={`invoices-page-${outlet}`}>
      <PageHeader
        title={title}
        actions={
          <Button component={Link} to={`/dashboard/point-of-sales/${outlet}`} variant="light" leftSection={<IconShoppingCart size={16} />}>
            New sale
          </Button>
        }
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <StatCard label="Paid invoices" value={summary?.count ?? 0} hint={monthName} icon={<IconReceipt size={22} />} loading={summaryLoading} testId="summary-count" />
          <StatCard label="Sales total" value={formatMoney(summary?.total ?? 0)} hint={monthName} icon={<IconCash size={22} />} loading={summaryLoading} testId="summary-total" />
          <StatCard
            label="Average sale"
            value={formatMoney(summary && summary.count > 0 ? Math.round((summary.total / summary.count) * 100) / 100 : 0)}
            hint="Per paid invoice"
            icon={<IconReceipt2 size={22} />}
            color="blush"
            loading={summaryLoading}
            testId="summary-average"
          />
        </SimpleGrid>

        <Card withBorder radius="md" padding={0}>
          <Group p="md" gap="sm" wrap="wrap" align="flex-end">
            <MonthPickerInput
              aria-label="Month"
              label="Month"
              value={`${month}-01`}
              onChange={(value) => {
                if (!value) return;
                setMonth(String(value).slice(0, 7));
                setPage(1);
              }}
              maxDate={studioToday().endOf('month').format('YYYY-MM-DD')}
              valueFormat="MMMM YYYY"
              leftSection={<IconCalendarMonth size={16} />}
              w={{ base: '100%', xs: 200 }}
              disabled={searching}
              data-testid="month-picker"
            />
            <Stack gap={4} style={{ flex: '1 1 320px' }}>
              <Text size="sm" fw={500}>
                Search
              </Text>
              <Group gap="xs" wrap="wrap">
                <SegmentedControl
                  value={mode}
                  onChange={(v) => {
                    setMode(v as OrderSearchMode);
                    setSearchPage(1);
                  }}
                  data={[
                    { value: 'name', label: 'Customer' },
                    { value: 'invoice', label: 'Invoice no' },
                  ]}
                  aria-label="Search by"
                  data-testid="search-mode"
                />
                <TextInput
                  style={{ flex: '1 1 200px' }}
                  placeholder={mode === 'name' ? 'Customer name...' : 'e.g. STO-000123'}
                  aria-label={mode === 'name' ? 'Search by customer name' : 'Search by invoice number'}
                  leftSection={<IconSearch size={16} />}
                  rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => changeSearch('')} /> : null}
                  maxLength={100}
                  value={search}
                  onChange={(e) => changeSearch(e.currentTarget.value)}
                  data-testid="invoice-search"
                />
              </Group>
            </Stack>
          </Group>
          {searching && (
            <Text size="sm" c="dimmed" px="md" pb="sm" data-testid="search-note">
              {mode === 'name' ? 'Customers' : 'Invoice numbers'} matching “{text}”, in every month.
            </Text>
          )}
          <OrdersTable
            page={list.data}
            loading={list.isPending || list.isPlaceholderData}
            failed={list.isError}
            emptyText={searching ? `No invoice matches “${text}”.` : `No invoices in ${monthName}.`}
            onOpen={setOpen}
            pageNumber={searching ? searchPage : page}
            onPage={searching ? setSearchPage : setPage}
          />
        </Card>
      </Stack>

      <OrderDetailModal
        order={open}
        onClose={() => setOpen(null)}
        hidden={editing !== null || voiding !== null}
        actions={(order) =>
          admin &&
          order.status === 'paid' && (
            <>
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(order)} data-testid="order-edit">
                Edit
              </Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setVoiding(order)} data-testid="order-void">
                Void
              </Button>
            </>
          )
        }
      />
      {admin && (
        <>
          <EditInvoiceModal order={editing} onClose={() => setEditing(null)} />
          <VoidInvoiceModal order={voiding} onClose={() => setVoiding(null)} />
        </>
      )}
    </div>
  );
}

/** One page component per outlet, so moving between outlets starts afresh (page 1, no search). */
export const INVOICES_PAGES = Object.fromEntries(
  OUTLETS.map((outlet) => {
    const Page = ({ title }: { title: string }) => <InvoicesPage outlet={outlet} title={title} />;
    Page.displayName = `InvoicesPage(${outlet})`;
    return [outlet, Page];
  }),
) as Record<Outlet, ComponentType<{ title: string }>>;
