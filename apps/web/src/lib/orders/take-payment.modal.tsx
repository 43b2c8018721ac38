import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { MONEY_METHODS, PAYMENT_METHOD_LABELS, type Order, type PaymentMethod, orderPaymentSchema } from '@studio/shared';
import { IconCash } from '@tabler/icons-react';
import { useSchemaForm } from '../../crud/use-schema-form';
import { formatMoney } from '../format';
import { useTakeOrderPayment } from './orders-queries';

const LABELS = { method: 'Paid by', amount: 'Amount', reference: 'Transfer reference' } as const;
/** The form's body: the client_ref is moneyPost's, one per payment. */
const formSchema = orderPaymentSchema.omit({ client_ref: true });

type Values = { method: PaymentMethod; amount: number | ''; reference: string };

/** What a sale owes and its invoice number: all the modal needs (the invoice, or a client's history line). */
export type Owing = Pick<Order, 'id' | 'invoice_no' | 'balance'>;

/**
 * "Take payment" on a sale that owes (a transfer never received, issue 28): how much (the balance by default, never
 * more), how it was paid, the transfer's reference. A transfer then waits on Transfers to confirm like any other.
 */
export function TakePaymentModal({ order, onClose, onPaid }: { order: Owing | null; onClose: () => void; onPaid?: (order: Order) => void }) {
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Take payment · ${order.invoice_no}` : 'Take payment'} centered data-testid="take-payment-modal">
      {/* a fresh form each time it opens */}
      {order && <TakePaymentForm order={order} onClose={onClose} onPaid={onPaid} />}
    </Modal>
  );
}

function TakePaymentForm({ order, onClose, onPaid }: { order: Owing; onClose: () => void; onPaid?: (order: Order) => void }) {
  const take = useTakeOrderPayment();
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: formSchema,
    initialValues: { method: 'cash', amount: order.balance, reference: '' } as Values,
    toBody: (v) => ({ method: v.method, amount: v.amount === '' ? undefined : v.amount, reference: v.method === 'transfer' && v.reference ? v.reference : null }),
    submit: (body) => take.mutateAsync({ id: order.id, body }),
    successMessage: (o) => (o.balance > 0 ? `Payment taken on ${o.invoice_no}: it still owes ${formatMoney(o.balance)}.` : `Payment taken: ${o.invoice_no} is paid in full.`),
    onSuccess: (o) => {
      onPaid?.(o);
      onClose();
    },
    labels: LABELS,
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="take-payment-form">
      <Stack gap="sm">
        <Text size="sm">
          Invoice <b>{order.invoice_no}</b> owes <b data-testid="take-payment-balance">{formatMoney(order.balance)}</b>.
        </Text>
        {formError && (
          <Alert color="red" variant="light" data-testid="take-payment-error">
            {formError}
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500} mb={4}>
            {LABELS.method}
          </Text>
          <SegmentedControl
            fullWidth
            data={MONEY_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            value={form.values.method}
            onChange={(v) => form.setFieldValue('method', v as PaymentMethod)}
            aria-label={LABELS.method}
            data-testid="take-payment-method"
          />
        </div>
        <NumberInput label={LABELS.amount} withAsterisk min={0.01} max={order.balance} decimalScale={2} thousandSeparator="," prefix="₦" {...form.getInputProps('amount')} data-field="amount" data-testid="take-payment-amount" />
        {form.values.method === 'transfer' && (
          <TextInput label={LABELS.reference} description="It waits on Transfers to confirm until an admin sees it on the statement." {...form.getInputProps('reference')} data-field="reference" />
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} leftSection={<IconCash size={18} />} data-testid="take-payment-submit">
            Take payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
