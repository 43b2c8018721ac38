import { Badge, Text } from '@mantine/core';
import { DEFAULT_REORDER_LEVEL, type MovementReason, type Outlet, type Product, type StockStatus, products } from '@studio/shared';
import { defineResourceUi, type FieldDef } from '../../crud/resource-ui';

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = { finished: 'Finished', low: 'Low stock', stocked: 'Stocked' };
export const STOCK_STATUS_COLORS: Record<StockStatus, string> = { finished: 'red', low: 'orange', stocked: 'teal' };

/** Words for the stock ledger's reasons. */
export const MOVEMENT_REASON_LABELS: Record<MovementReason, string> = {
  opening: 'Opening stock',
  sale: 'Sale',
  void: 'Sale voided',
  refund: 'Refund',
  restock: 'Restock',
  write_off: 'Write-off',
  adjustment: 'Adjustment',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
};

/**
 * What a restock asks for besides the count and the note, one field per `restockDetailFields` (packages/shared,
 * products.ts): the restock form shows them, the stock history shows them on each restock (a reference by name).
 */
export const RESTOCK_FIELDS: readonly FieldDef[] = [
  { name: 'supplier_id', label: 'Supplier', kind: 'reference', placeholder: 'Who delivered it' },
  { name: 'unit_cost', label: 'Unit cost', kind: 'money', description: 'What one item cost on this delivery' },
];

/** The tabs over a products list: everything, or one stock status from its own path (services are in none). */
export const STOCK_VIEWS = ['all', 'finished', 'low', 'stocked'] as const;
export type StockView = (typeof STOCK_VIEWS)[number];

export function StockBadge({ product }: { product: Pick<Product, 'kind' | 'stock_status'> }) {
  if (product.kind === 'service' || !product.stock_status) {
    return (
      <Badge variant="light" color="gray" miw="max-content" data-testid="stock-badge">
        Service
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={STOCK_STATUS_COLORS[product.stock_status]} miw="max-content" data-testid="stock-badge">
      {STOCK_STATUS_LABELS[product.stock_status]}
    </Badge>
  );
}

const dash = <Text c="dimmed">—</Text>;

/**
 * One outlet's products and services (/products/manage/{outlet}): listed from `?outlet=`, created with the
 * outlet fixed, and filtered by stock status through GET /api/products/{finished|low|stocked}?outlet=.
 */
export function productsUi(outlet: Outlet) {
  const query = { outlet };
  return defineResourceUi({
    resource: products,
    filter: { listPath: products.path, query, values: { outlet } },
    views: STOCK_VIEWS.map((status) =>
      status === 'all'
        ? { value: status, label: 'All' }
        : { value: status, label: STOCK_STATUS_LABELS[status], listPath: `${products.path}/${status}`, query },
    ),
    columns: [
      { key: 'name', label: 'Name', render: (row) => <Text size="sm" fw={600} style={{ minWidth: 140 }}>{row.name}</Text> },
      { key: 'sku', label: 'SKU', nowrap: true },
      { key: 'category', label: 'Category', nowrap: true },
      { key: 'kind', label: 'Kind', render: (row) => (row.kind === 'service' ? 'Service' : 'Product') },
      { key: 'price', label: 'Price', kind: 'money' },
      { key: 'cost_price', label: 'Cost price', kind: 'money', adminOnly: true },
      { key: 'supplier_id', label: 'Supplier', kind: 'reference', adminOnly: true, priority: 4 },
      { key: 'quantity', label: 'Quantity', render: (row) => (row.quantity === null ? dash : row.quantity) },
      { key: 'reorder_level', label: 'Reorder level', nowrap: true, render: (row) => (row.kind === 'service' ? dash : row.reorder_level) },
      { key: 'stock_status', label: 'Stock', priority: 1, render: (row) => <StockBadge product={row} /> },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, wide: true, placeholder: 'Matte lipstick, Ruby' },
      {
        name: 'kind',
        label: 'Kind',
        kind: 'select',
        required: true,
        defaultValue: 'product',
        options: [
          { value: 'product', label: 'Product (kept in stock)' },
          { value: 'service', label: 'Service (no stock)' },
        ],
      },
      { name: 'sku', label: 'SKU', kind: 'text', placeholder: 'LIP-RUBY-01' },
      { name: 'category', label: 'Category', kind: 'text', placeholder: 'Lips, Brows, Hair...' },
      { name: 'price', label: 'Selling price', kind: 'money', required: true },
      { name: 'cost_price', label: 'Cost price', kind: 'money', defaultValue: 0, description: 'Only admins see it' },
      { name: 'supplier_id', label: 'Supplier', kind: 'reference', placeholder: 'Who you buy it from' },
      {
        name: 'quantity',
        label: 'Opening stock',
        kind: 'number',
        only: 'create',
        defaultValue: 0,
        description: 'Later changes go through Restock / write-off',
        showWhen: (v) => v.kind !== 'service',
      },
      {
        name: 'reorder_level',
        label: 'Reorder level',
        kind: 'number',
        defaultValue: DEFAULT_REORDER_LEVEL,
        description: 'At or under it the product shows as low stock',
        showWhen: (v) => v.kind !== 'service',
      },
      {
        name: 'duration_minutes',
        label: 'Length (minutes)',
        kind: 'number',
        placeholder: '60',
        description: 'How long an appointment for it takes (empty: an hour)',
        showWhen: (v) => v.kind === 'service',
      },
    ],
  });
}
