import { Anchor, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { OUTLET_LABELS, type Dashboard, type Outlet } from '@studio/shared';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../lib/format';
import { OrderStatusBadge } from '../../lib/orders/order-labels';
import { EmptyLine } from './dashboard-lists';

// A chunk of its own, drawn when its section comes near the screen (dashboard.page.tsx): Mantine's Table brings its
// scroll area, and with it floating-ui, which the first screen does not need (issue 20, item 5: the dashboard on a phone).

type Sales = Dashboard['sales'];
const invoicesPath = (outlet: Outlet) => `/invoices/product-invoices/${outlet}`;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** The newest invoices of every outlet; each opens its outlet's invoices. A table, or a list on a phone. */
export function RecentInvoices({ orders, compact }: { orders: Sales['recent_orders']; compact: boolean }) {
  if (!orders.length) return <EmptyLine>No invoices yet.</EmptyLine>;
  if (compact) {
    return (
      <Stack gap={0} data-testid="recent-invoices">
        {orders.map((o) => (
          <UnstyledButton key={o.id} component={Link} to={invoicesPath(o.outlet)} py="xs" data-testid="recent-invoice" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} c="gold" style={nowrap}>
                    {o.invoice_no}
                  </Text>
                  <Text size="sm" truncate>
                    {o.customer_name}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {OUTLET_LABELS[o.outlet]} · {formatDateTime(o.created_at)}
                </Text>
              </div>
              <Stack gap={2} align="flex-end">
                <Text size="sm" fw={600} td={o.status === 'void' ? 'line-through' : undefined} style={nowrap}>
                  {formatMoney(o.total)}
                </Text>
                <OrderStatusBadge status={o.status} />
              </Stack>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing={8} horizontalSpacing="sm" fz="sm" highlightOnHover data-testid="recent-invoices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Outlet</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id} data-testid="recent-invoice">
              <Table.Td style={nowrap}>
                <Anchor component={Link} to={invoicesPath(o.outlet)} fw={600} size="sm">
                  {o.invoice_no}
                </Anchor>
              </Table.Td>
              <Table.Td>{o.customer_name}</Table.Td>
              <Table.Td style={nowrap}>{OUTLET_LABELS[o.outlet]}</Table.Td>
              <Table.Td style={nowrap}>{formatDateTime(o.created_at)}</Table.Td>
              <Table.Td style={{ ...nowrap, textAlign: 'right', textDecoration: o.status === 'void' ? 'line-through' : undefined }}>{formatMoney(o.total)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <OrderStatusBadge status={o.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
