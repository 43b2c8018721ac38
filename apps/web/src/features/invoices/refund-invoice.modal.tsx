import { Alert, Button, Checkbox, Group, Modal, NumberInput, PasswordInput, SegmentedControl, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { methodOptions, takesReference, type Order, type RefundMethod, fromKobo, lineNetKobo, orderRefundSchema, refundKobo, toKobo } from '@studio/shared';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useSchemaForm } from '../../crud/use-schema-form';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { formatMoney } from '../../lib/format';
import { refundableOf } from '../../lib/orders/order-labels';
import { useRefundOrder } from '../../lib/orders/orders-queries';

const LABELS = { method: 'Paid back by', reference: 'Transfer reference', reason: 'Reason', 'approval.username': 'Admin username', 'approval.password': 'Admin password' } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

type Values = {
  quantities: Record<string, number | ''>;
  method: RefundMethod;
  reference: string;
  reason: string;
  approval: { username: string; password: string };
  confirm_transfers: boolean;
};

/**
 * What stands in a refund's way, known when the dialog opens (the server refuses the same, decision 015): a transfer
 * marked not received (nothing came in: no refund at all), or one nobody has confirmed yet (the admin making or
 * approving the refund confirms it here, having seen it arrive; decision 029).
 */
export function refundBlock(order: Order): { notReceived: number; unconfirmed: number } {
  const sum = (status: string) => fromKobo(order.payments.filter((p) => p.method === 'transfer' && p.transfer_status === status).reduce((k, p) => k + toKobo(p.amount), 0));
  return { notReceived: sum('not_received'), unconfirmed: sum('unconfirmed') };
}

/** The money back for the quantities chosen, line by line and in all, as the server works it out (issue 17). */
export function refundPreview(order: Order, quantities: Values['quantities']) {
  const net = lineNetKobo(
    order.items.map((i) => toKobo(i.total)),
    toKobo(order.subtotal),
    toKobo(order.total),
  );
  const lines = order.items.map((item, i) => {
    const q = Number(quantities[item.id] || 0);
    return { item, quantity: q, amountK: q > 0 ? refundKobo(net[i]!, item.quantity, item.refunded_quantity, q) : 0 };
  });
  return { lines, amount: fromKobo(lines.reduce((k, l) => k + l.amountK, 0)) };
}

/**
 * A partial refund of a sale (POST /api/orders/{id}/refunds): how many of each line the customer gives back, how the
 * money goes out (cash or transfer), why; a staff member has an admin sign in here to approve it. The money back is
 * what the customer paid for those items (the discount shared out), shown as it is typed. `onRefunded` gets the order
 * with the refund (the invoices page then offers its receipt).
 */
export function RefundInvoiceModal({ order, onClose, onRefunded }: { order: Order | null; onClose: () => void; onRefunded: (order: Order) => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Refund items · ${order.invoice_no}` : 'Refund items'} size="lg" fullScreen={phone} centered data-testid="refund-modal">
      {/* a fresh form each time it opens */}
      {order && <RefundForm order={order} onClose={onClose} onRefunded={onRefunded} />}
    </Modal>
  );
}

function RefundForm({ order, onClose, onRefunded }: { order: Order; onClose: () => void; onRefunded: (order: Order) => void }) {
  const block = refundBlock(order);
  if (block.notReceived > 0) {
    return (
      <Stack gap="sm" data-testid="refund-form">
        <Alert color="red" variant="light" title="This sale cannot be refunded" data-testid="refund-blocked">
          Its bank transfer of {formatMoney(block.notReceived)} was marked not received: nothing came in to give back. Take the payment again first.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return <RefundFields order={order} onClose={onClose} onRefunded={onRefunded} unconfirmed={block.unconfirmed} />;
}

function RefundFields({ order, onClose, onRefunded, unconfirmed }: { order: Order; onClose: () => void; onRefunded: (order: Order) => void; unconfirmed: number }) {
  const admin = isAdmin(useCurrentUser());
  const refund = useRefundOrder();
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: orderRefundSchema,
    initialValues: { quantities: {}, method: 'cash', reference: '', reason: '', approval: { username: '', password: '' }, confirm_transfers: false } as Values,
    toBody: (v) => ({
      items: order.items.filter((i) => Number(v.quantities[i.id] || 0) > 0).map((i) => ({ order_item_id: i.id, quantity: Number(v.quantities[i.id]) })),
      method: v.method,
      reference: takesReference(v.method) ? v.reference : null,
      reason: v.reason,
      approval: admin ? undefined : v.approval,
      confirm_transfers: unconfirmed > 0 && v.confirm_transfers ? true : undefined,
    }),
    submit: (body) => refund.mutateAsync({ id: order.id, body }),
    successMessage: (o) => `Refunded ${formatMoney(o.refunds.at(-1)?.amount ?? 0)} on invoice ${o.invoice_no}.`,
    onSuccess: onRefunded,
    inputs: () => ['method', 'reference', 'reason', ...(admin ? [] : ['approval', 'approval.username', 'approval.password'])],
    labels: { ...LABELS, items: 'The items' },
  });
  const preview = refundPreview(order, form.values.quantities);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="refund-form">
      <Stack gap="sm">
        {unconfirmed > 0 && (
          <Alert color="orange" variant="light" title="A transfer nobody has confirmed yet" data-testid="refund-unconfirmed">
            <Stack gap="xs">
              <Text size="sm">
                This sale was paid by a bank transfer of {formatMoney(unconfirmed)} that no one has confirmed arrived. No money goes back until an admin confirms it:{' '}
                {admin ? 'confirm it here if you have seen it in the studio’s account.' : 'the admin approving this refund confirms it here.'}
              </Text>
              <Checkbox
                label={`${admin ? 'I have' : 'The approving admin has'} seen ${formatMoney(unconfirmed)} arrive in the studio's account: confirm it with this refund`}
                checked={form.values.confirm_transfers}
                onChange={(e) => form.setFieldValue('confirm_transfers', e.currentTarget.checked)}
                data-testid="refund-confirm-transfer"
              />
            </Stack>
          </Alert>
        )}
        <Text size="sm">How many of each item does the customer give back? They go back into stock, and their money goes out today.</Text>
        {formError && (
          <Alert color="red" variant="light" data-testid="refund-error">
            {formError}
          </Alert>
        )}
        <Table verticalSpacing={4} horizontalSpacing="xs" data-testid="refund-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Give back</Table.Th>
              <Table.Th ta="right">Money back</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.lines.map(({ item, amountK }) => {
              const left = refundableOf(item);
              return (
                <Table.Tr key={item.id} data-testid="refund-line">
                  <Table.Td>
                    <Text size="sm">{item.name}</Text>
                    <Text size="xs" c="dimmed">
                      {item.quantity} sold{item.refunded_quantity ? `, ${item.refunded_quantity} refunded before` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td w={110}>
                    <NumberInput
                      aria-label={`${item.name}: how many to give back`}
                      min={0}
                      max={left}
                      step={1}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="strict"
                      disabled={left === 0}
                      placeholder={left === 0 ? 'none left' : `0–${left}`}
                      value={form.values.quantities[item.id] ?? ''}
                      onChange={(v) => form.setFieldValue(`quantities.${item.id}`, v === '' ? '' : Number(v))}
                      data-testid="refund-quantity"
                    />
                  </Table.Td>
                  <Table.Td ta="right" style={NO_WRAP}>
                    {amountK ? formatMoney(fromKobo(amountK)) : '—'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {LABELS.method}
          </Text>
          <SegmentedControl
            fullWidth
            data={methodOptions('refunds')}
            value={form.values.method}
            onChange={(v) => form.setFieldValue('method', v as RefundMethod)}
            aria-label={LABELS.method}
            data-testid="refund-method"
          />
        </div>
        {takesReference(form.values.method) && <TextInput label={LABELS.reference} placeholder="The bank's reference of the transfer out" {...form.getInputProps('reference')} data-field="reference" />}
        <Textarea label={LABELS.reason} withAsterisk placeholder="Wrong shade; reaction to the product..." autosize minRows={2} maxRows={4} {...form.getInputProps('reason')} data-field="reason" data-testid="refund-reason" />
        {!admin && (
          <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-orange-outline)', borderRadius: 'var(--mantine-radius-md)' }} role="group" aria-labelledby="refund-approval-title" data-testid="refund-approval">
            <Text fw={700} id="refund-approval-title">
              Admin approval
            </Text>
            <Text size="sm">A refund needs an admin&apos;s approval: an admin signs in here to approve it.</Text>
            <Group grow align="flex-start">
              <TextInput label={LABELS['approval.username']} autoComplete="off" {...form.getInputProps('approval.username')} data-testid="refund-approval-username" />
              <PasswordInput
                label={LABELS['approval.password']}
                autoComplete="off"
                {...form.getInputProps('approval.password')}
                error={form.errors['approval.password'] ?? form.errors.approval}
                data-testid="refund-approval-password"
              />
            </Group>
          </Stack>
        )}
        <Group justify="space-between" mt="xs" wrap="wrap">
          <Text fw={700} data-testid="refund-amount">
            Money back: {formatMoney(preview.amount)}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="violet"
              loading={saving}
              // an unconfirmed transfer is confirmed with the refund, or no money goes back
              disabled={preview.lines.every((l) => l.quantity === 0) || (unconfirmed > 0 && !form.values.confirm_transfers)}
              leftSection={<IconReceiptRefund size={18} />}
              data-testid="refund-submit"
            >
              Refund {formatMoney(preview.amount)}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
