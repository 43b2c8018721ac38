import { eq, inArray } from 'drizzle-orm';
import { MESSAGES, discountAboveLimit, discountApprovalMessage, fromKobo, toKobo, type DiscountApproval, type OrderCreate } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { isAdmin, type UserRow } from '../../plugins/auth.js';
import { HttpError, invalidField } from '../../plugins/errors.js';
import { productsTable } from '../../db/schema.js';
import { checkCredentials, type LoginThrottle } from '../auth/index.js';
import { readSettings } from '../settings/index.js';
import { ordersTable } from './orders.table.js';

export type DiscountApprover = { id: number; name: string };

/**
 * A staff member's discount above the limit (settings: `max_staff_discount_percent`) needs an admin's
 * approval: the admin's username and password in `discount_approval`, checked here, BEFORE the sale's
 * transaction (argon2 takes tens of milliseconds; no product row is locked meanwhile). Returns the
 * approving admin, or null when none is needed (an admin sells, no discount, within the limit).
 *
 * The subtotal is priced from the database as the sale will be, without locks: only an admin can change a
 * price, so a price changed in between is the admin's own doing. A cart the sale will refuse anyway (a
 * product missing, of another outlet or archived; a discount above the subtotal) is left to the sale's own
 * 422. A retry of a sale already made (its client_ref) is left to replay, unchanged.
 *
 * The approval is a sign-in: counted by the login throttle before the password is checked (the same
 * key as POST /api/login, so the till is no way round it), a failure logged as `login_failed`.
 */
export async function approveDiscount(db: Db, user: UserRow, input: OrderCreate & { discount: number }, throttle: LoginThrottle, ip: string): Promise<DiscountApprover | null> {
  if (isAdmin(user) || !(input.discount > 0)) return null;
  const ids = [...new Set(input.items.map((i) => i.product_id))];
  const [settings, products] = await Promise.all([
    readSettings(db),
    db.select({ id: productsTable.id, price: productsTable.price, outlet: productsTable.outlet, archived_at: productsTable.archived_at }).from(productsTable).where(inArray(productsTable.id, ids)),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  let subtotalK = 0;
  for (const item of input.items) {
    const p = byId.get(item.product_id);
    if (!p || p.outlet !== input.outlet || p.archived_at) return null;
    subtotalK += toKobo(p.price) * item.quantity;
  }
  if (toKobo(input.discount) > subtotalK) return null;
  const limit = settings.max_staff_discount_percent;
  if (!discountAboveLimit(input.discount, fromKobo(subtotalK), limit)) return null;

  if (input.client_ref) {
    const [made] = await db.select({ id: ordersTable.id }).from(ordersTable).where(eq(ordersTable.client_ref, input.client_ref)).limit(1);
    if (made) return null;
  }
  const approval = input.discount_approval;
  if (!approval) throw invalidField('discount', discountApprovalMessage(limit));
  return adminApproval(db, throttle, approval, ip, { field: 'discount_approval', what: `a discount above ${limit}%`, by: user.id });
}

/**
 * An admin's approval given on the spot, by their username and password: a discount above the staff limit, a refund
 * made by a staff member. It is a sign-in: counted by the login throttle before the password is checked (the same
 * key as POST /api/login, so no till is a way round it), a failure logged as `login_failed` with `for: field`.
 * Refusals are 422 on `field`: throttled (with the login's Retry-After), wrong credentials, or the right password of
 * someone who is not an admin. Call it before any transaction: the password check is slow and must hold no lock.
 */
export async function adminApproval(db: Db, throttle: LoginThrottle, approval: DiscountApproval, ip: string, opts: { field: string; what: string; by: number }): Promise<DiscountApprover> {
  const check = await checkCredentials(db, throttle, approval.username, approval.password, ip, { for: opts.field, by: opts.by });
  if (check.status === 'throttled') {
    // a 422 on the field (the form shows it there; nothing is done), with the login's Retry-After
    const message = `Too many sign-in attempts. Please try again in ${check.retryAfter} seconds.`;
    throw new HttpError(422, message, { [opts.field]: [message] }, { 'Retry-After': String(check.retryAfter) });
  }
  if (check.status === 'refused') throw invalidField(opts.field, MESSAGES.badCredentials);
  const admin = check.user;
  // a right password of a staff member approves nothing (and is not forgiven by the throttle either)
  if (!isAdmin(admin)) throw invalidField(opts.field, `${admin.name} is not an admin: only an admin can approve ${opts.what}.`);
  await throttle.succeeded(check.ticket);
  return { id: admin.id, name: admin.name };
}
