import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { OUTLETS, OUTLET_LABELS, type Outlet, type Product, fieldErrors, stockTransferSchema } from '@studio/shared';
import { type FormEvent, useState } from 'react';
import { notify } from '../../lib/notify';
import { ProductModal } from './product-modal';
import { errorText, useStockTransfer } from './stock.queries';

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

type Errors = Partial<Record<'to_outlet' | 'quantity' | 'note', string>>;

function TransferForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const transfer = useStockTransfer();
  const destinations = OUTLETS.filter((o) => o !== product.outlet);
  const [toOutlet, setToOutlet] = useState<Outlet | null>(destinations[0] ?? null);
  const [count, setCount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const inStock = product.quantity ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = stockTransferSchema.safeParse({ product_id: product.id, to_outlet: toOutlet, quantity: count === '' ? undefined : count, note });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors({ to_outlet: found.to_outlet?.[0], quantity: found.quantity?.[0], note: found.note?.[0] });
      return;
    }
    setErrors({});
    try {
      const result = await transfer.mutateAsync(parsed.data);
      notify.success(`Moved ${result.quantity} × ${product.name} to ${OUTLET_LABELS[result.to.outlet]} (${result.to.quantity ?? 0} there now).`);
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="transfer-form">
      <Stack gap="md">
        <div>
          <Text fw={600}>{product.name}</Text>
          <Text size="sm" c="dimmed">
            In stock at {OUTLET_LABELS[product.outlet]}: {inStock}
          </Text>
        </div>
        {error && (
          <Alert color="red" variant="light" data-testid="transfer-error">
            {error}
          </Alert>
        )}
        <Select
          label="To outlet"
          withAsterisk
          allowDeselect={false}
          data={destinations.map((o) => ({ value: o, label: OUTLET_LABELS[o] }))}
          value={toOutlet}
          onChange={(v) => setToOutlet(v as Outlet | null)}
          error={errors.to_outlet}
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
          value={count}
          onChange={(v) => {
            setCount(v);
            setErrors(({ quantity: _gone, ...rest }) => rest);
          }}
          error={errors.quantity}
          data-autofocus
          data-field="quantity"
        />
        <Textarea label="Note" autosize minRows={2} maxRows={5} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} data-field="note" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={transfer.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={transfer.isPending} data-testid="transfer-submit">
            Transfer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
