import { Button, SegmentedControl } from '@mantine/core';
import { OUTLETS, type Order, type OrderListSummary, type Outlet } from '@studio/shared';
import { IconCash, IconPencil, IconReceipt, IconReceipt2, IconReceiptRefund, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router';
import { MonthView, type SummaryCardDef } from '../../crud/month-view';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { OrderDetailModal } from '../../lib/orders/order-detail.modal';
import { canRefund } from '../../lib/orders/order-labels';
import { ReceiptModal } from '../../lib/receipt/receipt-modal';
import { ORDER_TABLE_IDS, orderColumns, orderCsvColumns, orderRowProps } from '../../lib/orders/orders-table';
import { type OrderSearchMode, fetchMonthOrders, fetchOrderSearch, orderKeys } from '../../lib/orders/orders-queries';
import { formatMoney } from '../../lib/format';
import { PageHeader } from '../../lib/ui/page-header';
import { studioMonth } from '../../lib/studio-time';
import { EditInvoiceModal } from './edit-invoice.modal';
import { RefundInvoiceModal } from './refund-invoice.modal';
import { TakePaymentModal } from '../../lib/orders/take-payment.modal';
import { VoidInvoiceModal } from './void-invoice.modal';

const COLUMNS = orderColumns('staff');
const CSV_COLUMNS = orderCsvColumns('staff');
const TABLE = { ...ORDER_TABLE_IDS, rowProps: orderRowProps };

/**
 * The month's paid invoices, their total net of refunds (what they were sold for and what was refunded under it) and
 * the average sale (void invoices count in none of them).
 */
const SUMMARY: readonly SummaryCardDef<OrderListSummary>[] = [
  { key: 'count', label: 'Paid invoices', format: 'count', icon: <IconReceipt size={22} /> },
  {
    key: 'total',
    label: 'Sales total',
    format: 'money',
    icon: <IconCash size={22} />,
    hint: (s) => (s.refunded > 0 ? `After ${formatMoney(s.refunded)} refunded of ${formatMoney(s.sold)} sold` : undefined),
  },
  {
    key: 'average',
    label: 'Average sale',
    format: 'money',
    value: (s) => (s.count > 0 ? Math.round((s.total / s.count) * 100) / 100 : 0),
    hint: 'Per paid invoice',
    icon: <IconReceipt2 size={22} />,
    color: 'blush',
  },
];

/**
 * /invoices/product-invoices/{outlet}: one outlet's invoices of a month (20 a page, newest first) with the
 * month's paid count and total; search by customer name or invoice number across every month; an invoice
 * opens with its items, payments, refunds and Reprint. Anyone may refund some of its items (a staff member with an
 * admin's approval), then print the receipt that shows it; admins also edit the customer, note and payment method,
 * and void (a sale without refunds).
 * "Export CSV" saves every invoice of the month (or of the search).
 */
export function InvoicesPage({ outlet, title }: { outlet: Outlet; title: string }) {
  const admin = isAdmin(useCurrentUser());
  const [mode, setMode] = useState<OrderSearchMode>('name');
  const [open, setOpen] = useState<Order | null>(null);
  const [editing, setEditing] = useState<Order | null>(null);
  const [voiding, setVoiding] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const [refunded, setRefunded] = useState<Order | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);

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
      <MonthView<Order, OrderListSummary>
        queryKey={orderKeys.invoices(outlet)}
        fetchPage={(month, page, perPage, signal) => fetchMonthOrders(outlet, month, page, signal, perPage)}
        columns={COLUMNS}
        summary={SUMMARY}
        maxMonth={studioMonth()}
        emptyText={(monthName) => `No invoices in ${monthName}.`}
        search={{
          fetchPage: (text, page, perPage, signal) => fetchOrderSearch(mode, text, outlet, page, signal, perPage),
          key: [mode],
          inputLabel: mode === 'name' ? 'Search by customer name' : 'Search by invoice or provisional number',
          placeholder: mode === 'name' ? 'Customer name...' : 'e.g. STO-000123 or OFF-7Q2-0004',
          controls: (
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as OrderSearchMode)}
              data={[
                { value: 'name', label: 'Customer' },
                { value: 'invoice', label: 'Invoice no' },
              ]}
              aria-label="Search by"
              data-testid="search-mode"
            />
          ),
          note: (text) => `${mode === 'name' ? 'Customers' : 'Invoice numbers'} matching “${text}”, in every month.`,
          emptyText: (text) => `No invoice matches “${text}”.`,
          testId: 'invoice-search',
        }}
        onOpen={setOpen}
        csv={{ name: `invoices-${outlet}`, columns: CSV_COLUMNS }}
        table={TABLE}
      />

      <OrderDetailModal
        order={open}
        onClose={() => setOpen(null)}
        hidden={editing !== null || voiding !== null || refunding !== null || refunded !== null || paying !== null}
        actions={(order) =>
          order.status === 'paid' && (
            <>
              {/* a transfer never received: the sale owes it, and anyone at the desk may take it (issue 28) */}
              {order.balance > 0 && (
                <Button color="red" leftSection={<IconCash size={16} />} onClick={() => setPaying(order)} data-testid="order-take-payment">
                  Take payment
                </Button>
              )}
              {canRefund(order) && (
                <Button color="violet" variant="light" leftSection={<IconReceiptRefund size={16} />} onClick={() => setRefunding(order)} data-testid="order-refund">
                  Refund
                </Button>
              )}
              {admin && (
                <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(order)} data-testid="order-edit">
                  Edit
                </Button>
              )}
              {/* a refunded sale is not voided: the rest of it is refunded instead */}
              {admin && order.refunds.length === 0 && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setVoiding(order)} data-testid="order-void">
                  Void
                </Button>
              )}
            </>
          )
        }
      />
      <RefundInvoiceModal
        order={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={(order) => {
          setRefunding(null);
          setRefunded(order);
        }}
      />
      <TakePaymentModal order={paying} onClose={() => setPaying(null)} />
      {/* the receipt with the refund on it, to print or send */}
      {refunded && <ReceiptModal order={refunded} opened onClose={() => setRefunded(null)} title={`Refund on ${refunded.invoice_no}`} />}
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
