import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { OUTLETS, OUTLET_LABELS, type Outlet, type Product, stockTransferSchema, TRANSFER_REORDER_LEVEL } from '@studio/shared';
import { useSchemaForm } from '../../crud/use-schema-form';
import { ProductModal } from './product-modal';
import { useStockTransfer } from './stock.queries';

export interface TransferModalProps {
  product: Product | null;
  onClose: () => void;
}

/** What each input is called: a refusal names it so ("Quantity is required."). */
export const TRANSFER_LABELS = { to_outlet: 'To outlet', quantity: 'Quantity', reorder_level: 'Reorder level there', note: 'Note' } as const;

/**
 * Moves stock of a product to the same item at another outlet (the API matches it by SKU, else name, or creates it
 * there with its own SKU, and the reorder level given here when there is one, else 0).
 */
export function TransferModal({ product, onClose }: TransferModalProps) {
  return (
    <ProductModal product={product} title="Transfer to another outlet" onClose={onClose} testId="transfer-modal">
      {(p) => <TransferForm product={p} onClose={onClose} />}
    </ProductModal>
  );
}

function TransferForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const transfer = useStockTransfer();
  const destinations = OUTLETS.filter((o) => o !== product.outlet);
  const inStock = product.quantity ?? 0;
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: stockTransferSchema,
    initialValues: { to_outlet: (destinations[0] ?? null) as Outlet | null, quantity: '' as number | '', reorder_level: '' as number | '', note: '' },
    toBody: (v) => ({ ...v, product_id: product.id, quantity: v.quantity === '' ? undefined : v.quantity, reorder_level: v.reorder_level === '' ? undefined : v.reorder_level }),
    submit: (body) => transfer.mutateAsync(body),
    successMessage: (result) => `Moved ${result.quantity} × ${product.name} to ${OUTLET_LABELS[result.to.outlet]} (${result.to.quantity ?? 0} there now).`,
    onSuccess: onClose,
    labels: TRANSFER_LABELS,
  });
  const destination = form.values.to_outlet ? OUTLET_LABELS[form.values.to_outlet] : 'the other outlet';

  return (
    <form onSubmit={onSubmit} noValidate data-testid="transfer-form">
      <Stack gap="md">
        <div>
          <Text fw={600}>{product.name}</Text>
          <Text size="sm" c="dimmed">
            In stock at {OUTLET_LABELS[product.outlet]}: {inStock}
          </Text>
        </div>
        {formError && (
          <Alert color="red" variant="light" data-testid="transfer-error">
            {formError}
          </Alert>
        )}
        <Select
          label={TRANSFER_LABELS.to_outlet}
          withAsterisk
          allowDeselect={false}
          data={destinations.map((o) => ({ value: o, label: OUTLET_LABELS[o] }))}
          {...form.getInputProps('to_outlet')}
          comboboxProps={{ withinPortal: true }}
          data-field="to_outlet"
        />
        <NumberInput
          label={TRANSFER_LABELS.quantity}
          withAsterisk
          description={`At most ${inStock}`}
          min={1}
          allowNegative={false}
          allowDecimal={false}
          inputMode="numeric"
          {...form.getInputProps('quantity')}
          data-autofocus
          data-field="quantity"
        />
        <NumberInput
          label={TRANSFER_LABELS.reorder_level}
          description={`Only if ${destination} has no ${product.name} yet: the transfer creates it with its own SKU and this reorder level (empty: ${TRANSFER_REORDER_LEVEL}).`}
          placeholder={String(TRANSFER_REORDER_LEVEL)}
          min={0}
          allowNegative={false}
          allowDecimal={false}
          inputMode="numeric"
          {...form.getInputProps('reorder_level')}
          data-field="reorder_level"
        />
        <Textarea label={TRANSFER_LABELS.note} autosize minRows={2} maxRows={5} {...form.getInputProps('note')} data-field="note" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} data-testid="transfer-submit">
            Transfer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
