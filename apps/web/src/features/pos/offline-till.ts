import dayjs from 'dayjs';
import { offlineRefusal, type Order, type Outlet, type TillItem, discountApprovalMessage, fromKobo, toKobo } from '@studio/shared';
import type { CurrentUser } from '../../lib/auth-store';
import type { OutboxEntry } from '../../lib/offline/outbox';
import type { Cart, PaymentLine } from './cart';
import { showTime, studioDate } from '../../lib/studio-time';

/**
 * The till's rules while it sells without the server (issue 18; docs/decisions/016-offline-till.md): the stock it
 * shows, how old its prices may be, and what a sale made offline may carry. Pure: the till and its tests share them.
 */

/** A sale still on this device (not yet recorded by the server): its goods have left the shelf. */
const onDevice = (e: Pick<OutboxEntry, 'status'>) => e.status === 'waiting' || e.status === 'attention';

/**
 * Local stock: the snapshot's quantities less what the sales still on this device took of this outlet. Services and
 * untracked items stay as they are. The same list is returned when nothing waits (no new objects: the list does not
 * redraw).
 */
export function localStock(items: readonly TillItem[], entries: readonly Pick<OutboxEntry, 'status' | 'outlet' | 'body'>[], outlet: Outlet): { items: readonly TillItem[]; adjusted: boolean } {
  const taken = new Map<number, number>();
  for (const e of entries) {
    if (e.outlet !== outlet || !onDevice(e)) continue;
    for (const i of e.body.items) taken.set(i.product_id, (taken.get(i.product_id) ?? 0) + i.quantity);
  }
  if (taken.size === 0) return { items, adjusted: false };
  return {
    items: items.map((p) => {
      const t = taken.get(p.id);
      return t && p.kind === 'product' && p.quantity !== null ? { ...p, quantity: p.quantity - t } : p;
    }),
    adjusted: true,
  };
}

/** Are prices confirmed at `pricesAsOf` older than the studio's limit (`offline_stale_hours`)? */
export function pricesStale(pricesAsOf: string, staleHours: number, now: Date = new Date()): boolean {
  return now.getTime() - new Date(pricesAsOf).getTime() > staleHours * 60 * 60 * 1000;
}

export interface OfflineCheck {
  user: Pick<CurrentUser, 'is_admin'> | null;
  pricesAsOf: string;
  staleHours: number;
  /** A staff member's discount above the limit (it would need an admin's sign-in, which only the server can check). */
  discountAboveLimit: boolean;
  discountLimit: number;
  payments: readonly PaymentLine[];
  /** An appointment's check-out (its deposit and service are the server's): not sold offline. */
  appointment: boolean;
  now?: Date;
}

/**
 * Why this sale cannot be made while the till is offline, or null. Past the staleness limit only an admin signed in
 * on this device may sell; a discount above the staff limit needs an admin signed in here (an approval by password
 * needs the server); a card, POS or transfer payment needs its reference (the terminal's slip, the sender's bank).
 * The server checks the same again when the sale arrives and keeps for review what does not pass.
 */
export function offlineProblem(c: OfflineCheck): string | null {
  const admin = Number(c.user?.is_admin) === 1;
  if (c.appointment) return "An appointment's check-out needs the server: check it out once the till is back online.";
  if (!admin && pricesStale(c.pricesAsOf, c.staleHours, c.now)) return `The prices on this till are more than ${c.staleHours} hours old: only an admin may sell offline now.`;
  if (!admin && c.discountAboveLimit) return `${discountApprovalMessage(c.discountLimit)} Offline, only an admin signed in on this till can give it.`;
  for (const p of c.payments) {
    if (p.amount === '' || !(Number(p.amount) > 0)) continue;
    const refused = offlineRefusal(p.method, p.reference);
    if (refused) return refused;
  }
  return null;
}

/** `Prices as of 10:42` (today) or `Prices as of 24 Nov, 10:42`, on the studio's clock (as the receipt is), whatever zone the device is in. */
export function pricesAsOfLabel(pricesAsOf: string, now: Date = new Date()): string {
  const at = new Date(pricesAsOf);
  const time = showTime(at);
  const day = studioDate(at);
  return `Prices as of ${day === studioDate(now) ? time : `${dayjs(day).format('D MMM')}, ${time}`}`;
}

/**
 * The provisional receipt of a sale queued on this device, in the shape of a recorded sale (so the one receipt
 * layout, print and WhatsApp text serve it): numbered `OFF-xxx-nnnn`, at the prices the till showed.
 */
export function provisionalOrder(entry: Pick<OutboxEntry, 'provisional_no' | 'queued_at' | 'client_ref' | 'body'>, cart: Pick<Cart, 'lines'>, staff: { id: number; name: string }, totals: { subtotal: number; discount: number; total: number; change: number; paid: number }): Order {
  const b = entry.body;
  const names = new Map(cart.lines.map((l) => [l.product.id, l.product.name]));
  return {
    id: 0,
    invoice_no: entry.provisional_no,
    outlet: b.outlet,
    customer_name: b.customer_name ?? 'Walk-in customer',
    customer_phone: b.customer_phone ?? null,
    items: b.items.map((i, n) => ({ id: n, product_id: i.product_id, name: names.get(i.product_id) ?? `#${i.product_id}`, unit_price: i.unit_price ?? 0, quantity: i.quantity, total: fromKobo(toKobo(i.unit_price ?? 0) * i.quantity), refunded_quantity: 0 })),
    subtotal: totals.subtotal,
    discount: totals.discount,
    total: totals.total,
    payments: (b.payments ?? []).map((p, n) => ({ id: n, method: p.method, amount: p.amount, reference: p.reference ?? null, confirmed_at: null, confirmed_by: null })) as Order['payments'],
    amount_paid: totals.paid,
    change: totals.change,
    refunds: [],
    refunded: 0,
    deposit: 0,
    balance: 0,
    balance_payments: [],
    client_id: null,
    payment_method: (b.payments ?? []).length === 1 ? b.payments![0]!.method : 'split',
    status: 'paid',
    staff,
    discount_approved_by: null,
    note: b.note ?? null,
    client_ref: entry.client_ref,
    business_date: b.offline?.sold_on ?? entry.queued_at.slice(0, 10),
    oversold: false,
    offline: null,
    voided_at: null,
    voided_by: null,
    void_reason: null,
    created_at: entry.queued_at,
    updated_at: entry.queued_at,
  };
}

/** The words every provisional receipt carries, printed and on WhatsApp. */
export const PROVISIONAL_NOTICE = 'PROVISIONAL RECEIPT: this sale is not yet recorded online. It will be sent when the till reaches the server.';
