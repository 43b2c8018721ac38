import { z } from 'zod';
import type { Outlet } from './labels.js';
import { isoDate, optionalText } from './primitives.js';
import { DEVICE_CODE_PATTERN, deviceIdSchema } from './resources/orders.js';

/**
 * Why the server kept an offline sale for an admin instead of recording it (issue 18; docs/decisions/016-offline-till.md):
 * - `day_closed`: its day was closed at the outlet before it arrived;
 * - `price_mismatch`: a price the till showed is not the server's price;
 * - `stale_prices`: a staff member sold from prices older than the staleness limit;
 * - `discount_above_limit`: a staff member's discount above the limit, with no admin's approval;
 * - `product_unavailable`: a product deleted, archived or of another outlet since;
 * - `future_date`: dated after the studio's today (a device clock that is wrong);
 * - `backdated`: a staff member's sale dated more than `offline_backdate_days` before it reached the server
 *   (issue 28, item 6): an old day's income is not changed without an admin.
 */
export const OFFLINE_REVIEW_REASONS = ['day_closed', 'price_mismatch', 'stale_prices', 'discount_above_limit', 'product_unavailable', 'future_date', 'backdated'] as const;
export type OfflineReviewReason = (typeof OFFLINE_REVIEW_REASONS)[number];
export const OFFLINE_REVIEW_REASON_LABELS: Record<OfflineReviewReason, string> = {
  day_closed: 'Day closed',
  price_mismatch: 'Price differs',
  stale_prices: 'Old prices',
  discount_above_limit: 'Discount above limit',
  product_unavailable: 'Product gone',
  future_date: 'Date in the future',
  backdated: 'Dated days ago',
};

/** One line of a sale kept for review: the price the till showed beside the server's (null: no such product now). */
export interface OfflineReviewLine {
  product_id: number;
  name: string;
  quantity: number;
  shown_price: number;
  server_price: number | null;
}

/**
 * `GET /api/offline-review` (admin): an offline sale the server kept for a person, with the request as it came
 * (`payload`, without any password) and, once resolved, what the admin did.
 */
export interface OfflineReview {
  id: number;
  client_ref: string;
  outlet: Outlet;
  reason: OfflineReviewReason;
  message: string;
  sold_on: string;
  device_id: string;
  device_seq: number;
  provisional_no: string | null;
  sold_by: { id: number; name: string } | null;
  sent_by: { id: number; name: string };
  customer_name: string;
  lines: OfflineReviewLine[];
  /** What the customer was asked for: the shown prices less the discount. */
  shown_total: number;
  /** The same cart at the server's prices (null when a product is gone). */
  server_total: number | null;
  payload: Record<string, unknown>;
  status: 'open' | 'recorded' | 'dismissed';
  resolved_by: { id: number; name: string } | null;
  resolved_at: string | null;
  resolution_note: string | null;
  /** The sale recorded from it. */
  order: { id: number; invoice_no: string } | null;
  created_at: string;
}

/** `GET /api/offline-review?status=`: open (the default), or every review. */
export const offlineReviewListQuerySchema = z.object({ status: z.enum(['open', 'all']).default('open') });

/**
 * `POST /api/offline-review/{id}/resolve` (admin): record the sale (at the prices the till showed, or the server's;
 * on its own day or another open one), or dismiss it with a note. A repeat of the same resolution answers it again.
 */
export const offlineReviewResolveSchema = z
  .object({
    action: z.enum(['record', 'dismiss'], { error: 'The action must be record or dismiss.' }),
    prices: z.enum(['shown', 'server'], { error: 'The prices must be shown or server.' }).default('shown'),
    business_date: isoDate().optional(),
    note: optionalText(500),
  })
  .refine((b) => b.action !== 'dismiss' || !!b.note, { path: ['note'], error: 'Say why the sale is dismissed.' });
export type OfflineReviewResolve = z.input<typeof offlineReviewResolveSchema>;

const count = () => z.number().int().min(0).max(1_000_000);
/**
 * `POST /api/devices/heartbeat` (anyone signed in): a till's outbox as it stands, sent while it is online, so the
 * day close can warn about sales still on a device.
 */
export const deviceHeartbeatSchema = z.object({
  device_id: deviceIdSchema,
  code: z.string().regex(DEVICE_CODE_PATTERN, { error: 'The code must be 3 or 4 capital letters or digits.' }),
  /** Sales waiting to be sent, per outlet. */
  waiting: z.object({ store: count(), office: count(), salon: count() }).partial(),
  /** Sales the server refused (422) that the device keeps for a person. */
  attention: count().default(0),
});
export type DeviceHeartbeat = z.input<typeof deviceHeartbeatSchema>;

/** A device with sales not yet on the server, as its last heartbeat said (the day close lists them). */
export interface DeviceWaiting {
  device_id: string;
  code: string;
  user: { id: number; name: string } | null;
  waiting: number;
  attention: number;
  seen_at: string;
}
