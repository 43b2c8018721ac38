import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { type Product, products, quantityChangeSchema } from '@studio/shared';
import { FieldInput } from '../../crud/field-input';
import type { FormValue } from '../../crud/resource-ui';
import { useSchemaForm } from '../../crud/use-schema-form';
import { ProductModal } from './product-modal';
import { RESTOCK_FIELDS } from './products.ui';
import { useQuantityChange } from './stock.queries';

type Direction = 'restock' | 'write_off';
type RestockValues = { direction: Direction; quantity: number | ''; note: string } & Record<string, FormValue>;

/** What each input is called: a refusal names it so ("Quantity is required."). */
export const RESTOCK_LABELS: Readonly<Record<string, string>> = { quantity: 'Quantity', note: 'Note', ...Object.fromEntries(RESTOCK_FIELDS.map((f) => [f.name, f.label])) };
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
    initialValues: { ...detailValues(), direction: 'restock' as Direction, quantity: '' as number | '', note: '' } as RestockValues,
    // the user counts up from 1 and picks a direction; the API takes one signed change (and a restock's details)
    toBody: ({ direction, quantity, note, ...details }) => ({
      quantity: quantity === '' ? null : direction === 'restock' ? quantity : -quantity,
      note,
      ...(direction === 'restock' ? Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null && v !== '')) : {}),
    }),
    submit: async (body) => ({ delta: body.quantity, saved: await change.mutateAsync({ id: product.id, body }) }),
    successMessage: ({ delta, saved }) => `${delta > 0 ? `Added ${delta} to` : `Wrote off ${-delta} of`} ${product.name}: ${saved.quantity ?? 0} in stock.`,
    onSuccess: onClose,
    labels: RESTOCK_LABELS,
  });
  const { direction, quantity } = form.values;
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
