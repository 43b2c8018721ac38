import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type Order, orderVoidSchema } from '@studio/shared';
import { useSchemaForm } from '../../crud/use-schema-form';
import { formatMoney } from '../../lib/format';
import { useVoidOrder } from '../../lib/orders/orders-queries';

const LABELS = { reason: 'Reason' } as const;

/**
 * Asks before DELETE /api/orders/{id}: a void cannot be undone (the stock returns, the sale leaves every total),
 * and it needs a reason, which the invoice then shows with who voided it and when.
 */
export function VoidInvoiceModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Modal opened={order !== null} onClose={onClose} title="Void invoice" centered data-testid="void-confirm">
      {/* a fresh, empty reason each time it opens */}
      {order && <VoidInvoiceForm order={order} onClose={onClose} />}
    </Modal>
  );
}

function VoidInvoiceForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const voidOrder = useVoidOrder();
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: orderVoidSchema,
    initialValues: { reason: '' },
    labels: LABELS,
    submit: (body) => voidOrder.mutateAsync({ id: order.id, reason: body.reason }),
    successMessage: `Invoice ${order.invoice_no} is now void.`,
    onSuccess: onClose,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text>
          Void invoice <b>{order.invoice_no}</b> of {order.customer_name} ({formatMoney(order.total)})?
        </Text>
        <Text size="sm" c="dimmed">
          The items go back into stock and the sale leaves every total. This cannot be undone.
        </Text>
        {formError && (
          <Alert color="red" data-testid="void-error">
            {formError}
          </Alert>
        )}
        <Textarea
          label={LABELS.reason}
          description="Shown on the invoice with your name and the time."
          placeholder="e.g. Rung up twice"
          withAsterisk
          autosize
          minRows={2}
          maxLength={200}
          data-autofocus
          {...form.getInputProps('reason')}
          data-testid="void-reason"
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={saving} data-testid="confirm-void">
            Void invoice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
