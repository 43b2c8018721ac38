import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { id, money, optionalText, outletSchema, recordBase, text } from '../primitives.js';
import { MONEY_METHODS } from '../payment-methods.js';
import { touchUpRuleSchema } from '../touch-ups.js';

export const PRODUCT_KINDS = ['product', 'service'] as const;
export const STOCK_STATUSES = ['finished', 'low', 'stocked'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const DEFAULT_REORDER_LEVEL = 5;

/** finished: none left; low: at or under the reorder level; stocked: above it. Services have no stock. */
export function stockStatus(p: { kind: string; quantity: number | null; reorder_level: number }): StockStatus | null {
  if (p.kind !== 'product' || p.quantity === null) return null;
  if (p.quantity <= 0) return 'finished';
  return p.quantity <= p.reorder_level ? 'low' : 'stocked';
}

export const productSchema = z.object({
  ...recordBase,
  outlet: outletSchema,
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  /** Omitted for staff: they never see cost or profit. */
  cost_price: z.number().optional(),
  price: z.number(),
  quantity: z.number().int().nullable(),
  reorder_level: z.number().int(),
  stock_status: z.enum(STOCK_STATUSES).nullable(),
  /** A service's usual length in minutes (an appointment's default); null for a product. */
  duration_minutes: z.number().int().nullable(),
  /** A PMU service's touch-up rule (decision 040): the free window and the price bands; null for the rest. */
  touch_up: touchUpRuleSchema.nullable(),
  /** When the product was archived (deleted with history kept); null for a product in use. */
  archived_at: z.string().nullable(),
  /** Who the studio usually buys it from: an id staff may see, its name is admin's (suppliers are admin only). */
  supplier_id: z.number().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * What the till needs of an item it can sell (`GET /api/pos/{outlet}/products`): what it shows (name, SKU,
 * category, price, stock left and its colour) and what the cart keeps. No cost, outlet or timestamps.
 */
export const tillItemSchema = productSchema.pick({ id: true, name: true, kind: true, sku: true, category: true, price: true, quantity: true, reorder_level: true });
export type TillItem = z.infer<typeof tillItemSchema>;

const tillCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The till's list order, the same on the server and in the browser (which merges changes into it): by
 * name as people read it (case and accents aside, "Shade 2" before "Shade 10"), then by id.
 */
export function compareTillItems(a: Pick<TillItem, 'id' | 'name'>, b: Pick<TillItem, 'id' | 'name'>): number {
  return tillCollator.compare(a.name, b.name) || a.id - b.id;
}

/** Where `item` goes in a list sorted by `compareTillItems` (after its equals); `of` reads the item of an element. */
export function tillInsertIndex<T>(list: readonly T[], item: Pick<TillItem, 'id' | 'name'>, of: (element: T) => Pick<TillItem, 'id' | 'name'>): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareTillItems(of(list[mid]!), item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `GET /api/pos/{outlet}/products` (and `/changes`): the list or what changed, and where to go on from. */
export interface TillList {
  data: TillItem[];
  /** Ids the till must drop: sold out, deleted, or turned into something it cannot sell. Only in changes. */
  removed?: number[];
  /** Opaque: send it back as `?since=` to get only what changed after this answer. */
  cursor: string;
}

const quantity = z.number().int().min(0).max(10_000_000);
const fields = {
  outlet: outletSchema,
  name: text(150),
  kind: z.enum(PRODUCT_KINDS).default('product'),
  sku: optionalText(60),
  category: optionalText(60),
  cost_price: money().default(0),
  price: money(),
  quantity: quantity.nullish(),
  reorder_level: z.number().int().min(0).max(1_000_000).default(DEFAULT_REORDER_LEVEL),
  duration_minutes: z.number().int().min(5).max(24 * 60).nullish(),
  touch_up: touchUpRuleSchema.nullish(),
  supplier_id: id().nullish(),
};
export const productInputSchema = z.object(fields);
export const productUpdateSchema = z
  .object({ ...fields, kind: z.enum(PRODUCT_KINDS), cost_price: money(), reorder_level: z.number().int().min(0).max(1_000_000) })
  .partial();

export const productFiltersSchema = z.object({
  outlet: outletSchema.optional(),
  /** Products or services only (the appointment form offers services). */
  kind: z.enum(PRODUCT_KINDS).optional(),
  /** Lists show the products in use; `archived=true` shows only the archived ones instead. */
  archived: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export const products = defineResource({
  name: 'products',
  path: '/api/products',
  label: 'Products',
  singular: 'Product',
  record: productSchema,
  create: productInputSchema,
  update: productUpdateSchema,
  filters: productFiltersSchema,
  searchable: ['name', 'sku', 'category'],
  sortable: ['name', 'sku', 'category', 'price', 'quantity', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  lists: {
    /** quantity 0; services are in none of the three. */
    finished: { path: 'finished', label: 'Finished' },
    /** 0 < quantity ≤ reorder level. */
    low: { path: 'low', label: 'Low stock' },
    /** quantity > reorder level. */
    stocked: { path: 'stocked', label: 'Stocked' },
  },
  adminOnly: ['cost_price'],
  references: { supplier_id: 'suppliers' },
  roles: { read: 'staff', write: 'admin' },
  fixture: {
    examples: (n) => [
      { outlet: 'store', name: `Matte Lipstick ${n}`, sku: `LIP-${n}`, category: 'Lips', price: 5000, cost_price: 2000 },
      { outlet: 'store', name: `Brow Pencil ${n}`, sku: `BRW-${n}`, category: 'Brows', price: 3500.5, cost_price: 1500, quantity: 3 },
      { outlet: 'store', name: `Gel Manicure ${n}`, kind: 'service', sku: `SVC-${n}`, category: 'Nails', price: 8000, duration_minutes: 45 },
    ],
  },
});

/**
 * What a restock records besides the count and the note. Declared here once: the API keeps each on the restock's
 * stock movement (in its column of the same name; a reference is checked like the product's own `references`) and
 * lists it in the product's history (`restockDetailRecord`); the restock form asks for each and the history shows
 * it (`RESTOCK_FIELDS`, apps/web/src/features/products/products.ui.tsx).
 */
export const restockDetailFields = {
  /** Who delivered it (a reference, like the product's own supplier). */
  supplier_id: id().nullish(),
  /** What one item cost on this delivery, in naira. */
  unit_cost: money().nullish(),
} satisfies z.ZodRawShape;
/** The restock details as a stock movement carries them (null when not given, and on every other movement). */
export const restockDetailRecord = {
  supplier_id: z.number().nullable(),
  unit_cost: z.number().nullable(),
} satisfies z.ZodRawShape;
export type RestockDetails = z.infer<z.ZodObject<typeof restockDetailRecord>>;
/** A stock movement's restock details from its row (each in the column of its name; null when absent). */
export const restockDetailsOf = (row: Readonly<Record<string, unknown>>): RestockDetails =>
  Object.fromEntries(Object.keys(restockDetailRecord).map((k) => [k, row[k] ?? null])) as RestockDetails;

/** What a restock's cost became: paid now, or owed to its supplier. */
export const RESTOCK_PAYMENTS = ['now', 'owed'] as const;
export type RestockPayment = (typeof RESTOCK_PAYMENTS)[number];
/** The Income & Expenses category of a restock paid now and of a payment to a supplier. */
export const STOCK_PURCHASES_CATEGORY = 'Stock purchases';

/** `PUT /api/products/quantity/{id}`: a signed change, never zero (restock > 0, write-off < 0), and a restock's details. */
export const quantityChangeSchema = z.object({
  ...restockDetailFields,
  quantity: z
    .number()
    .int()
    .min(-10_000_000)
    .max(10_000_000)
    .refine((n) => n !== 0, { error: 'The quantity must not be zero.' }),
  note: optionalText(255),
  /**
   * A restock with a unit cost (issue 28, item 7; decision 027): `now` (paid now: an expense "Stock purchases" in
   * Income & Expenses by `payment_method`, in the day close when cash) or `owed` (owed to the supplier: on the
   * supplier's payables until paid). Absent: the cost is kept on the movement and no purchase is recorded.
   */
  paid: z.enum(RESTOCK_PAYMENTS, { error: 'Paid must be now or owed.' }).nullish(),
  payment_method: z.enum(MONEY_METHODS as [string, ...string[]] as ['cash', 'transfer', 'card', 'pos'], { error: `The payment method must be one of ${MONEY_METHODS.join(', ')}.` }).nullish(),
}).superRefine((b, ctx) => {
  if (!b.paid) return;
  if (b.quantity < 0) ctx.addIssue({ code: 'custom', path: ['paid'], message: 'A write-off is not a purchase.' });
  else if (b.unit_cost === null || b.unit_cost === undefined || b.unit_cost <= 0) ctx.addIssue({ code: 'custom', path: ['unit_cost'], message: 'Give the unit cost to record what the restock cost.' });
  if (b.paid === 'owed' && !b.supplier_id) ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: 'Choose the supplier it is owed to.' });
  if (b.paid === 'now' && !b.payment_method) ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'Say how it was paid.' });
});
export type QuantityChange = z.input<typeof quantityChangeSchema>;

export const MOVEMENT_REASONS = ['opening', 'sale', 'void', 'refund', 'restock', 'write_off', 'adjustment', 'transfer_in', 'transfer_out'] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];
export const stockMovementSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  outlet: outletSchema,
  change: z.number().int(),
  quantity_after: z.number().int(),
  reason: z.enum(MOVEMENT_REASONS),
  order_id: z.number().nullable(),
  note: z.string().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  ...restockDetailRecord,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** The reorder level of a product a transfer creates at the receiving outlet, unless the transfer gives one. */
export const TRANSFER_REORDER_LEVEL = 0;

/**
 * `POST /api/stock-transfers`: move stock of a product to another outlet. `reorder_level` is used only when the
 * receiving outlet has no such product yet and the transfer creates it (default `TRANSFER_REORDER_LEVEL`).
 */
export const stockTransferSchema = z.object({
  product_id: z.number().int().positive().max(2_147_483_647),
  to_outlet: outletSchema,
  quantity: z.number().int().min(1).max(10_000_000),
  reorder_level: z.number().int().min(0).max(1_000_000).nullish(),
  note: optionalText(255),
});
export type StockTransferInput = z.input<typeof stockTransferSchema>;

/** `POST /api/stock-transfers`: the product in both outlets after the move. */
export interface StockTransferResult {
  from: Product;
  to: Product;
  quantity: number;
}
