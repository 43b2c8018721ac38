import { Alert, Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, fieldErrors, orderUpdateSchema, type Order, type OrderUpdate, type PaymentMethod } from '@studio/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useUpdateOrder } from '../../lib/orders/orders-queries';

interface Values {
  customer_name: string;
  customer_phone: string;
  note: string;
  payment_method: PaymentMethod | null;
}

function valuesOf(order: Order): Values {
  return {
    customer_name: order.customer_name,
    customer_phone: order.customer_phone ?? '',
    note: order.note ?? '',
    payment_method: order.payment_method === 'split' ? null : order.payment_method,
  };
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/**
 * PUT /api/orders/{id} (admin): customer, phone, note and payment method. Amounts and items never change
 * after a sale. A sale that gave change stays cash; choosing one method for a split sale relabels all its payments.
 */
export function EditInvoiceModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const update = useUpdateOrder();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setValues(order ? valuesOf(order) : null);
    setErrors({});
    setFailure(null);
  }, [order]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!order || !values) return;
    setFailure(null);
    const changes: OrderUpdate = { customer_name: values.customer_name, customer_phone: values.customer_phone, note: values.note };
    // the method is sent only when it changes: relabelling payments is a deliberate act
    if (values.payment_method && values.payment_method !== order.payment_method) changes.payment_method = values.payment_method;
    const parsed = orderUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(parsed.error.issues)).map(([k, v]) => [k, v[0]!])));
      return;
    }
    try {
      await update.mutateAsync({ id: order.id, changes });
      notify.success(`Invoice ${order.invoice_no} updated.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
        if (!Object.keys(error.fieldErrors).length) setFailure(error.message);
      } else if (error instanceof ApiError) setFailure(error.message);
    }
  }

  const gaveChange = (order?.change ?? 0) > 0;
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Edit invoice ${order.invoice_no}` : 'Edit invoice'} centered data-testid="edit-invoice">
      {order && values && (
        <form onSubmit={submit} noValidate data-testid="edit-invoice-form">
          <Stack gap="sm">
            {failure && <Alert color="red">{failure}</Alert>}
            <TextInput label="Customer name" withAsterisk maxLength={100} value={values.customer_name} onChange={(e) => set('customer_name', e.currentTarget.value)} error={errors.customer_name} data-field="customer_name" />
            <TextInput label="Customer phone" maxLength={30} inputMode="tel" value={values.customer_phone} onChange={(e) => set('customer_phone', e.currentTarget.value)} error={errors.customer_phone} data-field="customer_phone" />
            <Select
              label="Payment method"
              data={METHOD_OPTIONS}
              value={values.payment_method}
              onChange={(v) => set('payment_method', v as PaymentMethod | null)}
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
              error={errors.payment_method}
              data-field="payment_method"
            />
            <Textarea label="Note" maxLength={500} rows={3} value={values.note} onChange={(e) => set('note', e.currentTarget.value)} error={errors.note} data-field="note" />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} data-testid="edit-invoice-save">
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
