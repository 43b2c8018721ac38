import { Alert, Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { methodOptions, orderUpdateSchema, type Order, type PaymentMethod } from '@studio/shared';
import { useSchemaForm } from '../../crud/use-schema-form';
import { useUpdateOrder } from '../../lib/orders/orders-queries';

const METHOD_OPTIONS = methodOptions('till');

/**
 * PUT /api/orders/{id} (admin): customer, phone, note and payment method. Amounts and items never change
 * after a sale. A sale that gave change stays cash; choosing one method for a split sale relabels all its payments.
 */
export function EditInvoiceModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Edit invoice ${order.invoice_no}` : 'Edit invoice'} centered data-testid="edit-invoice">
      {/* remounts per invoice, so the fields always start from the invoice shown */}
      {order && <EditInvoiceForm key={order.id} order={order} onClose={onClose} />}
    </Modal>
  );
}

function EditInvoiceForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const update = useUpdateOrder();
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: orderUpdateSchema,
    initialValues: {
      customer_name: order.customer_name,
      customer_phone: order.customer_phone ?? '',
      note: order.note ?? '',
      payment_method: (order.payment_method === 'split' ? null : order.payment_method) as PaymentMethod | null,
    },
    // the method is sent only when it changes: relabelling payments is a deliberate act
    toBody: ({ payment_method, ...changes }) => (payment_method && payment_method !== order.payment_method ? { ...changes, payment_method } : changes),
    submit: (changes) => update.mutateAsync({ id: order.id, changes }),
    successMessage: `Invoice ${order.invoice_no} updated.`,
    onSuccess: onClose,
  });

  const gaveChange = order.change > 0;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="edit-invoice-form">
      <Stack gap="sm">
        {formError && <Alert color="red">{formError}</Alert>}
        <TextInput label="Customer name" withAsterisk maxLength={100} {...form.getInputProps('customer_name')} data-field="customer_name" />
        <TextInput label="Customer phone" maxLength={30} inputMode="tel" {...form.getInputProps('customer_phone')} data-field="customer_phone" />
        <Select
          label="Payment method"
          data={METHOD_OPTIONS}
          {...form.getInputProps('payment_method')}
          placeholder={order.payment_method === 'split' ? 'Split (several methods)' : undefined}
          description={
            gaveChange
              ? 'This sale gave change in cash, so it stays a cash sale.'
              : order.payment_method === 'split'
                ? 'Choosing one method records every payment of this sale under it.'
                : undefined
          }
          disabled={gaveChange}
          allowDeselect={false}
          data-field="payment_method"
        />
        <Textarea label="Note" maxLength={500} rows={3} {...form.getInputProps('note')} data-field="note" />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} data-testid="edit-invoice-save">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
