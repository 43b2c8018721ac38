import { Badge, Drawer, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type MovementReason, type Product, products, type StockMovement } from '@studio/shared';
import { useState } from 'react';
import { renderCell } from '../../crud/cells';
import type { ColumnKind, FieldKind } from '../../crud/resource-ui';
import { formatDateTime } from '../../lib/format';
import { MOVEMENT_REASON_LABELS, RESTOCK_FIELDS, StockBadge } from './products.ui';
import { useStockMovements } from './stock.queries';
import classes from './products.module.css';
import { SkeletonRows } from '../../lib/ui/table-parts';

const REASON_COLORS: Record<MovementReason, string> = {
  opening: 'gray',
  sale: 'blue',
  void: 'grape',
  refund: 'violet',
  restock: 'teal',
  write_off: 'red',
  adjustment: 'yellow',
  transfer_in: 'cyan',
  transfer_out: 'orange',
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function ReasonBadge({ reason }: { reason: MovementReason }) {
  return (
    <Badge variant="light" color={REASON_COLORS[reason]} miw="max-content" data-testid="movement-reason">
      {MOVEMENT_REASON_LABELS[reason]}
    </Badge>
  );
}

const CELL_KINDS: Partial<Record<FieldKind, ColumnKind>> = { reference: 'reference', money: 'money', date: 'date', boolean: 'boolean' };

/** A restock's declared details (RESTOCK_FIELDS) that it has: "Supplier: Glow Ltd · Unit cost: ₦1,200.00". */
function RestockDetails({ movement }: { movement: StockMovement }) {
  const shown = RESTOCK_FIELDS.filter((f) => (movement as Record<string, unknown>)[f.name] != null);
  if (!shown.length) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="movement-details">
      {shown.map((f, i) => (
        <span key={f.name}>
          {i ? ' · ' : ''}
          {f.label}: {renderCell({ key: f.name as keyof StockMovement & string, label: f.label, kind: CELL_KINDS[f.kind] ?? 'text' }, movement, products)}
        </span>
      ))}
    </Text>
  );
}

export interface StockHistoryDrawerProps {
  product: Product | null;
  onClose: () => void;
}

/** The stock ledger of one product, newest first: when, why, the change, the count after it, who and their note. */
export function StockHistoryDrawer({ product, onClose }: StockHistoryDrawerProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={product !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={<Text fw={700}>Stock history</Text>}
      data-testid="stock-history"
    >
      {product && <History key={product.id} product={product} phone={Boolean(phone)} />}
    </Drawer>
  );
}

function History({ product, phone }: { product: Product; phone: boolean }) {
  const [page, setPage] = useState(1);
  const movements = useStockMovements(product.id, page);
  const rows = movements.data?.data ?? [];
  const lastPage = Math.max(1, movements.data?.last_page ?? 1);
  const total = movements.data?.total ?? 0;

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>{product.name}</Text>
          <Text size="sm" c="dimmed">
            {product.sku ? `${product.sku} · ` : ''}
            {product.quantity ?? 0} in stock
          </Text>
        </div>
        <StockBadge product={product} />
      </Group>
      {phone ? (
        // a phone reads the ledger as a list: what and how much on one line, when, who and why under it
        <Stack gap={0} className={classes.ledger} data-testid="movements-list">
          {movements.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={40} my={6} radius="sm" />)}
          {!movements.isPending && rows.length === 0 && (
            <Text ta="center" c="dimmed" py="md" data-testid="movements-empty">
              {movements.isError ? 'The history could not be loaded.' : 'No stock changes yet.'}
            </Text>
          )}
          {rows.map((m) => (
            <div key={m.id} className={classes.ledgerRow} data-testid="movement-row">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <ReasonBadge reason={m.reason} />
                <Text size="sm">
                  <Text span fw={700} c={m.change > 0 ? 'teal.7' : 'red.7'} data-testid="movement-change">
                    {signed(m.change)}
                  </Text>
                  <Text span c="dimmed">
                    {' '}→{' '}
                  </Text>
                  <Text span fw={600} data-testid="movement-after">
                    {m.quantity_after}
                  </Text>
                </Text>
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {formatDateTime(m.created_at)}
                {m.user ? ` · ${m.user.name}` : ''}
              </Text>
              {m.note && (
                <Text size="sm" mt={2}>
                  {m.note}
                </Text>
              )}
              <RestockDetails movement={m} />
            </div>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={600} type="native">
          <Table striped verticalSpacing="xs" fz="sm" data-testid="movements-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
                <Table.Th ta="right">After</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movements.isPending && <SkeletonRows rows={4} columns={6} />}
              {!movements.isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text ta="center" c="dimmed" py="md" data-testid="movements-empty">
                      {movements.isError ? 'The history could not be loaded.' : 'No stock changes yet.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((m) => (
                <Table.Tr key={m.id} data-testid="movement-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={REASON_COLORS[m.reason]} style={{ whiteSpace: 'nowrap' }} data-testid="movement-reason">
                      {MOVEMENT_REASON_LABELS[m.reason]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" fw={600} c={m.change > 0 ? 'teal.7' : 'red.7'} data-testid="movement-change">
                    {signed(m.change)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="movement-after">
                    {m.quantity_after}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.user?.name ?? <Text c="dimmed" span>—</Text>}</Table.Td>
                  <Table.Td>
                    {m.note ?? (RESTOCK_FIELDS.some((f) => (m as Record<string, unknown>)[f.name] != null) ? null : <Text c="dimmed" span>—</Text>)}
                    <RestockDetails movement={m} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {total} {total === 1 ? 'change' : 'changes'}
        </Text>
        <Pagination total={lastPage} value={Math.min(page, lastPage)} onChange={setPage} size="sm" data-testid="movements-pagination" />
      </Group>
    </>
  );
}
