import { and, asc, eq, gte, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import {
  DIGEST_STAFF_DAYS,
  DIGEST_TAKINGS_SHARE,
  DIGEST_WEEKS,
  OUTLETS,
  OUTLET_LABELS,
  addDays,
  formatNaira,
  fromKobo,
  mad,
  median,
  studioInstant,
  toKobo,
  type Digest,
  type DigestException,
  type DigestOutlet,
  type Outlet,
} from '@studio/shared';
import type { Db } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import { activityLogTable } from '../../plugins/activity-log.table.js';
import { dailyTotalsTable, dayClosesTable, orderPaymentsTable, orderRefundsTable, ordersTable } from '../../db/schema.js';
import { unmatchedCredits } from '../bank-statements/index.js';
import { dayCloseRecords, dayFigures, dayName, offlineWaiting } from '../pos/index.js';

const O = ordersTable;
const R = orderRefundsTable;
const P = orderPaymentsTable;

/** The invoices of an outlet, as the web app opens them (a web path the digest links to). */
const invoicesPath = (outlet: Outlet) => `/invoices/product-invoices/${outlet}`;
/** One sale, opened over the digest page of its day (the web app's path). */
const salePath = (outlet: Outlet, date: string, orderId: number) => `/finances/daily-digest?date=${date}&outlet=${outlet}&sale=${orderId}`;
const naira = (n: number) => formatNaira(n);

/**
 * Takings well below the same weekday of the last 8 weeks: under half the median AND below the median less twice the
 * median absolute deviation (a week that always swings is not flagged for an ordinary low day). Weeks without a sale
 * count as 0; a median of 0 (the outlet does not open that weekday) judges nothing.
 */
async function takingsException(db: Db, outlet: Outlet, date: string, totalK: number): Promise<DigestException | null> {
  const T = dailyTotalsTable;
  const days = Array.from({ length: DIGEST_WEEKS }, (_, i) => addDays(date, -7 * (i + 1)));
  const rows = await db
    .select({ day: sql<string>`${T.day}::text`, amount: sql<string>`${T.amount}::text` })
    .from(T)
    .where(and(eq(T.grain, 'd'), eq(T.source, 'sale'), eq(T.key, outlet), inArray(T.day, days)));
  const byDay = new Map(rows.map((r) => [r.day, sumKobo(r.amount)]));
  const past = days.map((d) => byDay.get(d) ?? 0);
  const medianK = median(past);
  const spreadK = mad(past);
  if (!(medianK > 0) || !(totalK < medianK * DIGEST_TAKINGS_SHARE && totalK < medianK - 2 * spreadK)) return null;
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const [figure, med, spread] = [fromKobo(totalK), fromKobo(Math.round(medianK)), fromKobo(Math.round(spreadK))];
  return {
    kind: 'low_takings',
    message: `${OUTLET_LABELS[outlet]} took ${naira(figure)} on ${dayName(date)}, under half of what a ${weekday} usually brings: the median of the last ${DIGEST_WEEKS} ${weekday}s is ${naira(med)} (they usually vary by ${naira(spread)}).`,
    figure,
    median: med,
    spread,
    link: invoicesPath(outlet),
  };
}

type StaffCount = { id: number; name: string; n: number };
const STAFF_WORDS = { staff_voids: 'voided sales', staff_refunds: 'refunds', staff_not_received: 'transfers marked not received' } as const;

/**
 * A staff member whose voids, refunds or transfers not received over the last 30 days are well above their colleagues'
 * (those who sold at the outlet in those days): at least 3, and above the colleagues' median plus twice their spread
 * (the MAD, at least 1).
 */
function staffExceptions(kind: keyof typeof STAFF_WORDS, outlet: Outlet, from: string, to: string, sellers: Map<number, string>, counts: StaffCount[]): DigestException[] {
  const byId = new Map(counts.map((c) => [c.id, c]));
  const everyone = new Map(sellers);
  for (const c of counts) everyone.set(c.id, c.name);
  const out: DigestException[] = [];
  for (const [id, name] of everyone) {
    const n = byId.get(id)?.n ?? 0;
    const colleagues = [...everyone.keys()].filter((o) => o !== id).map((o) => byId.get(o)?.n ?? 0);
    if (!colleagues.length || n < 3) continue;
    const med = median(colleagues);
    const spread = mad(colleagues);
    if (!(n > med + 2 * Math.max(spread, 1))) continue;
    out.push({
      kind,
      message: `${name} has ${n} ${STAFF_WORDS[kind]} at the ${OUTLET_LABELS[outlet]} from ${dayName(from)} to ${dayName(to)}; their ${colleagues.length} colleague${colleagues.length === 1 ? '' : 's'} there have a median of ${med} (spread ${spread}).`,
      figure: n,
      median: med,
      spread,
      link: invoicesPath(outlet),
    });
  }
  return out;
}

async function staffWindow(db: Db, outlet: Outlet, date: string): Promise<DigestException[]> {
  const from = addDays(date, -(DIGEST_STAFF_DAYS - 1));
  const inWindow = and(eq(O.outlet, outlet), gte(O.business_date, from), lte(O.business_date, date));
  const [sellers, voids, refunds, notReceived] = await Promise.all([
    db.select({ id: O.staff_id, name: sql<string>`max(${O.staff_name})` }).from(O).where(inWindow).groupBy(O.staff_id),
    db.select({ id: O.staff_id, name: sql<string>`max(${O.staff_name})`, n: sql<number>`count(*)::int` }).from(O).where(and(inWindow, eq(O.status, 'void'))).groupBy(O.staff_id),
    db
      .select({ id: R.staff_id, name: sql<string>`max(${R.staff_name})`, n: sql<number>`count(*)::int` })
      .from(R)
      .where(and(eq(R.outlet, outlet), gte(R.business_date, from), lte(R.business_date, date)))
      .groupBy(R.staff_id),
    db
      .select({ id: O.staff_id, name: sql<string>`max(${O.staff_name})`, n: sql<number>`count(*)::int` })
      .from(P)
      .innerJoin(O, eq(O.id, P.order_id))
      .where(and(inWindow, eq(P.method, 'transfer'), isNotNull(P.not_received_at)))
      .groupBy(O.staff_id),
  ]);
  const who = new Map(sellers.map((s) => [s.id, s.name]));
  const num = (rows: { id: number; name: string; n: number }[]) => rows.map((r) => ({ ...r, n: Number(r.n) }));
  return [
    ...staffExceptions('staff_voids', outlet, from, date, who, num(voids)),
    ...staffExceptions('staff_refunds', outlet, from, date, who, num(refunds)),
    ...staffExceptions('staff_not_received', outlet, from, date, who, num(notReceived)),
  ];
}

/**
 * Sales edited on this day (activity log: an `update` or a `void` of an order) after their own business day had been
 * closed: a close of that outlet and day (in force or since reopened) made before the edit.
 */
async function editedAfterClose(db: Db, outlet: Outlet, date: string, timeZone: string): Promise<DigestException[]> {
  const A = activityLogTable;
  const C = dayClosesTable;
  const from = studioInstant(date, '00:00', timeZone);
  const to = studioInstant(addDays(date, 1), '00:00', timeZone);
  const rows = await db
    .select({ id: A.id, action: A.action, who: A.user_name, at: A.created_at, order_id: O.id, invoice: O.invoice_no, sold_on: sql<string>`${O.business_date}::text`, closed_at: sql<string>`min(${C.closed_at})::text`, closed_by: sql<string>`min(${C.closed_by_name})` })
    .from(A)
    .innerJoin(O, eq(O.id, A.record_id))
    .innerJoin(C, and(eq(C.outlet, O.outlet), eq(C.business_date, O.business_date), lt(C.closed_at, A.created_at)))
    .where(and(eq(A.resource, 'orders'), inArray(A.action, ['update', 'void']), gte(A.created_at, from), lt(A.created_at, to), eq(O.outlet, outlet)))
    .groupBy(A.id, A.action, A.user_name, A.created_at, O.id, O.invoice_no, O.business_date)
    .orderBy(asc(A.created_at), asc(A.id));
  return rows.map((r) => ({
    kind: 'edited_after_close' as const,
    message: `${r.who ?? 'Someone'} ${r.action === 'void' ? 'voided' : 'edited'} invoice ${r.invoice} of ${dayName(r.sold_on)} at ${r.at.toISOString()}, after that day was closed (by ${r.closed_by}).`,
    figure: 1,
    link: salePath(outlet, date, r.order_id),
  }));
}

async function outletDigest(db: Db, outlet: Outlet, date: string, timeZone: string): Promise<DigestOutlet> {
  const day = and(eq(O.outlet, outlet), eq(O.business_date, date));
  const [figures, closes, waiting, voids, refunds, discounts, staff, edits] = await Promise.all([
    dayFigures(db, outlet, date),
    dayCloseRecords(db, outlet, date),
    offlineWaiting(db, outlet, date),
    db
      .select({ who: O.staff_name, voided_by: O.voided_by_name, invoice: O.invoice_no, order_id: O.id, amount: sql<string>`${O.total}::text`, reason: O.void_reason })
      .from(O)
      .where(and(day, eq(O.status, 'void')))
      .orderBy(asc(O.id)),
    db
      .select({ who: R.staff_name, approved_by: R.approved_by_name, invoice: O.invoice_no, order_id: O.id, amount: sql<string>`${R.amount}::text`, reason: R.reason })
      .from(R)
      .innerJoin(O, eq(O.id, R.order_id))
      .where(and(eq(R.outlet, outlet), eq(R.business_date, date)))
      .orderBy(asc(R.id)),
    db
      .select({ who: O.staff_name, approved_by: sql<string>`${O.discount_approved_by_name}`, invoice: O.invoice_no, order_id: O.id, amount: sql<string>`${O.discount}::text` })
      .from(O)
      .where(and(day, isNotNull(O.discount_approved_by), ne(O.status, 'void')))
      .orderBy(asc(O.id)),
    staffWindow(db, outlet, date),
    editedAfterClose(db, outlet, date, timeZone),
  ]);
  const low = await takingsException(db, outlet, date, toKobo(figures.total));
  const close = closes.close;
  const money = (s: string) => fromKobo(sumKobo(s));
  return {
    outlet,
    sales: { count: figures.count, total: figures.total, by_method: figures.by_method },
    cash: close ? { expected: close.expected.cash, counted: close.counted.cash, over_short: close.over_short.cash } : null,
    transfers: {
      unconfirmed: { count: figures.transfers.unconfirmed.count, total: figures.transfers.unconfirmed.amount },
      not_received: { count: figures.transfers.not_received.count, total: figures.transfers.not_received.amount },
    },
    voids: voids.map((v) => ({ ...v, amount: money(v.amount) })),
    refunds: refunds.map((r) => ({ ...r, amount: money(r.amount) })),
    discounts_above_limit: discounts.map((d) => ({ ...d, amount: money(d.amount) })),
    offline_reviews: { open: waiting.offline_review },
    exceptions: [...(low ? [low] : []), ...staff, ...edits],
  };
}

/** The digest of one day: each outlet asked (all three by default), and the credits no record explains. */
export async function ownerDigest(db: Db, date: string, outlet: Outlet | undefined, timeZone: string): Promise<Digest> {
  const outlets = outlet ? [outlet] : [...OUTLETS];
  const [sections, credits] = await Promise.all([Promise.all(outlets.map((o) => outletDigest(db, o, date, timeZone))), unmatchedCredits(db)]);
  return {
    date,
    outlets: sections,
    credits_with_no_record: { count: credits.length, total: fromKobo(credits.reduce((k, c) => k + toKobo(c.credit), 0)) },
  };
}
