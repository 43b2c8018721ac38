import { Badge, Button, Group, Kbd, Loader, Paper, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Outlet, TillItem } from '@studio/shared';
import { IconAlertCircle, IconBarcode, IconCircleCheck, IconPackageImport, IconSearch } from '@tabler/icons-react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { formatMoney } from '../../lib/format';
import { searchTill, tillIndex } from './till-search';
import classes from './product-picker.module.css';

interface Props {
  outlet: Outlet;
  products: readonly TillItem[] | undefined;
  loading: boolean;
  inCart: ReadonlyMap<number, number>;
  /** Stock is the device's estimate (offline, or sales still waiting to be sent): shown "≈". */
  approximate?: boolean;
  onAdd: (product: TillItem) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** What the last add did, shown for a moment: the cashier on a phone cannot see the cart. */
interface Added {
  id: number;
  name: string;
  /** The add was refused: the till has no more of it. */
  none: boolean;
  /** Restarts the animation when the same item is added again. */
  n: number;
}

const ADDED_MS = 2500;

/** What Enter adds for the text typed: the exact SKU (a scanner), else the highlighted result. */
function scanned(typed: string, results: readonly TillItem[], highlight: number): TillItem | undefined {
  const q = typed.toLowerCase();
  const exactSku = q ? results.find((p) => p.sku?.toLowerCase() === q) : undefined;
  return exactSku ?? (typed ? results[highlight] : undefined);
}

/**
 * Find by name or SKU as you type. A barcode scanner types the SKU and Enter: an exact SKU match is added
 * at once. Arrow keys move through the results and Enter adds the highlighted one. The list is virtual:
 * an outlet with 5,000 items renders the twenty rows in view, so a keystroke stays quick.
 */
export const ProductPicker = memo(function ProductPicker({ outlet, products, loading, inCart, approximate = false, onAdd, inputRef }: Props) {
  const admin = isAdmin(useCurrentUser());
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [added, setAdded] = useState<Added | null>(null);
  // the box shows each key at once; the list follows as soon as the browser is free
  const query = useDeferredValue(text);
  const index = useMemo(() => tillIndex(products ?? []), [products]);
  const results = useMemo(() => searchTill(index, query), [index, query]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // the virtualizer re-renders this component itself, and no memoised child receives its functions
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 62,
    overscan: 6,
    getItemKey: (i) => results[i]!.id,
    // without layout (a hidden box, jsdom) render a screenful rather than nothing
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: 600 })),
  });

  useEffect(() => {
    if (!added) return;
    const t = window.setTimeout(() => setAdded(null), ADDED_MS);
    return () => window.clearTimeout(t);
  }, [added]);

  useEffect(() => {
    if (results.length) virtualizer.scrollToIndex(Math.min(highlight, results.length - 1), { align: 'auto' });
  }, [highlight, results.length, virtualizer]);

  function add(product: TillItem | undefined) {
    if (!product) return;
    const taken = inCart.get(product.id) ?? 0;
    const none = product.kind === 'product' && product.quantity !== null && taken >= product.quantity;
    if (!none) onAdd(product);
    setAdded((a) => ({ id: product.id, name: product.name, none, n: (a?.n ?? 0) + 1 }));
    setText('');
    setHighlight(0);
  }

  // one callback for every row, so a row redraws only when what it shows changes (a keystroke redraws none)
  const latestAdd = useRef(add);
  useEffect(() => {
    latestAdd.current = add;
  });
  const pick = useCallback((p: TillItem) => latestAdd.current(p), []);

  // scans made as the till opens, before the outlet's list has come: kept in order, each added when the list comes (the
  // cart caps each line at the stock, as for any add)
  const [waitingScans, setWaitingScans] = useState<readonly string[]>([]);
  useEffect(() => {
    if (waitingScans.length === 0 || !products) return;
    setWaitingScans([]);
    for (const scan of waitingScans) latestAdd.current(scanned(scan, searchTill(index, scan), 0));
  }, [waitingScans, products, index]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((h) => Math.min(h + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const typed = text.trim();
      if (!products && typed) {
        // the box is cleared for the next scan, as an add clears it
        setWaitingScans((scans) => [...scans, typed]);
        setText('');
      }
      // a scanner is faster than a render: search the text as typed, not the deferred list
      else add(scanned(typed, typed === query.trim() ? results : searchTill(index, typed), highlight));
    } else if (event.key === 'Escape') {
      setText('');
    }
  }

  const empty = !loading && (products?.length ?? 0) === 0;

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
      {loading && (
        <Stack align="center" gap="xs" py="xl">
          <Loader type="dots" />
          {waitingScans.length > 0 && (
            <Text size="sm" c="dimmed" role="status" data-testid="pos-scans-waiting">
              {waitingScans.length === 1 ? '1 scan kept' : `${waitingScans.length} scans kept`}: added when the list has loaded
            </Text>
          )}
        </Stack>
      )}
      {empty && <EmptyOutlet outlet={outlet} admin={admin} />}
      {!loading && !empty && results.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="pos-no-results">
          Nothing for sale matches “{query}”.
        </Text>
      )}
      <div ref={scrollRef} className={classes.results} data-testid="pos-results" data-count={results.length} data-query={query} hidden={results.length === 0}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const p = results[row.index]!;
            const taken = inCart.get(p.id) ?? 0;
            const left = p.kind === 'service' || p.quantity === null ? null : p.quantity - taken;
            return (
              <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} className={classes.row} style={{ transform: `translateY(${row.start}px)` }}>
                <TillRow
                  item={p}
                  left={left}
                  approximate={approximate}
                  highlighted={row.index === highlight && text !== ''}
                  justAdded={added && !added.none && added.id === p.id ? added.n : undefined}
                  onPick={pick}
                />
              </div>
            );
          })}
        </div>
      </div>
      {added && (
        <div key={added.n} className={classes.added} role="status" aria-live="polite" data-testid="pos-added" data-refused={added.none || undefined}>
          {added.none ? <IconAlertCircle size={18} /> : <IconCircleCheck size={18} />}
          <span>{added.none ? `No more ${added.name} in stock` : `Added ${added.name} ×${inCart.get(added.id) ?? 1}`}</span>
        </div>
      )}
    </Paper>
  );
});

interface RowProps {
  item: TillItem;
  /** Stock the till may still add (the cart's share taken off); null for a service. */
  left: number | null;
  approximate: boolean;
  highlighted: boolean;
  justAdded: number | undefined;
  onPick: (item: TillItem) => void;
}

/** One item of the till's list: name in full, SKU and category, price, and how many are left. */
const TillRow = memo(function TillRow({ item: p, left, approximate, highlighted, justAdded, onPick }: RowProps) {
  return (
    <UnstyledButton
      className={classes.result}
      data-highlighted={highlighted || undefined}
      data-just-added={justAdded}
      onClick={() => onPick(p)}
      disabled={left !== null && left <= 0}
      data-testid="pos-result"
    >
      {/* named by its content (name, code, price, stock) after "Add": every visible word is in its name */}
      <VisuallyHidden>Add </VisuallyHidden>
      <div className={classes.text}>
        <Text fw={600} size="sm" className={classes.name} data-testid="pos-result-name">
          {p.name}
        </Text>
        <Text size="xs" c="dimmed" className={classes.name}>
          {[p.sku, p.category].filter(Boolean).join(' · ') || (p.kind === 'service' ? 'Service' : '')}
        </Text>
      </div>
      <div className={classes.figures}>
        <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(p.price)}
        </Text>
        {left === null ? (
          <Badge variant="light" color="blush">
            Service
          </Badge>
        ) : (
          <Badge variant="light" color={left <= 0 ? 'red' : left <= p.reorder_level ? 'orange' : 'teal'}>
            {approximate ? `≈ ${left}` : left} left
          </Badge>
        )}
      </div>
    </UnstyledButton>
  );
});

/** An outlet with nothing to sell: admins get the way to stock it, staff learn whom to ask. */
function EmptyOutlet({ outlet, admin }: { outlet: Outlet; admin: boolean }) {
  return (
    <div className={classes.empty} data-testid="pos-no-results">
      <Text fw={600}>Nothing to sell at this outlet yet.</Text>
      {admin ? (
        <>
          <Text size="sm" c="dimmed">
            Add products or services, or restock the ones that have run out.
          </Text>
          <Button component={Link} to={`/products/manage/${outlet}`} leftSection={<IconPackageImport size={18} />} data-testid="pos-empty-add">
            Add or restock products
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed" data-testid="pos-empty-ask">
          Ask an admin to add products to this outlet, or to restock the ones that have run out.
        </Text>
      )}
    </div>
  );
}
