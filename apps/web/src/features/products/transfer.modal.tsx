import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { OUTLETS, OUTLET_LABELS, type Outlet, type Product, stockTransferSchema } from '@studio/shared';
import { useSchemaForm } from '../../crud/use-schema-form';
import { ProductModal } from './product-modal';
import { useStockTransfer } from './stock.queries';

export interface TransferModalProps {
  product: Product | null;
  onClose: () => void;
}

/** Moves stock of a product to the same item at another outlet (the API matches it by SKU, else name, or creates it there). */
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
    initialValues: { to_outlet: (destinations[0] ?? null) as Outlet | null, quantity: '' as number | '', note: '' },
    toBody: (v) => ({ ...v, product_id: product.id, quantity: v.quantity === '' ? undefined : v.quantity }),
    submit: (body) => transfer.mutateAsync(body),
    successMessage: (result) => `Moved ${result.quantity} × ${product.name} to ${OUTLET_LABELS[result.to.outlet]} (${result.to.quantity ?? 0} there now).`,
    onSuccess: onClose,
  });

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
          label="To outlet"
          withAsterisk
          allowDeselect={false}
          data={destinations.map((o) => ({ value: o, label: OUTLET_LABELS[o] }))}
          {...form.getInputProps('to_outlet')}
          comboboxProps={{ withinPortal: true }}
          data-field="to_outlet"
        />
        <NumberInput
          label="Quantity"
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
        <Textarea label="Note" autosize minRows={2} maxRows={5} {...form.getInputProps('note')} data-field="note" />
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
