import { Badge, Group, Kbd, Loader, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { Product } from '@studio/shared';
import { IconBarcode, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useMemo, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { searchProducts } from './cart';
import classes from './pos.module.css';

interface Props {
  products: readonly Product[] | undefined;
  loading: boolean;
  inCart: ReadonlyMap<number, number>;
  onAdd: (product: Product) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * Find by name or SKU as you type. A barcode scanner types the SKU and Enter: an exact SKU match is added
 * at once. Arrow keys move through the results and Enter adds the highlighted one.
 */
export function ProductPicker({ products, loading, inCart, onAdd, inputRef }: Props) {
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(0);
  const results = useMemo(() => searchProducts(products ?? [], text, 60), [products, text]);

  function add(product: Product | undefined) {
    if (!product) return;
    onAdd(product);
    setText('');
    setHighlight(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((h) => Math.min(h + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const q = text.trim().toLowerCase();
      const exactSku = q ? results.find((p) => p.sku?.toLowerCase() === q) : undefined;
      add(exactSku ?? (text.trim() ? results[highlight] : undefined));
    } else if (event.key === 'Escape') {
      setText('');
    }
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <TextInput
        ref={inputRef}
        size="md"
        placeholder="Scan a barcode or type a name or SKU"
        aria-label="Find a product"
        leftSection={<IconSearch size={18} />}
        rightSection={<IconBarcode size={18} />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
        autoComplete="off"
        data-autofocus
        data-testid="pos-search"
      />
      <Group gap={6} mt={6} visibleFrom="sm">
        <Text size="xs" c="dimmed">
          <Kbd size="xs">/</Kbd> search · <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> choose · <Kbd size="xs">Enter</Kbd> add · <Kbd size="xs">F9</Kbd> charge
        </Text>
      </Group>
      <div className={classes.results} data-testid="pos-results">
        {loading && (
          <Group justify="center" py="xl">
            <Loader type="dots" />
          </Group>
        )}
        {!loading && results.length === 0 && (
          <Text c="dimmed" ta="center" py="xl" data-testid="pos-no-results">
            {text ? `Nothing for sale matches “${text}”.` : 'Nothing to sell at this outlet yet.'}
          </Text>
        )}
        {results.map((p, i) => {
          const taken = inCart.get(p.id) ?? 0;
          const left = p.kind === 'service' || p.quantity === null ? null : p.quantity - taken;
          return (
            <UnstyledButton
              key={p.id}
              className={classes.result}
              data-highlighted={i === highlight && text ? true : undefined}
              onClick={() => add(p)}
              disabled={left !== null && left <= 0}
              data-testid="pos-result"
              aria-label={`Add ${p.name}`}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm" truncate="end">
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {[p.sku, p.category].filter(Boolean).join(' · ') || (p.kind === 'service' ? 'Service' : '')}
                </Text>
              </div>
              {left === null ? (
                <Badge variant="light" color="blush">
                  Service
                </Badge>
              ) : (
                <Badge variant="light" color={left <= 0 ? 'red' : left <= p.reorder_level ? 'orange' : 'teal'}>
                  {left} left
                </Badge>
              )}
              <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.price)}
              </Text>
            </UnstyledButton>
          );
        })}
      </div>
    </Paper>
  );
}
