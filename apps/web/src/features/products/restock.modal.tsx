import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { type Product, fieldErrors, quantityChangeSchema } from '@studio/shared';
import { type FormEvent, useState } from 'react';
import { notify } from '../../lib/notify';
import { ProductModal } from './product-modal';
import { errorText, useQuantityChange } from './stock.queries';

type Direction = 'restock' | 'write_off';

export interface RestockModalProps {
  product: Product | null;
  onClose: () => void;
}

/** Restock or write off one product: a positive count and a direction, sent as a signed change with an optional note. */
export function RestockModal({ product, onClose }: RestockModalProps) {
  return (
    <ProductModal product={product} title="Restock / write-off" onClose={onClose} testId="restock-modal">
      {(p) => <RestockForm product={p} onClose={onClose} />}
    </ProductModal>
  );
}

function RestockForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const change = useQuantityChange();
  const [direction, setDirection] = useState<Direction>('restock');
  const [count, setCount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [countError, setCountError] = useState<string | null>(null);
  const inStock = product.quantity ?? 0;
  const amount = typeof count === 'number' ? count : Number.NaN;
  const delta = direction === 'restock' ? amount : -amount;
  const after = Number.isFinite(delta) ? inStock + delta : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!Number.isInteger(amount) || amount < 1) {
      setCountError('Enter a whole number of at least 1.');
      return;
    }
    const parsed = quantityChangeSchema.safeParse({ quantity: delta, note });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      setCountError(errors.quantity?.[0] ?? null);
      setError(errors.note?.[0] ?? null);
      return;
    }
    setCountError(null);
    try {
      const saved = await change.mutateAsync({ id: product.id, body: { quantity: parsed.data.quantity, note: parsed.data.note } });
      const verb = delta > 0 ? `Added ${delta} to` : `Wrote off ${-delta} of`;
      notify.success(`${verb} ${product.name}: ${saved.quantity ?? 0} in stock.`);
      onClose();
    } catch (e) {
      // a write-off larger than the stock is a 422: "Only 3 in stock: the quantity cannot go below 0."
      setError(errorText(e));
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="restock-form">
      <Stack gap="md">
        <div>
          <Text fw={600}>{product.name}</Text>
          <Text size="sm" c="dimmed" data-testid="restock-in-stock">
            In stock: {inStock}
          </Text>
        </div>
        {error && (
          <Alert color="red" variant="light" data-testid="restock-error">
            {error}
          </Alert>
        )}
        <SegmentedControl
          fullWidth
          value={direction}
          onChange={(v) => setDirection(v as Direction)}
          data={[
            { value: 'restock', label: 'Restock (add)' },
            { value: 'write_off', label: 'Write off (remove)' },
          ]}
          color={direction === 'restock' ? 'teal' : 'red'}
          data-testid="restock-direction"
        />
        <NumberInput
          label="Quantity"
          withAsterisk
          min={1}
          allowNegative={false}
          allowDecimal={false}
          inputMode="numeric"
          value={count}
          onChange={(v) => {
            setCount(v);
            setCountError(null);
          }}
          error={countError}
          data-autofocus
          data-field="quantity"
        />
        <Textarea
          label="Note"
          placeholder={direction === 'restock' ? 'Supplier, invoice number...' : 'Damaged, expired, used in the salon...'}
          autosize
          minRows={2}
          maxRows={5}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          data-field="note"
        />
        <Text size="sm" c={after !== null && after < 0 ? 'red' : 'dimmed'} data-testid="restock-after">
          Stock after: {after === null ? '—' : after}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" color={direction === 'restock' ? 'teal' : 'red'} loading={change.isPending} data-testid="restock-submit">
            {direction === 'restock' ? 'Restock' : 'Write off'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
