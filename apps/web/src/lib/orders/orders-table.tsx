import { Text } from '@mantine/core';
import { OUTLET_LABELS, type Order, type Paged, formatPhone } from '@studio/shared';
import { PagedTable, type RowProps, type TableColumn, csvColumnsOf } from '../../crud/paged-table';
import type { CsvColumn } from '../csv';
import { formatDateTime, formatMoney } from '../format';
import { OrderStatusBadge, OwesBadge, itemCount, paymentMethodLabel } from './order-labels';

/** A list of one outlet shows who sold; a list of one staff member shows where. */
export type OrdersShow = 'staff' | 'outlet';

/**
 * The columns of an invoice list (newest first, as the API sends them): invoice no, date and time,
 * customer (and phone), pieces, total (struck through when void), payment method, staff or outlet, status.
 * The invoices month view and the performance tables share them.
 */
export function orderColumns(show: OrdersShow = 'staff'): TableColumn<Order>[] {
  return [
    { key: 'invoice_no', label: 'Invoice no', nowrap: true },
    { key: 'created_at', label: 'Date', kind: 'date', render: (order) => formatDateTime(order.created_at) },
    {
      key: 'customer_name',
      label: 'Customer',
      render: (order) => (
        <div style={{ maxWidth: 220 }}>
          <Text fz="sm" truncate="end">
            {order.customer_name}
          </Text>
          {order.customer_phone && (
            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatPhone(order.customer_phone)}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'items', label: 'Items', align: 'right', nowrap: true, render: itemCount, csv: itemCount },
    {
      key: 'total',
      label: 'Total',
      kind: 'money',
      render: (order) => (
        <Text span fz="sm" fw={600} td={order.status === 'void' ? 'line-through' : undefined}>
          {formatMoney(order.total)}
        </Text>
      ),
    },
    { key: 'payment_method', label: 'Payment', nowrap: true, render: (order) => paymentMethodLabel(order.payment_method), csv: (order) => paymentMethodLabel(order.payment_method) },
    show === 'staff'
      ? { key: 'staff', label: 'Staff', nowrap: true, render: (order) => order.staff.name, csv: (order) => order.staff.name }
      : { key: 'outlet', label: 'Outlet', nowrap: true, render: (order) => OUTLET_LABELS[order.outlet], csv: (order) => OUTLET_LABELS[order.outlet] },
    {
      key: 'status',
      label: 'Status',
      nowrap: true,
      render: (order) => (
        <>
          <OrderStatusBadge status={order.status} /> <OwesBadge order={order} />
        </>
      ),
      csv: (order) => (order.status === 'void' ? 'VOID' : order.balance > 0 ? `PAID, OWES ${order.balance}` : 'PAID'),
    },
  ];
}

/** The CSV of an invoice list: the table's columns, with the customer's phone in its own column. */
export function orderCsvColumns(show: OrdersShow = 'staff'): CsvColumn<Order>[] {
  const columns = csvColumnsOf(orderColumns(show));
  const customer = columns.findIndex((c) => c.label === 'Customer');
  columns.splice(customer + 1, 0, { label: 'Phone', value: (order) => order.customer_phone });
  return columns;
}

/** A void invoice is faded and says so to tests and styles. */
export const orderRowProps = (order: Order): RowProps => ({ 'data-status': order.status, style: order.status === 'void' ? { opacity: 0.7 } : undefined });

/** The invoice tables' test ids (`orders-table`, `order-row`, `order-open`, `orders-range`, ...). */
export const ORDER_TABLE_IDS = { testId: 'orders', rowTestId: 'order-row', openTestId: 'order-open', failedText: 'The invoices could not be loaded.' } as const;

export interface OrdersTableProps {
  /** The current page of invoices (the paged envelope), or undefined while the first page loads. */
  page: Paged<Order> | undefined;
  loading: boolean;
  failed?: boolean;
  /** Loads the page again after a failure (the Retry button). */
  onRetry?: () => void;
  /** What an empty list says, e.g. 'No invoices in March 2026.' */
  emptyText: string;
  onOpen: (order: Order) => void;
  /** The page asked for (it may still be loading while the previous one shows). */
  pageNumber: number;
  onPage: (page: number) => void;
  show?: OrdersShow;
}

/** A paged list of invoices; a click on a row opens it. Cards on a phone. */
export function OrdersTable({ show = 'staff', ...props }: OrdersTableProps) {
  return <PagedTable<Order> {...ORDER_TABLE_IDS} {...props} columns={orderColumns(show)} rowProps={orderRowProps} />;
}
