import { Anchor, Table, Text } from '@mantine/core';
import { OUTLET_LABELS, type Order, type Paged } from '@studio/shared';
import { formatDateTime, formatMoney } from '../format';
import { OrderStatusBadge, itemCount, paymentMethodLabel } from './order-labels';
import { PagingFooter, SkeletonRows } from '../ui/table-parts';

export interface OrdersTableProps {
  /** The current page of invoices (the paged envelope), or undefined while the first page loads. */
  page: Paged<Order> | undefined;
  loading: boolean;
  failed?: boolean;
  /** What an empty list says, e.g. 'No invoices in March 2026.' */
  emptyText: string;
  onOpen: (order: Order) => void;
  /** The page asked for (it may still be loading while the previous one shows). */
  pageNumber: number;
  onPage: (page: number) => void;
  /** A list of one outlet shows who sold; a list of one staff member shows where. */
  show?: 'staff' | 'outlet';
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * A paged list of invoices (newest first, as the API sends them): invoice no, date and time, customer,
 * pieces, total, payment method, staff or outlet, status. A click on a row opens it. Scrolls sideways on a phone.
 */
export function OrdersTable({ page, loading, failed, emptyText, onOpen, pageNumber, onPage, show = 'staff' }: OrdersTableProps) {
  const rows = page?.data ?? [];
  const total = page?.total ?? 0;
  const perPage = page?.per_page ?? 20;
  const lastPage = Math.max(1, page?.last_page ?? 1);
  const colCount = 8;

  return (
    <>
      <Table.ScrollContainer minWidth={860} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" fz="sm" data-testid="orders-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={nowrap}>Invoice no</Table.Th>
              <Table.Th style={nowrap}>Date</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th style={{ ...nowrap, textAlign: 'right' }}>Items</Table.Th>
              <Table.Th style={{ ...nowrap, textAlign: 'right' }}>Total</Table.Th>
              <Table.Th style={nowrap}>Payment</Table.Th>
              <Table.Th style={nowrap}>{show === 'staff' ? 'Staff' : 'Outlet'}</Table.Th>
              <Table.Th style={nowrap}>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && rows.length === 0 && <SkeletonRows columns={colCount} />}
            {!loading && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={colCount}>
                  <Text ta="center" c="dimmed" py="lg" data-testid="orders-empty">
                    {failed ? 'The invoices could not be loaded.' : emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((order) => {
              const isVoid = order.status === 'void';
              return (
                <Table.Tr
                  key={order.id}
                  onClick={() => onOpen(order)}
                  style={{ cursor: 'pointer', opacity: isVoid ? 0.7 : undefined }}
                  data-testid="order-row"
                  data-status={order.status}
                >
                  <Table.Td style={nowrap}>
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      fz="sm"
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(order);
                      }}
                      data-testid="order-open"
                    >
                      {order.invoice_no}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={nowrap}>{formatDateTime(order.created_at)}</Table.Td>
                  <Table.Td style={{ maxWidth: 220 }}>
                    <Text fz="sm" truncate="end">
                      {order.customer_name}
                    </Text>
                    {order.customer_phone && (
                      <Text fz="xs" c="dimmed" style={nowrap}>
                        {order.customer_phone}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ ...nowrap, textAlign: 'right' }}>{itemCount(order)}</Table.Td>
                  <Table.Td style={{ ...nowrap, textAlign: 'right', fontWeight: 600, textDecoration: isVoid ? 'line-through' : undefined }}>{formatMoney(order.total)}</Table.Td>
                  <Table.Td style={nowrap}>{paymentMethodLabel(order.payment_method)}</Table.Td>
                  <Table.Td style={nowrap}>{show === 'staff' ? order.staff.name : OUTLET_LABELS[order.outlet]}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagingFooter page={pageNumber} lastPage={lastPage} perPage={perPage} total={total} onPage={onPage} testId="orders" />
    </>
  );
}
