import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { MONEY_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod, type Product, products, quantityChangeSchema } from '@studio/shared';
import { FieldInput } from '../../crud/field-input';
import { toBody as fieldsToBody } from '../../crud/form-values';
import { formatMoney } from '../../lib/format';
import type { FormValue } from '../../crud/resource-ui';
import { useSchemaForm } from '../../crud/use-schema-form';
import { ProductModal } from './product-modal';
import { RESTOCK_FIELDS } from './products.ui';
import { useQuantityChange } from './stock.queries';

type Direction = 'restock' | 'write_off';
/** What the restock's cost became (issue 28): nothing recorded, paid now (an expense), or owed to the supplier. */
type Paid = 'none' | 'now' | 'owed';
type RestockValues = { direction: Direction; quantity: number | ''; note: string; paid: Paid; payment_method: PaymentMethod } & Record<string, FormValue>;

/** What each input is called: a refusal names it so ("Quantity is required."). */
export const RESTOCK_LABELS: Readonly<Record<string, string>> = {
  quantity: 'Quantity',
  note: 'Note',
  paid: 'What it cost',
  payment_method: 'Paid by',
  ...Object.fromEntries(RESTOCK_FIELDS.map((f) => [f.name, f.label])),
};

/**
 * The restock's details as the API takes them: each declared field converted by its kind (a supplier chosen in the
 * select is its id as a number, not the select's text: issue 34), the empty ones left out.
 */
export function restockDetailsBody(details: Record<string, FormValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fieldsToBody(RESTOCK_FIELDS, 'create', details)).filter(([, v]) => v !== null && v !== ''));
}
/** The restock's declared details (RESTOCK_FIELDS), empty to start. */
const detailValues = (): Record<string, FormValue> => Object.fromEntries(RESTOCK_FIELDS.map((f) => [f.name, f.defaultValue ?? null]));

export interface RestockModalProps {
  product: Product | null;
  onClose: () => void;
}

/** Restock or write off one product: a positive count and a direction, sent as a signed change with an optional note; a 422 (more than in stock) shows under the quantity. */
export function RestockModal({ product, onClose }: RestockModalProps) {
  return (
    <ProductModal product={product} title="Restock / write-off" onClose={onClose} testId="restock-modal">
      {(p) => <RestockForm product={p} onClose={onClose} />}
    </ProductModal>
  );
}

function RestockForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const change = useQuantityChange();
  const inStock = product.quantity ?? 0;
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: quantityChangeSchema,
    initialValues: { ...detailValues(), direction: 'restock' as Direction, quantity: '' as number | '', note: '', paid: 'none' as Paid, payment_method: 'cash' as PaymentMethod } as RestockValues,
    // the user counts up from 1 and picks a direction; the API takes one signed change (and a restock's details)
    toBody: ({ direction, quantity, note, paid, payment_method, ...details }) => {
      const restock = direction === 'restock';
      const detailBody = restock ? restockDetailsBody(details) : {};
      // what it cost is recorded only with a unit cost, as paid now (by a method) or owed to the supplier
      const costed = restock && paid !== 'none' && detailBody.unit_cost !== undefined;
      return {
        quantity: quantity === '' ? null : restock ? quantity : -quantity,
        note,
        ...detailBody,
        ...(costed ? { paid, ...(paid === 'now' ? { payment_method } : {}) } : {}),
      };
    },
    submit: async (body) => ({ delta: body.quantity, saved: await change.mutateAsync({ id: product.id, body }) }),
    successMessage: ({ delta, saved }) => `${delta > 0 ? `Added ${delta} to` : `Wrote off ${-delta} of`} ${product.name}: ${saved.quantity ?? 0} in stock.`,
    onSuccess: onClose,
    labels: RESTOCK_LABELS,
  });
  const { direction, quantity } = form.values;
  const unitCost = form.values.unit_cost;
  const hasCost = unitCost !== null && unitCost !== '' && Number(unitCost) > 0;
  const cost = hasCost && quantity !== '' ? Math.round(Number(unitCost) * 100 * quantity) / 100 : null;
  const after = quantity === '' ? null : inStock + (direction === 'restock' ? quantity : -quantity);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="restock-form">
      <Stack gap="md">
        <div>
          <Text fw={600}>{product.name}</Text>
          <Text size="sm" c="dimmed" data-testid="restock-in-stock">
            In stock: {inStock}
          </Text>
        </div>
        {formError && (
          <Alert color="red" variant="light" data-testid="restock-error">
            {formError}
          </Alert>
        )}
        <SegmentedControl
          fullWidth
          {...form.getInputProps('direction')}
          data={[
            { value: 'restock', label: 'Restock (add)' },
            { value: 'write_off', label: 'Write off (remove)' },
          ]}
          color={direction === 'restock' ? 'teal' : 'red'}
          data-testid="restock-direction"
        />
        <NumberInput
          label={RESTOCK_LABELS.quantity}
          withAsterisk
          min={1}
          allowNegative={false}
          allowDecimal={false}
          inputMode="numeric"
          {...form.getInputProps('quantity')}
          data-autofocus
          data-field="quantity"
        />
        {direction === 'restock' &&
          RESTOCK_FIELDS.map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              resource={products}
              value={form.values[field.name] ?? null}
              error={form.errors[field.name]}
              onChange={(value) => form.setFieldValue(field.name, value)}
            />
          ))}
        {direction === 'restock' && hasCost && (
          <Stack gap={6} data-testid="restock-paid">
            <Text size="sm" fw={500}>
              {RESTOCK_LABELS.paid}
              {cost !== null && ` (${formatMoney(cost)})`}
            </Text>
            <SegmentedControl
              fullWidth
              {...form.getInputProps('paid')}
              data={[
                { value: 'none', label: 'Not recorded' },
                { value: 'now', label: 'Paid now' },
                { value: 'owed', label: 'Owed to supplier' },
              ]}
              aria-label={RESTOCK_LABELS.paid}
              data-testid="restock-paid-choice"
            />
            {form.values.paid === 'now' && (
              <SegmentedControl
                fullWidth
                {...form.getInputProps('payment_method')}
                data={MONEY_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                aria-label={RESTOCK_LABELS.payment_method}
                data-testid="restock-payment-method"
              />
            )}
            <Text size="xs" c={form.errors.supplier_id || form.errors.payment_method ? 'red' : 'dimmed'}>
              {form.values.paid === 'now'
                ? 'An expense "Stock purchases" in Income & Expenses today (in the day close when cash).'
                : form.values.paid === 'owed'
                  ? (form.errors.supplier_id ?? "On the supplier's page as owed until it is paid.")
                  : 'The unit cost is kept on the restock; no purchase is recorded.'}
            </Text>
          </Stack>
        )}
        <Textarea
          label={RESTOCK_LABELS.note}
          placeholder={direction === 'restock' ? 'Supplier, invoice number...' : 'Damaged, expired, used in the salon...'}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('note')}
          data-field="note"
        />
        <Text size="sm" c={after !== null && after < 0 ? 'red' : 'dimmed'} data-testid="restock-after">
          Stock after: {after === null ? '—' : after}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color={direction === 'restock' ? 'teal' : 'red'} loading={saving} data-testid="restock-submit">
            {direction === 'restock' ? 'Restock' : 'Write off'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
