import { and, desc as sqlDesc, eq } from 'drizzle-orm';
import { toKobo, type OfflineReview, type OfflineReviewResolve, type OrderCreate } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { usersTable } from '../../db/schema.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { isAdmin, type UserRow } from '../../plugins/auth.js';
import { HttpError, invalidField, notFound } from '../../plugins/errors.js';
import type { LoginThrottle } from '../auth/index.js';
import { readSettings } from '../settings/index.js';
import { approveDiscount } from './discount-approval.js';
import { presentReviews, type ReviewRow } from './offline-review.store.js';
import { offlineReviewsTable } from './offline.table.js';
import { createOfflineOrder, type OfflineOutcome } from './orders.service.js';

const R = offlineReviewsTable;
type Input = Parameters<typeof createOfflineOrder>[2];

/**
 * Who made the sale: the person the device names, when an admin sends it and names one who exists; else whoever
 * sends it. A staff member's sale is theirs whatever the device says (issue 28, item 6): a staff member cannot credit
 * a sale to a colleague or to the admin (what the device said is kept in the log).
 */
async function sellerOf(db: Db, sender: UserRow, soldBy: number | undefined): Promise<UserRow> {
  if (soldBy === undefined || soldBy === sender.id || !isAdmin(sender)) return sender;
  const [row] = await db.select().from(usersTable).where(eq(usersTable.id, soldBy)).limit(1);
  return row ?? sender;
}

/**
 * `POST /api/orders` with `offline` (issue 18). The rights used are the sender's: a staff member who sends a sale
 * gets no more than a staff member at the till (prices too old, a discount above the limit: kept for an admin).
 * An approval sent with it is checked as online (a wrong password is a 422).
 */
export async function sellOffline(db: Db, sender: UserRow, input: Input, timeZone: string, throttle: LoginThrottle, ip: string): Promise<OfflineOutcome> {
  let discountApprovedBy = null;
  let discountNeedsApproval = false;
  try {
    discountApprovedBy = await approveDiscount(db, sender, input as OrderCreate & { discount: number }, throttle, ip);
  } catch (err) {
    // no approval sent (an offline till cannot check an admin's password): kept for an admin rather than refused
    if (!(err instanceof HttpError && err.errors?.discount && !input.discount_approval)) throw err;
    discountNeedsApproval = true;
  }
  const [settings, seller] = await Promise.all([readSettings(db), sellerOf(db, sender, input.offline!.sold_by)]);
  return createOfflineOrder(db, sender, input, timeZone, { seller, staleHours: settings.offline_stale_hours, backdateDays: settings.offline_backdate_days, discountNeedsApproval }, { discountApprovedBy });
}

/**
 * `POST /api/offline-review/{id}/resolve` (admin). `record` sells it as it came (the seller, device and payments it
 * carries; stock may go below zero), at the prices the till showed (the admin takes them) or the server's, on its
 * own day or `business_date` (which must be open); the sale keeps the review's client_ref, so a device still sending
 * it gets that sale. `dismiss` sets it aside with the admin's note. Both logged; the same resolution sent again
 * answers it again, another one is a 422.
 */
export async function resolveReview(db: Db, admin: UserRow, id: number, body: OfflineReviewResolve & { prices: 'shown' | 'server' }, timeZone: string): Promise<{ review: OfflineReview; replay: boolean }> {
  const read = async () => (await db.select().from(R).where(eq(R.id, id)).limit(1))[0];
  const row = await read();
  if (!row) throw notFound('Offline sale');
  const done = row.status === 'recorded' ? 'record' : row.status === 'dismissed' ? 'dismiss' : null;
  const answer = async (r: ReviewRow, replay: boolean) => ({ review: (await presentReviews(db, [r]))[0]!, replay });
  if (done) {
    if (done === body.action) return answer(row, true);
    throw invalidField('action', `This sale was already ${row.status} by ${row.resolved_by_name ?? 'an admin'}.`);
  }
  const at = new Date();
  const resolved = { resolved_by: admin.id, resolved_by_name: admin.name, resolved_at: at, resolution_note: body.note ?? null };
  const stillOpen = and(eq(R.id, id), eq(R.status, 'open'));

  if (body.action === 'dismiss') {
    const changed = await db.transaction(async (tx) => {
      const [r] = await tx.update(R).set({ status: 'dismissed', ...resolved }).where(stillOpen).returning();
      if (r) await recordActivity(tx, { user: admin, action: 'dismiss', resource: 'offline_reviews', recordId: id, before: { status: 'open' }, after: { status: 'dismissed', note: body.note, client_ref: r.client_ref }, at });
      return r;
    });
    // resolved by someone else meanwhile: answer as if it had been resolved before this call
    if (!changed) return resolveReview(db, admin, id, body, timeZone);
    return answer(changed, false);
  }

  const payload = row.payload as Input;
  const input = { ...payload, client_ref: row.client_ref, discount: Number(payload.discount ?? 0), customer_phone: payload.customer_phone ?? null, note: payload.note ?? null } as Input;
  const unitK = body.prices === 'shown' ? row.lines.map((l) => toKobo(l.shown_price)) : null;
  const seller = row.sold_by !== null ? ((await db.select().from(usersTable).where(eq(usersTable.id, row.sold_by)).limit(1))[0] ?? admin) : admin;
  const outcome = await createOfflineOrder(
    db,
    admin,
    input,
    timeZone,
    { seller, staleHours: Number.POSITIVE_INFINITY, backdateDays: Number.POSITIVE_INFINITY, discountNeedsApproval: false, resolution: { unitK, businessDate: body.business_date ?? row.sold_on } },
    {
      // the admin who records it approves its discount
      discountApprovedBy: Number(payload.discount ?? 0) > 0 ? { id: admin.id, name: admin.name } : null,
      afterSale: async (tx, orderId) => {
        const [r] = await tx
          .update(R)
          .set({ status: 'recorded', order_id: orderId, ...resolved })
          .where(stillOpen)
          .returning({ id: R.id });
        // dismissed by another admin while this one recorded: the sale is rolled back
        if (!r) throw invalidField('action', 'This sale was resolved by another admin meanwhile.');
        await recordActivity(tx, { user: admin, action: 'record', resource: 'offline_reviews', recordId: id, before: { status: 'open' }, after: { status: 'recorded', order_id: orderId, prices: body.prices, business_date: body.business_date ?? row.sold_on, note: body.note ?? null }, at });
      },
    },
  );
  const after = (await read())!;
  return answer(after, outcome.replay || after.status !== 'recorded');
}

/** `GET /api/offline-review`: open ones (oldest first), or every one (newest first). */
export async function listReviews(db: Db, status: 'open' | 'all'): Promise<OfflineReview[]> {
  const rows =
    status === 'open'
      ? await db.select().from(R).where(eq(R.status, 'open')).orderBy(R.created_at, R.id)
      : await db.select().from(R).orderBy(sqlDesc(R.created_at), sqlDesc(R.id)).limit(500);
  return presentReviews(db, rows);
}
