import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  givesChange,
  INVOICE_PREFIX,
  OUTLET_LABELS,
  fromKobo,
  toKobo,
  type OfflineReviewLine,
  type OfflineReviewReason,
  type Order,
  type OrderCreate,
  type OrderRefund,
  type Outlet,
  type PaymentMethod,
  studioDate,
  formatKobo,
  addDays,
} from '@studio/shared';
import { type Db, type DbOrTx, type Tx, rows } from '../../db/client.js';
import { presentTransferCheck } from '../../db/columns.js';
// a timestamp as toISOString writes it, in ordersJson's SQL text
import { isoTextOf as iso } from '../../db/one-statement.js';
import { productsTable } from '../../db/schema.js';
import { stockWriteSql, writeStock } from '../../resources/products/index.js';
import { isAdmin, type UserRow } from '../../plugins/auth.js';
import { activityLineSql, recordActivity } from '../../plugins/activity-log.js';
import { HttpError, invalidField, unprocessable } from '../../plugins/errors.js';
import { requestHash } from '../../crud/idempotency.js';
import { assertDayOpen, dayClosedError, dayName, shareDayLock } from './day-close.service.js';
import { insertReview, reviewByRef, type ReviewRow } from './offline-review.store.js';
import { refundedKobo, refundsOf } from './refunds.service.js';
import type { DiscountApprover } from './discount-approval.js';
import { orderItemsTable, orderPaymentsTable, ordersTable } from './orders.table.js';
import { balanceLinesOf, settleOnVoid } from './orders-balance.service.js';
import { priceSessions, takeTenders, voidTenders, type TenderLine } from './tenders.js';

type OrderRow = typeof ordersTable.$inferSelect;
/** The largest amount a NUMERIC(14,2) column holds, in kobo (well inside exact JS integers). */
const MAX_KOBO = 999_999_999_999_99;

type ItemRow = typeof orderItemsTable.$inferSelect;
type PaymentRow = typeof orderPaymentsTable.$inferSelect;

/** One order as the API answers it; items, payments and refunds in the order they were written. */
function toOrder(r: OrderRow, items: ItemRow[], payments: PaymentRow[], refunds: OrderRefund[] = [], balanceLines: Order['balance_payments'] = []): Order {
  const refundedOf = (itemId: number) => refunds.reduce((n, f) => n + f.items.filter((i) => i.order_item_id === itemId).reduce((m, i) => m + i.quantity, 0), 0);
  return {
    id: r.id,
    invoice_no: r.invoice_no,
    outlet: r.outlet,
    customer_name: r.customer_name,
    customer_phone: r.customer_phone,
    items: items.map((i) => ({ id: i.id, product_id: i.product_id, name: i.name, unit_price: i.unit_price, quantity: i.quantity, total: i.total, refunded_quantity: refundedOf(i.id) })),
    subtotal: r.subtotal,
    discount: r.discount,
    total: r.total,
    payments: payments.map((p) => ({ id: p.id, method: p.method, amount: p.amount, reference: p.reference, ...presentTransferCheck(p.method, p) })),
    refunds,
    refunded: fromKobo(refunds.reduce((k, f) => k + toKobo(f.amount), 0)),
    amount_paid: r.amount_paid,
    change: r.change,
    deposit: r.deposit,
    balance: r.balance,
    balance_payments: balanceLines,
    client_id: r.client_id,
    payment_method: r.payment_method,
    status: r.status,
    staff: { id: r.staff_id, name: r.staff_name },
    discount_approved_by: r.discount_approved_by !== null ? { id: r.discount_approved_by, name: r.discount_approved_by_name ?? '' } : null,
    note: r.note,
    client_ref: r.client_ref,
    business_date: r.business_date,
    oversold: r.oversold,
    offline:
      r.offline_device !== null
        ? { device_id: r.offline_device, device_seq: r.offline_seq ?? 0, provisional_no: r.provisional_no, queued_at: r.queued_at?.toISOString() ?? '', prices_as_of: r.prices_as_of?.toISOString() ?? '' }
        : null,
    voided_at: r.voided_at ? r.voided_at.toISOString() : null,
    voided_by: r.voided_by !== null ? { id: r.voided_by, name: r.voided_by_name ?? '' } : null,
    void_reason: r.void_reason,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Orders with their items and payments, in the order of `rows`. */
export async function assembleOrders(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, payments, refunds, balanceLines] = await Promise.all([
    db.select().from(orderItemsTable).where(inArray(orderItemsTable.order_id, ids)).orderBy(orderItemsTable.id),
    db.select().from(orderPaymentsTable).where(inArray(orderPaymentsTable.order_id, ids)).orderBy(orderPaymentsTable.id),
    refundsOf(db, ids),
    balanceLinesOf(db, ids),
  ]);
  return rows.map((r) =>
    toOrder(
      r,
      items.filter((i) => i.order_id === r.id),
      payments.filter((p) => p.order_id === r.id),
      refunds.get(r.id),
      balanceLines.get(r.id),
    ),
  );
}

/** A person kept by id and by name as at that moment, or null (as `{ id, name: name ?? '' }` in toOrder). */
const person = (id: string, name: string) => `case when ${id} is not null then json_build_object('id', ${id}, 'name', coalesce(${name}, '')) end`;
/** A money column as a JSON number, as drizzle's number mode reads NUMERIC(14,2). */
const money = (column: string) => `${column}::float8`;

/**
 * The orders whose ids `ids` (a subquery) gives, newest first, as the JSON array text assembleOrders' answer would
 * serialize to: built by the database in one statement (decision 025), so a page of 20 orders costs the API process
 * no row mapping and no serializing. Same fields, same order, same values: order-json.test.ts compares the two.
 */
export function ordersJson(ids: SQL): SQL {
  const refundItems = `select ri.order_item_id, ri.product_id, ri.name, ri.quantity, ${money('ri.amount')} as amount from order_refund_items ri where ri.refund_id = r.id order by ri.id`;
  return sql`select coalesce(json_agg(${sql.raw(`json_build_object(
      'id', o.id, 'invoice_no', o.invoice_no, 'outlet', o.outlet, 'customer_name', o.customer_name, 'customer_phone', o.customer_phone,
      'items', (select coalesce(json_agg(json_build_object('id', i.id, 'product_id', i.product_id, 'name', i.name, 'unit_price', ${money('i.unit_price')},
          'quantity', i.quantity, 'total', ${money('i.total')},
          'refunded_quantity', (select coalesce(sum(ri.quantity), 0) from order_refund_items ri where ri.order_item_id = i.id)) order by i.id), '[]')
        from order_items i where i.order_id = o.id),
      'subtotal', ${money('o.subtotal')}, 'discount', ${money('o.discount')}, 'total', ${money('o.total')},
      'payments', (select coalesce(json_agg(json_build_object('id', p.id, 'method', p.method, 'amount', ${money('p.amount')}, 'reference', p.reference,
          'confirmed_at', ${iso('p.confirmed_at')}, 'confirmed_by', ${person('p.confirmed_by', 'p.confirmed_by_name')},
          'not_received_at', ${iso('p.not_received_at')}, 'not_received_by', ${person('p.not_received_by', 'p.not_received_by_name')},
          'not_received_reason', p.not_received_reason,
          'transfer_status', case when p.method <> 'transfer' then null when p.not_received_at is not null then 'not_received'
                                  when p.confirmed_at is not null then 'confirmed' else 'unconfirmed' end) order by p.id), '[]')
        from order_payments p where p.order_id = o.id),
      'refunds', (select coalesce(json_agg(json_build_object('id', r.id, 'amount', ${money('r.amount')}, 'method', r.method, 'reference', r.reference,
          'reason', r.reason, 'business_date', r.business_date,
          'items', (select coalesce(json_agg(x), '[]') from (${refundItems}) x),
          'staff', json_build_object('id', r.staff_id, 'name', r.staff_name), 'approved_by', ${person('r.approved_by', 'r.approved_by_name')},
          'created_at', ${iso('r.created_at')}) order by r.id), '[]')
        from order_refunds r where r.order_id = o.id),
      'refunded', (select coalesce(sum(r.amount), 0)::float8 from order_refunds r where r.order_id = o.id),
      'amount_paid', ${money('o.amount_paid')}, 'change', ${money('o.change')}, 'deposit', ${money('o.deposit')},
      'balance', ${money('o.balance')},
      'balance_payments', (select coalesce(json_agg(json_build_object('id', b.id, 'amount', ${money('b.amount')}, 'method', b.method, 'reference', b.note,
          'date', b.date, 'user', case when b.user_id is not null then json_build_object('id', b.user_id, 'name', coalesce(bu.name, '')) end,
          'created_at', ${iso('b.created_at')},
          'confirmed_at', ${iso('b.confirmed_at')}, 'confirmed_by', ${person('b.confirmed_by', 'b.confirmed_by_name')},
          'not_received_at', ${iso('b.not_received_at')}, 'not_received_by', ${person('b.not_received_by', 'b.not_received_by_name')},
          'not_received_reason', b.not_received_reason,
          'transfer_status', case when b.method <> 'transfer' then null when b.not_received_at is not null then 'not_received'
                                  when b.confirmed_at is not null then 'confirmed' else 'unconfirmed' end) order by b.id), '[]')
        from order_balance_payments b left join users bu on bu.id = b.user_id where b.parent_id = o.id),
      'client_id', o.client_id,
      'payment_method', o.payment_method, 'status', o.status, 'staff', json_build_object('id', o.staff_id, 'name', o.staff_name),
      'discount_approved_by', ${person('o.discount_approved_by', 'o.discount_approved_by_name')}, 'note', o.note, 'client_ref', o.client_ref,
      'business_date', o.business_date, 'oversold', o.oversold,
      'offline', case when o.offline_device is not null then json_build_object('device_id', o.offline_device, 'device_seq', coalesce(o.offline_seq, 0),
          'provisional_no', o.provisional_no, 'queued_at', coalesce(${iso('o.queued_at')}, ''), 'prices_as_of', coalesce(${iso('o.prices_as_of')}, '')) end,
      'voided_at', ${iso('o.voided_at')}, 'voided_by', ${person('o.voided_by', 'o.voided_by_name')}, 'void_reason', o.void_reason,
      'created_at', ${iso('o.created_at')}, 'updated_at', ${iso('o.updated_at')})
    order by o.business_date desc, o.created_at desc, o.id desc`)}), '[]')::text as json
    from orders o where o.id in (${ids})`;
}

export async function findOrder(db: DbOrTx, id: number): Promise<Order | undefined> {
  const rows = await db.select().from(ordersTable).where(eq(ordersTable.id, id)).limit(1);
  return (await assembleOrders(db, rows))[0];
}

/**
 * The hash a sale's `client_ref` is bound to: the request in a canonical form (keys sorted, what a parse fills in or
 * leaves out written one way), without the key itself and without an admin's approval (a sign-in, not the sale). The
 * offline till sends a sale again with the same body, and an admin recording it from review sends its stored body:
 * each gives the same hash.
 */
export function saleRequestHash(input: OrderCreate | Input): string {
  // nor the offline block and the prices the till showed: a sale whose answer was lost online is sent again by the
  // till's drainer as an offline sale (its device, number and time, the prices it showed), and it is the same sale
  const { client_ref: _ref, discount_approval: _approval, offline: _offline, ...rest } = input as OrderCreate;
  const items = (rest.items ?? []).map(({ unit_price: _price, ...item }: { unit_price?: unknown } & Record<string, unknown>) => item);
  return requestHash('orders.create', { ...rest, items, discount: Number(rest.discount ?? 0), customer_phone: rest.customer_phone ?? null, note: rest.note ?? null });
}

const differentSale = () => invalidField('client_ref', 'This client ref was already used for a different sale.');

/** Refuses a replay whose body is not the first sale's (an order from before the hash was kept is not checked). */
async function assertSameSale(db: DbOrTx, orderId: number, hash: string | null): Promise<void> {
  if (hash === null) return;
  const [row] = await db.select({ h: ordersTable.request_hash }).from(ordersTable).where(eq(ordersTable.id, orderId)).limit(1);
  if (row?.h && row.h !== hash) throw differentSale();
}

async function findByClientRef(db: DbOrTx, ref: string): Promise<Order | undefined> {
  const rows = await db.select().from(ordersTable).where(eq(ordersTable.client_ref, ref)).limit(1);
  return (await assembleOrders(db, rows))[0];
}

function isClientRefConflict(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, d = 0; e && d < 4; e = e.cause as typeof e, d++) {
    if (e.code === '23505' && (e.constraint === 'orders_client_ref_unique' || /client_ref/.test(e.message ?? ''))) return true;
  }
  return false;
}

type Input = OrderCreate & { discount: number; customer_phone: string | null; note: string | null };

type ProductRow = typeof productsTable.$inferSelect;
/** `staffId`: who did the work (issue 32), when the till names someone other than the seller. */
type Line = { product: ProductRow; quantity: number; unitK: number; totalK: number; staffId?: number };

/** The 422 of a cart some of whose products lack the stock (`quantity` as read under the sale's row locks). */
function notEnoughStock(items: Input['items'], short: { id: number; name: string; quantity: number | null }[], need: Map<number, number>): HttpError {
  const errs: Record<string, string[]> = {};
  items.forEach((item, i) => {
    const p = short.find((x) => x.id === item.product_id);
    if (p) errs[`items.${i}.quantity`] = [`Not enough stock of ${p.name}: ${p.quantity ?? 0} left, ${need.get(p.id)} wanted.`];
  });
  return new HttpError(422, `Not enough stock: ${short.map((p) => `${p.name} (${p.quantity ?? 0} left)`).join(', ')}.`, errs);
}

/**
 * An invoice's time (issue 34, item 2): an offline sale's is when it was sold (the device queued it), not when it
 * reached the server, so the synced invoice reads as the provisional receipt did. The server's time instead when the
 * device's is ahead of the server (a clock running fast) or on another day than the sale is recorded on (an admin
 * recording a review on another open day).
 */
function soldAt(queued: Date | null, businessDate: string, at: Date, timeZone: string): Date {
  return queued !== null && queued < at && studioDate(queued, timeZone) === businessDate ? queued : at;
}

/**
 * Writes a priced, checked sale in one statement: the stock decrements (each guarded by `quantity >= wanted`,
 * on rows the sale already holds locked), then the outlet's invoice counter (locked last, so two sales of an
 * outlet wait on each other only for the rest of this statement and the commit), the order, its items,
 * payments, stock ledger lines and activity line. Nothing is written unless every decrement matched and the
 * day is not closed at the outlet (the sale holds the day's lock shared since its products read, so this
 * statement sees a close that committed while it waited: see day-close.service.ts).
 * Returns the ids the database gave, in the order the rows were written, `closedBy` when the day is closed,
 * or null when a decrement did not match.
 */
async function writeSale(
  tx: DbOrTx,
  sale: {
    outlet: Outlet;
    order: Record<string, unknown>;
    lines: Line[];
    payments: { method: PaymentMethod; amount: number; reference: string | null }[];
    stock: [productId: number, quantity: number][];
    user: UserRow;
    at: Date;
    activity: Record<string, unknown>;
    /** An offline sale: the stock may go below zero (the goods left; the order is flagged oversold). */
    allowShort: boolean;
  },
): Promise<{ id: number; invoiceNo: string; clientId: number | null; itemIds: number[]; paymentIds: number[] } | { closedBy: string } | null> {
  const { order: o } = sale;
  // the stock and its ledger lines through the stock module's one writer, inside this statement (decision 038)
  const stockWrite = stockWriteSql({
    changes: sale.stock.map(([id, qty]) => [id, -qty]),
    reason: 'sale',
    userId: sale.user.id,
    at: sale.at,
    touchedAt: sale.at,
    allowNegative: sale.allowShort,
    when: sql`not exists (select 1 from closed)`,
    orderId: sql`o.id`,
    note: sql`o.invoice_no`,
    from: sql`o`,
  });
  const items = JSON.stringify(
    sale.lines.map((l) => ({ product_id: l.product.id, name: l.product.name, kind: l.product.kind, unit_price: fromKobo(l.unitK), cost_price: l.product.cost_price, quantity: l.quantity, total: fromKobo(l.totalK), staff_id: l.staffId ?? sale.user.id, touch_up: l.product.touch_up })),
  );
  const payments = JSON.stringify(sale.payments);
  const at = sale.at.toISOString();
  const result = await rows<{ id: number | null; invoice_no: string | null; client_id: number | null; closed_by: string | null; item_ids: string; payment_ids: string }>(
    tx,
    sql`
    with closed as (
      select closed_by_name from day_closes where outlet = ${sale.outlet} and business_date = ${o.business_date}::date and status = 'closed' limit 1
    ),
    upd as (${stockWrite.update}),
    cnt as (
      insert into invoice_counters as c (outlet, last)
      select ${sale.outlet}, 1 where (select count(*) from upd) = ${sale.stock.length} and not exists (select 1 from closed)
      on conflict (outlet) do update set last = c.last + 1
      returning c.last
    ),
    o as (
      insert into orders (outlet, invoice_no, customer_name, customer_phone, subtotal, discount, total, amount_paid, change,
                          payment_method, staff_id, staff_name, note, client_ref, request_hash, discount_approved_by, discount_approved_by_name,
                          deposit, business_date, oversold, offline_device, offline_seq, provisional_no, queued_at, prices_as_of,
                          created_at, updated_at)
      select ${sale.outlet}, ${INVOICE_PREFIX[sale.outlet]} || '-' || lpad(cnt.last::text, greatest(6, length(cnt.last::text)), '0'),
             ${o.customer_name}, ${o.customer_phone}, ${o.subtotal}::numeric, ${o.discount}::numeric, ${o.total}::numeric,
             ${o.amount_paid}::numeric, ${o.change}::numeric, ${o.payment_method}, ${sale.user.id}::int, ${sale.user.name}, ${o.note},
             ${o.client_ref}, ${o.request_hash}, ${o.discount_approved_by}::int, ${o.discount_approved_by_name},
             ${o.deposit}::numeric, ${o.business_date}::date, ${o.oversold}::boolean, ${o.offline_device}, ${o.offline_seq}::int, ${o.provisional_no},
             ${o.queued_at}::timestamptz, ${o.prices_as_of}::timestamptz, ${o.sold_at}::timestamptz, ${at}::timestamptz
      from cnt
      returning id, invoice_no, client_id
    ),
    it as (
      insert into order_items (order_id, product_id, name, kind, unit_price, cost_price, quantity, total, staff_id, touch_up)
      select o.id, v.product_id, v.name, v.kind, v.unit_price, v.cost_price, v.quantity, v.total, v.staff_id, v.touch_up
      from o, rows from (jsonb_to_recordset(${items}::jsonb) as (product_id int, name text, kind text, unit_price numeric, cost_price numeric, quantity int, total numeric, staff_id int, touch_up jsonb))
           with ordinality as v(product_id, name, kind, unit_price, cost_price, quantity, total, staff_id, touch_up, n)
      order by v.n
      returning id
    ),
    pay as (
      insert into order_payments (order_id, method, amount, reference)
      select o.id, v.method, v.amount, v.reference
      from o, rows from (jsonb_to_recordset(${payments}::jsonb) as (method text, amount numeric, reference text)) with ordinality as v(method, amount, reference, n)
      order by v.n
      returning id
    ),
    mv as (${stockWrite.movements}),
    log as (${activityLineSql({ user: sale.user, action: 'sale', resource: 'orders', recordId: sql`o.id`, after: sql`${JSON.stringify(sale.activity)}::jsonb || jsonb_build_object('invoice_no', o.invoice_no)`, at: sale.at, from: sql`o` })})
    select (select id from o) as id, (select invoice_no from o) as invoice_no, (select client_id from o) as client_id, (select closed_by_name from closed) as closed_by,
           (select coalesce(json_agg(id order by id), '[]') from it)::text as item_ids,
           (select coalesce(json_agg(id order by id), '[]') from pay)::text as payment_ids`,
  );
  const row = result[0]!;
  if (row.closed_by !== null) return { closedBy: row.closed_by };
  if (row.id === null || row.invoice_no === null) return null;
  return { id: Number(row.id), invoiceNo: row.invoice_no, clientId: row.client_id === null ? null : Number(row.client_id), itemIds: JSON.parse(row.item_ids), paymentIds: JSON.parse(row.payment_ids) };
}

/** How an offline sale is judged (issue 18; docs/decisions/016-offline-till.md), worked out before its transaction. */
export interface OfflineRules {
  /** Who the device says sold it (when it names a person who exists), else the sender. */
  seller: UserRow;
  /** The studio's `offline_stale_hours`. */
  staleHours: number;
  /** The studio's `offline_backdate_days`: a staff member's sale dated further back waits for an admin. */
  backdateDays: number;
  /** A staff member's discount above the limit, sent without an admin's approval. */
  discountNeedsApproval: boolean;
  /**
   * An admin recording a sale kept for review: nothing is sent for review again; each line at `unitK` (kobo, by line;
   * null: the server's prices) on `businessDate`, which must be open.
   */
  resolution?: { unitK: number[] | null; businessDate: string };
}

interface SaleOptions {
  at?: Date;
  /** The admin who approved a discount above the staff limit (discount-approval.ts, checked before). */
  discountApprovedBy?: DiscountApprover | null;
  /**
   * Tenders applied before the payments (an appointment's deposit at its check-out: its handler ties the appointment to
   * the sale); taken through their handlers with the payment lines. The payments cover the rest.
   */
  applied?: TenderLine[];
  /** Runs in the sale's transaction once the order is written and its tenders taken (an offline review marks itself recorded). */
  afterSale?: (tx: DbOrTx, orderId: number) => Promise<void>;
}

/** What an offline sale came to: recorded (an order), or kept for an admin (a review). */
export type OfflineOutcome = { order: Order; review?: undefined; replay: boolean } | { review: ReviewRow; order?: undefined; replay: boolean };

/**
 * Sells: prices every item from the database, checks each belongs to the outlet and
 * has the stock, and writes the order, its items, payments and stock decrements in one
 * transaction of four statements (BEGIN, the products read and locked, one write, COMMIT).
 * A repeated `client_ref` returns the first order and sells nothing again.
 */
export async function createOrder(db: Db, user: UserRow, input: Input, timeZone: string, opts: SaleOptions = {}): Promise<{ order: Order; replay: boolean }> {
  if (input.offline) throw invalidField('offline', 'An offline sale is recorded through createOfflineOrder.');
  const out = await runSale(db, user, input, timeZone, opts, null);
  if (!out.order) throw new Error('an online sale is never kept for review');
  return { order: out.order, replay: out.replay };
}

/**
 * An offline sale (`offline` in the body), as createOrder sells, except that (issue 18):
 * - it is recorded on the day it was made (`sold_on`), by the person who made it (`rules.seller`), with its device;
 * - it may take stock below zero: the goods left with the customer, so it is recorded and flagged `oversold`;
 * - what the server will not record by itself (a price the server did not set, prices too old for a staff member,
 *   a discount above the limit, a product gone, a day closed meanwhile, a date to come) is kept in `offline_reviews`
 *   for an admin, in the same transaction, and the answer says so. A retry answers the same review (or the sale an
 *   admin recorded from it).
 */
export async function createOfflineOrder(db: Db, user: UserRow, input: Input, timeZone: string, rules: OfflineRules, opts: SaleOptions = {}): Promise<OfflineOutcome> {
  if (!input.offline || !input.client_ref) throw invalidField('offline', 'An offline sale needs its offline block and client ref.');
  return runSale(db, user, input, timeZone, opts, rules);
}

async function runSale(db: Db, user: UserRow, input: Input, timeZone: string, opts: SaleOptions, rules: OfflineRules | null): Promise<OfflineOutcome> {
  const ref = input.client_ref;
  const off = rules ? input.offline! : null;
  const resolution = rules?.resolution ?? null;
  const seller = rules?.seller ?? user;
  const hash = ref ? saleRequestHash(input) : null;
  /** A sale refused inside the transaction: was it a twin of one that committed meanwhile? Then that one answers. */
  const replayOf = async (tx: DbOrTx) => (ref ? (await tx.select({ id: ordersTable.id }).from(ordersTable).where(eq(ordersTable.client_ref, ref)).limit(1))[0] : undefined);
  type Outcome = { id: number; replay: true } | { order: Order; replay: false } | { review: ReviewRow; replay: boolean };
  try {
    const result = await db.transaction(async (tx): Promise<Outcome> => {
      const at = opts.at ?? new Date();
      const today = studioDate(at, timeZone);
      const businessDate = resolution?.businessDate ?? off?.sold_on ?? today;
      const ids = [...new Set(input.items.map((i) => i.product_id))];
      // Read once and locked in id order: two carts never wait on each other in a cycle, the quantities read
      // are the latest and stay so until the commit, and two tries of one sale (a double tap, a retry after a
      // timeout) queue here on the same rows. The same statement looks for an earlier sale with this client_ref
      // (and, for an offline sale, an earlier review of it).
      const found = await tx
        .select({
          p: productsTable,
          replay: ref ? sql<number | null>`(select ${ordersTable.id} from ${ordersTable} where ${ordersTable.client_ref} = ${ref} limit 1)` : sql<null>`null`,
          reviewed: off && !resolution ? sql<number | null>`(select id from offline_reviews where client_ref = ${ref!} limit 1)` : sql<null>`null`,
          // the day's lock, shared with other sales and taken before the write below, which then sees a close that committed meanwhile
          dayLock: shareDayLock(input.outlet, businessDate),
        })
        .from(productsTable)
        .where(inArray(productsTable.id, ids))
        .orderBy(productsTable.id)
        .for('update', { of: productsTable });
      const replayId = found[0]?.replay;
      if (replayId !== null && replayId !== undefined) return { id: Number(replayId), replay: true };
      if (found[0]?.reviewed) return { review: (await reviewByRef(tx, ref!))!, replay: true };
      /** Refuses the sale, unless its twin committed while this one waited for the locks (then that sale is the answer). */
      const refuse = async (err: HttpError) => {
        const twin = await replayOf(tx);
        if (twin) return { id: twin.id, replay: true as const };
        throw err;
      };
      const byId = new Map(found.map(({ p }) => [p.id, p]));
      /** Keeps an offline sale for an admin instead (nothing else of it is written), or answers the twin that did first. */
      const forReview = async (reason: OfflineReviewReason, message: string): Promise<Outcome> => {
        const lines: OfflineReviewLine[] = input.items.map((item) => {
          const p = byId.get(item.product_id);
          return {
            product_id: item.product_id,
            name: p?.name ?? `Product #${item.product_id}`,
            quantity: item.quantity,
            shown_price: item.unit_price ?? 0,
            server_price: p && p.outlet === input.outlet && !p.archived_at ? fromKobo(toKobo(p.price)) : null,
          };
        });
        const row = await insertReview(tx, { clientRef: ref!, outlet: input.outlet, reason, message, offline: off!, seller, sender: user, customerName: input.customer_name, lines, payload: input as never });
        if (row) return { review: row, replay: false };
        const twin = await replayOf(tx);
        if (twin) return { id: twin.id, replay: true };
        return { review: (await reviewByRef(tx, ref!))!, replay: true };
      };
      const review = off && !resolution;

      const errors: Record<string, string[]> = {};
      input.items.forEach((item, i) => {
        const p = byId.get(item.product_id);
        if (!p) errors[`items.${i}.product_id`] = ['The selected product does not exist.'];
        else if (p.outlet !== input.outlet) errors[`items.${i}.product_id`] = [`${p.name} is not sold at this outlet.`];
        else if (p.archived_at) errors[`items.${i}.product_id`] = [`${p.name} is archived and no longer sold.`];
      });
      if (Object.keys(errors).length) {
        if (review) return forReview('product_unavailable', `${Object.values(errors).flat().join(' ')} The sale was made offline before the server knew.`);
        return refuse(unprocessable(errors));
      }

      // a package's sessions (decision 040): those items at the session's value, paid by the package (never offline)
      if (off && input.items.some((item) => item.package_id !== undefined)) throw invalidField('items', 'A package session cannot be taken while the till is offline.');
      const sessions = await priceSessions(tx, input.items, businessDate);
      const lines: Line[] = input.items.map((item, i) => {
        const p = byId.get(item.product_id)!;
        const unitK = sessions.unitK.get(i) ?? resolution?.unitK?.[i] ?? toKobo(p.price);
        return { product: p, quantity: item.quantity, unitK, totalK: unitK * item.quantity, staffId: item.staff_id };
      });
      if (review) {
        // the server's price is the price: a till that shows another (an old snapshot, or a made-up one) waits for an admin
        const differ = lines.filter((l, i) => toKobo(input.items[i]!.unit_price ?? -1) !== l.unitK);
        if (differ.length) {
          const list = differ.map((l) => `${l.product.name}: ${formatKobo(toKobo(input.items[lines.indexOf(l)]!.unit_price ?? 0))} on the till, ${formatKobo(l.unitK)} on the server`);
          return forReview('price_mismatch', `The till's prices differ from the server's (${list.join('; ')}).`);
        }
        const ageH = (Date.parse(off!.queued_at) - Date.parse(off!.prices_as_of)) / 3_600_000;
        if (!isAdmin(user) && ageH > rules!.staleHours)
          return forReview('stale_prices', `Sold from prices ${Math.round(ageH)} hours old; past ${rules!.staleHours} hours only an admin may sell from them.`);
        if (rules!.discountNeedsApproval) return forReview('discount_above_limit', 'A discount above the staff limit, given offline without an admin.');
        if (businessDate > today) return forReview('future_date', `Dated ${dayName(businessDate)}, after today (${dayName(today)}): the device's clock may be wrong.`);
        if (!isAdmin(user) && Number.isFinite(rules!.backdateDays) && businessDate < addDays(today, -rules!.backdateDays))
          return forReview('backdated', `Dated ${dayName(businessDate)}, more than ${rules!.backdateDays} day${rules!.backdateDays === 1 ? '' : 's'} before it reached the server (${dayName(today)}): a staff member's sale of an old day waits for an admin.`);
      }
      if (resolution && businessDate > today) throw invalidField('business_date', `${dayName(businessDate)} has not come yet.`);

      const subtotalK = lines.reduce((s, l) => s + l.totalK, 0);
      if (subtotalK > MAX_KOBO) throw invalidField('items', 'The order total is too large.');
      const discountK = toKobo(input.discount);
      if (discountK > subtotalK) throw invalidField('discount', `The discount cannot be more than the subtotal (${formatKobo(subtotalK)}).`);
      const totalK = subtotalK - discountK;
      const prepaidK = (opts.applied ?? []).reduce((k, l) => k + l.amountK, 0);
      if (prepaidK > totalK) throw invalidField('discount', `The deposit (${formatKobo(prepaidK)}) is more than the total (${formatKobo(totalK)}).`);
      const coveredK = sessions.draws.reduce((k, d) => k + d.amountK, 0);
      if (prepaidK + coveredK > totalK) throw invalidField('discount', `The discount cannot take off what the package sessions pay (${formatKobo(coveredK)}).`);
      const dueK = totalK - prepaidK - coveredK;

      const payments = input.payments ?? [{ method: input.payment_method as PaymentMethod, amount: input.amount_paid ?? fromKobo(dueK), reference: null }];
      const paidK = payments.reduce((s, p) => s + toKobo(p.amount), 0);
      const payField = input.payments ? 'payments' : 'amount_paid';
      if (paidK > MAX_KOBO) throw invalidField(payField, 'The amount paid is too large.');
      if (paidK < dueK) throw invalidField(payField, `The payments (${formatKobo(paidK)}) do not cover the total (${formatKobo(dueK)}${prepaidK ? ' after the deposit' : ''}).`);
      const changeK = paidK - dueK;
      const cashK = payments.filter((p) => givesChange(p.method)).reduce((s, p) => s + toKobo(p.amount), 0);
      if (changeK > cashK) throw invalidField(payField, 'Only cash can be more than the total: change is given in cash.');
      const methods = [...new Set([...payments.filter((p) => toKobo(p.amount) > 0 || !coveredK).map((p) => p.method), ...(coveredK ? (['package'] as const) : [])])];

      // the stock each product needs; the rows are locked, so what was read is what there is
      const need = new Map<number, number>();
      for (const l of lines) if (l.product.kind === 'product') need.set(l.product.id, (need.get(l.product.id) ?? 0) + l.quantity);
      const needs = [...need].sort((a, b) => a[0] - b[0]);
      const short = needs.filter(([id, qty]) => (byId.get(id)!.quantity ?? 0) < qty).map(([id]) => byId.get(id)!);
      // online the till refuses; offline the goods have left: record it, flagged for a stock count
      if (short.length && !off) return refuse(notEnoughStock(input.items, short, need));
      const oversold = short.length > 0;

      // each line with where a refusal of it is reported (payments.N, or payment_method for a sale paid by one method)
      const taken = payments
        .map((p, i) => ({ p, field: input.payments ? `payments.${i}` : 'payment_method' }))
        .filter(({ p }) => toKobo(p.amount) > 0);
      // then one line for each package drawn, written by the server at its sessions' value
      for (const d of sessions.draws) taken.push({ p: { method: 'package', amount: fromKobo(d.amountK), reference: String(d.packageId) }, field: d.field });
      const units = taken.map(({ p }, i) => (p.method === 'package' && i >= taken.length - sessions.draws.length ? sessions.draws[i - (taken.length - sessions.draws.length)]!.sessions : undefined));
      const paid = taken.map(({ p }) => ({ method: p.method, amount: fromKobo(toKobo(p.amount)), reference: p.reference ?? null }));
      const order = {
        customer_name: input.customer_name,
        customer_phone: input.customer_phone ?? null,
        subtotal: fromKobo(subtotalK),
        discount: fromKobo(discountK),
        total: fromKobo(totalK),
        amount_paid: fromKobo(paidK + coveredK),
        change: fromKobo(changeK),
        payment_method: methods.length === 1 ? methods[0]! : ('split' as const),
        note: input.note ?? null,
        client_ref: ref ?? null,
        request_hash: hash,
        discount_approved_by: opts.discountApprovedBy?.id ?? null,
        discount_approved_by_name: opts.discountApprovedBy?.name ?? null,
        deposit: fromKobo(prepaidK),
        business_date: businessDate,
        oversold,
        offline_device: off?.device_id ?? null,
        offline_seq: off?.device_seq ?? null,
        provisional_no: off?.provisional_no ?? null,
      };
      const offlineTimes = { queued_at: off ? new Date(off.queued_at) : null, prices_as_of: off ? new Date(off.prices_as_of) : null };
      const soldTime = soldAt(offlineTimes.queued_at, businessDate, at, timeZone);
      const written = await writeSale(tx, {
        outlet: input.outlet,
        order: { ...order, queued_at: offlineTimes.queued_at?.toISOString() ?? null, prices_as_of: offlineTimes.prices_as_of?.toISOString() ?? null, sold_at: soldTime.toISOString() },
        lines,
        payments: paid,
        stock: needs,
        user: seller,
        at,
        allowShort: !!off,
        activity: {
          outlet: input.outlet,
          total: order.total,
          payment_method: order.payment_method,
          ...(opts.discountApprovedBy ? { discount: order.discount, discount_approved_by: opts.discountApprovedBy } : {}),
          ...(off
            ? {
                offline: {
                  device_id: off.device_id,
                  device_seq: off.device_seq,
                  provisional_no: off.provisional_no ?? null,
                  sold_on: off.sold_on,
                  sent_by: { id: user.id, name: user.name },
                  // a staff member's device named someone else: recorded as theirs, what it said kept here
                  ...(off.sold_by !== undefined && off.sold_by !== seller.id ? { claimed_sold_by: off.sold_by } : {}),
                },
                ...(oversold ? { oversold: true } : {}),
                ...(resolution ? { recorded_from_review: true } : {}),
              }
            : {}),
        },
      });
      if (written && 'closedBy' in written) {
        if (review) return forReview('day_closed', `The ${OUTLET_LABELS[input.outlet]} day of ${dayName(businessDate)} was closed by ${written.closedBy} before this offline sale arrived.`);
        return refuse(dayClosedError(input.outlet, businessDate, written.closedBy, 'more sales are recorded on it'));
      }
      if (!written) {
        // unreachable while the rows stay locked; should it happen, nothing was written and the sale is refused as short
        const now = await tx.select({ id: productsTable.id, name: productsTable.name, quantity: productsTable.quantity }).from(productsTable).where(inArray(productsTable.id, needs.map(([id]) => id)));
        throw notEnoughStock(input.items, now.filter((p) => (p.quantity ?? 0) < need.get(p.id)!), need);
      }
      // the answer is built from what was just written: no second read
      const row: OrderRow = {
        id: written.id,
        outlet: input.outlet,
        invoice_no: written.invoiceNo,
        ...order,
        ...offlineTimes,
        status: 'paid',
        balance: 0,
        staff_id: seller.id,
        staff_name: seller.name,
        voided_at: null,
        voided_by: null,
        voided_by_name: null,
        void_reason: null,
        client_id: written.clientId,
        created_at: soldTime,
        updated_at: at,
      };
      const itemRows = lines.map((l, i) => ({
        id: written.itemIds[i]!,
        order_id: written.id,
        product_id: l.product.id,
        name: l.product.name,
        kind: l.product.kind,
        unit_price: fromKobo(l.unitK),
        cost_price: l.product.cost_price,
        quantity: l.quantity,
        total: fromKobo(l.totalK),
        staff_id: l.staffId ?? seller.id,
        touch_up: l.product.touch_up,
      }));
      const unchecked = { confirmed_at: null, confirmed_by: null, confirmed_by_name: null, not_received_at: null, not_received_by: null, not_received_by_name: null, not_received_reason: null };
      const paymentRows = paid.map((p, i) => ({ id: written.paymentIds[i]!, order_id: written.id, ...p, ...unchecked }));
      // each line through its method's handler, in this transaction: a refusal (a voucher spent meanwhile) undoes the sale
      await takeTenders(
        tx as Tx,
        [
          ...paymentRows.map((p, i) => ({ line: { id: p.id, method: p.method, amountK: toKobo(p.amount), reference: p.reference, ...(units[i] !== undefined ? { units: units[i] } : {}) }, field: taken[i]!.field })),
          ...(opts.applied ?? []).map((line) => ({ line, field: 'status' })),
        ],
        { sale: { orderId: written.id, invoiceNo: written.invoiceNo, outlet: input.outlet, clientId: written.clientId, customerName: input.customer_name, businessDate }, user: seller, at, date: businessDate },
      );
      await opts.afterSale?.(tx, written.id);
      return { order: toOrder(row, itemRows, paymentRows), replay: false };
    });
    if ('review' in result) {
      // the same offline sale sent again answers its review; another body with its client_ref is refused
      if (result.replay && hash !== null && saleRequestHash(result.review.payload as Input) !== hash) throw differentSale();
      return { review: result.review, replay: result.replay };
    }
    if (!result.replay) return result;
    await assertSameSale(db, result.id, hash);
    return { order: (await findOrder(db, result.id))!, replay: true };
  } catch (err) {
    // the unique index is the backstop: a twin that queued behind this sale's first try and found no order
    // in its snapshot fails here on insert, and answers with the first sale
    if (ref && isClientRefConflict(err)) {
      const existing = await findByClientRef(db, ref);
      if (existing) {
        await assertSameSale(db, existing.id, hash);
        return { order: existing, replay: true };
      }
    }
    throw err;
  }
}


/** Voids a sale: status void, every product's stock restored with a ledger line; who voided it and why are kept on the order and in the log. */
export async function voidOrder(db: Db, user: UserRow, id: number, reason: string, opts: { at?: Date; timeZone?: string } = {}): Promise<Order | undefined> {
  const at = opts.at ?? new Date();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(ordersTable).where(eq(ordersTable.id, id)).for('update');
    if (!row) return false;
    if (row.status === 'void') throw invalidField('status', `Invoice ${row.invoice_no} is already void.`);
    // a void takes the whole sale back; after a refund part of it is back already: the rest is refunded instead
    const refundedK = await refundedKobo(tx, id);
    if (refundedK > 0) throw invalidField('status', `Invoice ${row.invoice_no} has refunds (${formatKobo(refundedK)}): refund the rest of it instead of voiding it.`);
    await assertDayOpen(tx, row.outlet, row.business_date, `invoice ${row.invoice_no} is voided`);
    const items = await tx.select().from(orderItemsTable).where(and(eq(orderItemsTable.order_id, id), eq(orderItemsTable.kind, 'product')));
    const back = new Map<number, number>();
    for (const i of items) back.set(i.product_id, (back.get(i.product_id) ?? 0) + i.quantity);
    // product by product in id order (the order every writer locks them in); a product turned into a service since the
    // sale has no stock to restore, and no ledger line
    for (const [productId, qty] of [...back].sort((a, b) => a[0] - b[0])) {
      await writeStock(tx, { changes: [[productId, qty]], reason: 'void', userId: user.id, orderId: id, note: row.invoice_no, at });
    }
    // what the sale still owed, or took later, goes with it (decision 027)
    const today = studioDate(at, opts.timeZone ?? 'Africa/Lagos');
    await settleOnVoid(tx, user, id, today, at);
    // each payment line back through its method's handler (a voucher's value back on the voucher)
    const lines = await tx.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.order_id, id)).orderBy(orderPaymentsTable.id);
    await voidTenders(
      tx,
      lines.map((l) => ({ id: l.id, method: l.method, amountK: toKobo(l.amount), reference: l.reference })),
      { sale: { orderId: id, invoiceNo: row.invoice_no, outlet: row.outlet, clientId: row.client_id, customerName: row.customer_name, businessDate: row.business_date }, user, at, date: today },
    );
    await tx.update(ordersTable).set({ status: 'void', voided_at: at, voided_by: user.id, voided_by_name: user.name, void_reason: reason, updated_at: at }).where(eq(ordersTable.id, id));
    await recordActivity(tx, { user, action: 'void', resource: 'orders', recordId: id, before: { status: row.status }, after: { status: 'void', reason, restored: Object.fromEntries(back) } });
    return true;
  });
  return done ? findOrder(db, id) : undefined;
}
