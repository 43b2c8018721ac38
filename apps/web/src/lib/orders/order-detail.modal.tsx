import { Alert, Button, Divider, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { OUTLET_LABELS, PAYMENT_METHOD_LABELS, type Order } from '@studio/shared';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatDateTime, formatMoney } from '../format';
import { ReceiptModal } from '../receipt/receipt-modal';
import { TransferStatusBadge, transferCheckLine } from '../ui/transfer-status';
import { OrderStatusBadge, OwesBadge, amountReceived, discountApprovalLine, netOfRefunds, paidLater, paymentMethodLabel, voidLine } from './order-labels';
import { useOrder } from './orders-queries';

export interface OrderDetailModalProps {
  /** The invoice to show; null closes the modal. */
  order: Order | null;
  onClose: () => void;
  /** Hides the modal while another dialog about this invoice (edit, void) is on top. */
  hidden?: boolean;
  /** More buttons beside Reprint (the invoices page adds Edit and Void for admins). */
  actions?: (order: Order) => ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** One invoice: who, when, what was sold, how it was paid; Reprint opens the receipt (80 mm or A4, WhatsApp). */
export function OrderDetailModal({ order: clicked, onClose, hidden, actions }: OrderDetailModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [reprinting, setReprinting] = useState(false);
  const detail = useOrder(clicked?.id ?? null, clicked ?? undefined);
  const current = detail.data ?? clicked;
  // the closing modal keeps showing the invoice while it fades out
  const [lastShown, setLastShown] = useState<Order | null>(null);
  if (current && current !== lastShown) setLastShown(current);
  const order = current ?? lastShown;

  return (
    <>
      <Modal
        opened={clicked !== null && !hidden && !reprinting}
        onClose={onClose}
        title={
          order ? (
            <Group gap="sm">
              <Text fw={700}>Invoice {order.invoice_no}</Text>
              <OrderStatusBadge status={order.status} />
              <OwesBadge order={order} />
              {detail.isFetching && <Loader size="xs" type="dots" />}
            </Group>
          ) : (
            'Invoice'
          )
        }
        size="lg"
        fullScreen={phone}
        centered
        data-testid="order-detail"
      >
        {order && (
          <Stack gap="md">
            {order.status === 'void' && (
              <Alert color="red" variant="light" title="This invoice is void" data-testid="order-void-note">
                <span data-testid="order-void-line">{voidLine(order)}.</span> Its stock was returned and it counts in no total.
              </Alert>
            )}
            <SimpleGrid cols={2} spacing="sm" verticalSpacing={8}>
              <Field label="Date">{formatDateTime(order.created_at)}</Field>
              <Field label="Outlet">{OUTLET_LABELS[order.outlet]}</Field>
              <Field label="Customer">
                <span data-testid="order-customer">{order.customer_name}</span>
              </Field>
              <Field label="Phone">{order.customer_phone || '—'}</Field>
              <Field label="Served by">{order.staff.name}</Field>
              <Field label="Payment method">{paymentMethodLabel(order.payment_method)}</Field>
              {/* sold offline: the number on the customer's provisional receipt (issue 34, item 2) */}
              {order.offline?.provisional_no && (
                <Field label="Provisional receipt">
                  <span data-testid="order-provisional-no">{order.offline.provisional_no}</span> (sold offline)
                </Field>
              )}
            </SimpleGrid>
            {order.note && <Field label="Note">{order.note}</Field>}

            <Divider label="Items" labelPosition="left" />
            <Table fz="sm" verticalSpacing={6} data-testid="order-items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Qty</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <div>{item.name}</div>
                      <Text fz="xs" c="dimmed" style={nowrap}>
                        {formatMoney(item.unit_price)} each
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right', verticalAlign: 'top' }}>
                      {item.quantity}
                      {item.refunded_quantity > 0 && (
                        <Text fz="xs" c="violet" style={nowrap} data-testid="order-item-refunded">
                          {item.refunded_quantity} refunded
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ ...nowrap, textAlign: 'right', verticalAlign: 'top' }}>{formatMoney(item.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack gap={4} ml="auto" w="100%" maw={300}>
              <Line label="Subtotal" value={formatMoney(order.subtotal)} />
              {order.discount > 0 && <Line label="Discount" value={`-${formatMoney(order.discount)}`} />}
              {order.discount_approved_by && (
                <Text size="xs" c="dimmed" ta="right" data-testid="order-discount-approval">
                  {discountApprovalLine(order)}
                </Text>
              )}
              <Line label="Total" value={formatMoney(order.total)} strong testId="order-total" />
              {order.refunds.length > 0 && (
                <>
                  <Line label="Refunded" value={`-${formatMoney(order.refunded)}`} testId="order-refunded" />
                  <Line label="Total after refunds" value={formatMoney(netOfRefunds(order))} strong testId="order-net" />
                </>
              )}
            </Stack>

            <Divider label="Payments" labelPosition="left" />
            <Stack gap={4} data-testid="order-payments">
              {order.payments.map((p, i) => (
                <div key={i} data-testid="order-payment" data-status={p.transfer_status ?? undefined}>
                  <Group justify="space-between" gap="lg" wrap="nowrap">
                    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                      <Text size="sm" c="dimmed">
                        {`${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` (${p.reference})` : ''}`}
                      </Text>
                      {order.status === 'paid' && <TransferStatusBadge check={p} size="xs" />}
                    </Group>
                    <Text size="sm" fw={500} style={nowrap}>
                      {formatMoney(p.amount)}
                    </Text>
                  </Group>
                  {order.status === 'paid' && p.transfer_status && (
                    <Text size="xs" c={p.transfer_status === 'not_received' ? 'red' : 'dimmed'} data-testid="order-payment-check">
                      {transferCheckLine(p)}
                    </Text>
                  )}
                </div>
              ))}
              {paidLater(order).map((l) => (
                <div key={`later-${l.id}`} data-testid="order-paid-later" data-status={l.transfer_status ?? undefined}>
                  <Group justify="space-between" gap="lg" wrap="nowrap">
                    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                      <Text size="sm" c="dimmed">
                        {`Paid later, ${formatDateTime(l.created_at)}: ${PAYMENT_METHOD_LABELS[l.method]}${l.reference ? ` (${l.reference})` : ''}`}
                      </Text>
                      {order.status === 'paid' && <TransferStatusBadge check={l} size="xs" />}
                    </Group>
                    <Text size="sm" fw={500} style={nowrap}>
                      {formatMoney(l.amount)}
                    </Text>
                  </Group>
                </div>
              ))}
              <Line label="Amount paid" value={formatMoney(amountReceived(order))} testId="order-amount-paid" />
              {order.change > 0 && <Line label="Change given" value={formatMoney(order.change)} />}
              {order.status === 'paid' && order.balance > 0 && <Line label="Owes" value={formatMoney(order.balance)} strong testId="order-balance" />}
            </Stack>

            {order.refunds.length > 0 && (
              <>
                <Divider label="Refunds" labelPosition="left" />
                <Stack gap="xs" data-testid="order-refunds">
                  {order.refunds.map((r) => (
                    <div key={r.id} data-testid="order-refund-line">
                      <Group justify="space-between" gap="lg" wrap="nowrap" align="flex-start">
                        <Text size="sm">
                          {r.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}
                        </Text>
                        <Text size="sm" fw={600} c="violet" style={nowrap}>
                          -{formatMoney(r.amount)}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(r.created_at)} · {PAYMENT_METHOD_LABELS[r.method]}
                        {r.reference ? ` (${r.reference})` : ''} · {r.staff.name}
                        {r.approved_by ? `, approved by ${r.approved_by.name}` : ''}
                      </Text>
                      <Text size="xs">Reason: {r.reason}</Text>
                    </div>
                  ))}
                </Stack>
              </>
            )}

            <Group justify="flex-end" gap="sm" mt="sm">
              {actions?.(order)}
              <Button leftSection={<IconPrinter size={18} />} onClick={() => setReprinting(true)} data-testid="order-reprint">
                Reprint
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ReceiptModal order={reprinting ? order : null} opened={reprinting} onClose={() => setReprinting(false)} title={order ? `Reprint ${order.invoice_no}` : undefined} />
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="lg" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={nowrap} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
