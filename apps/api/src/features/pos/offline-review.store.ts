import { eq, inArray } from 'drizzle-orm';
import { fromKobo, toKobo, type OfflineReview, type OfflineReviewLine, type OfflineReviewReason, type OfflineSale, type Outlet } from '@studio/shared';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth.js';
import { offlineReviewsTable } from './offline.table.js';
import { ordersTable } from './orders.table.js';

const R = offlineReviewsTable;
export type ReviewRow = typeof R.$inferSelect;

/** What keeping a sale for review needs from the sale being sold. */
export interface ReviewInput {
  clientRef: string;
  outlet: Outlet;
  reason: OfflineReviewReason;
  message: string;
  offline: OfflineSale;
  seller: UserRow;
  sender: UserRow;
  customerName: string;
  lines: OfflineReviewLine[];
  payload: Record<string, unknown>;
}

/**
 * Keeps an offline sale for an admin, in the sale's transaction (nothing else of the sale is written). Null when a
 * row with its client_ref exists already (a twin of this request kept it meanwhile): the caller answers that one.
 */
export async function insertReview(tx: DbOrTx, r: ReviewInput): Promise<ReviewRow | null> {
  const { discount_approval: _password, ...payload } = r.payload;
  const [row] = await tx
    .insert(R)
    .values({
      client_ref: r.clientRef,
      outlet: r.outlet,
      reason: r.reason,
      message: r.message,
      sold_on: r.offline.sold_on,
      device_id: r.offline.device_id,
      device_seq: r.offline.device_seq,
      provisional_no: r.offline.provisional_no ?? null,
      sold_by: r.seller.id,
      sold_by_name: r.seller.name,
      sent_by: r.sender.id,
      sent_by_name: r.sender.name,
      customer_name: r.customerName,
      lines: r.lines,
      payload,
    })
    .onConflictDoNothing({ target: R.client_ref })
    .returning();
  return row ?? null;
}

export async function reviewByRef(db: DbOrTx, clientRef: string): Promise<ReviewRow | undefined> {
  return (await db.select().from(R).where(eq(R.client_ref, clientRef)).limit(1))[0];
}

const discountOf = (payload: Record<string, unknown>) => (typeof payload.discount === 'number' ? toKobo(payload.discount) : 0);

/** A review as the API answers it (`order`: the sale recorded from it, when one was). */
export function presentReview(r: ReviewRow, order: { id: number; invoice_no: string } | null): OfflineReview {
  const person = (id: number | null, name: string | null) => (id !== null ? { id, name: name ?? '' } : null);
  const discountK = discountOf(r.payload);
  const shownK = r.lines.reduce((s, l) => s + toKobo(l.shown_price) * l.quantity, 0);
  const serverK = r.lines.every((l) => l.server_price !== null) ? r.lines.reduce((s, l) => s + toKobo(l.server_price!) * l.quantity, 0) : null;
  return {
    id: r.id,
    client_ref: r.client_ref,
    outlet: r.outlet,
    reason: r.reason,
    message: r.message,
    sold_on: r.sold_on,
    device_id: r.device_id,
    device_seq: r.device_seq,
    provisional_no: r.provisional_no,
    sold_by: person(r.sold_by, r.sold_by_name),
    sent_by: { id: r.sent_by, name: r.sent_by_name },
    customer_name: r.customer_name,
    lines: r.lines,
    shown_total: fromKobo(Math.max(0, shownK - discountK)),
    server_total: serverK === null ? null : fromKobo(Math.max(0, serverK - discountK)),
    payload: r.payload,
    status: r.status,
    resolved_by: person(r.resolved_by, r.resolved_by_name),
    resolved_at: r.resolved_at ? r.resolved_at.toISOString() : null,
    resolution_note: r.resolution_note,
    order,
    created_at: r.created_at.toISOString(),
  };
}

/** Reviews with the invoice number of the sale each was recorded as. */
export async function presentReviews(db: DbOrTx, rows: ReviewRow[]): Promise<OfflineReview[]> {
  const ids = rows.map((r) => r.order_id).filter((id): id is number => id !== null);
  const found = ids.length ? await db.select({ id: ordersTable.id, invoice_no: ordersTable.invoice_no }).from(ordersTable).where(inArray(ordersTable.id, ids)) : [];
  const orders = new Map(found.map((o) => [o.id, o.invoice_no]));
  return rows.map((r) => presentReview(r, r.order_id !== null && orders.has(r.order_id) ? { id: r.order_id, invoice_no: orders.get(r.order_id)! } : null));
}
