import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { givesChange, isPrepaid, OUTLET_LABELS, PAYMENT_METHODS, fromKobo, toKobo, type ByMethod, type DayClose, type DayCloseRecord, type Outlet, type PaymentMethod } from '@studio/shared';
import type { DbOrTx } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import { type HttpError, invalidField } from '../../plugins/errors.js';
import { dayCloseCountsTable, dayClosesTable } from './day-close.table.js';
import { VOID_NETTING_NOTE, orderBalancePaymentsTable, orderItemsTable, orderPaymentsTable, orderRefundsTable, ordersTable } from './orders.table.js';
import { devicesTable, offlineReviewsTable } from './offline.table.js';
import { appointmentPaymentsTable, appointmentsTable, financesTable, prepaidLinesTable } from '../../db/schema.js';

const O = ordersTable;
const C = dayClosesTable;
const P = orderPaymentsTable;

const zeros = (): ByMethod => Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as ByMethod;

/** `Mar 14, 2025`: how a refusal names the day. */
export function dayName(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** The advisory lock of one outlet's day: a close holds it alone, a sale or a void shares it. */
const dayLock = (outlet: Outlet, date: string) => sql`hashtextextended(${`day-close:${outlet}:${date}`}, 0)`;

/** Taken by a close or a reopen: waits for the sales and voids of that day in flight, and holds new ones until it commits. */
export async function lockDay(tx: DbOrTx, outlet: Outlet, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${dayLock(outlet, date)})`);
}

/** The day's lock taken shared, as an expression: a sale takes it in its products read (docs/decisions/012-day-close.md). */
export const shareDayLock = (outlet: Outlet, date: string) => sql<string>`pg_advisory_xact_lock_shared(${dayLock(outlet, date)})::text`;

/** The 422 for a change to a closed day's money. */
export function dayClosedError(outlet: Outlet, date: string, closedBy: string, what: string): HttpError {
  return invalidField('business_date', `The ${OUTLET_LABELS[outlet]} day of ${dayName(date)} was closed by ${closedBy}. An admin must reopen the day before ${what}.`);
}

/**
 * Refuses a change to the money of a closed day (a void, a payment relabelled), so that a close's expected
 * figures stay what the day holds. Call it inside the change's transaction: it shares the day's lock with
 * other changes, so a close waits for the change and the change waits for the close, and then reads it (a
 * separate statement, so its snapshot is taken after the lock). A sale does the same within its own
 * statements (orders.service.ts).
 */
export async function assertDayOpen(tx: DbOrTx, outlet: Outlet, date: string, what: string): Promise<void> {
  await tx.execute(sql`select ${shareDayLock(outlet, date)}`);
  const [closed] = await tx
    .select({ by: C.closed_by_name })
    .from(C)
    .where(and(eq(C.outlet, outlet), eq(C.business_date, date), eq(C.status, 'closed')))
    .limit(1);
  if (closed) throw dayClosedError(outlet, date, closed.by, what);
}

/** Runs the reads side by side, or one after another (a transaction's one connection runs one statement at a time). */
async function reads<T extends readonly (() => PromiseLike<unknown>)[]>(list: T, parallel: boolean): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (parallel) return (await Promise.all(list.map((read) => read()))) as never;
  const out: unknown[] = [];
  for (const read of list) out.push(await read());
  return out as never;
}

type Figures = Omit<DayClose, 'close' | 'reopened' | 'devices_waiting' | 'offline_review'>;

/**
 * One outlet's business day, summed in SQL (exact NUMERIC) and combined in integer kobo; `inTransaction` when
 * `db` is one (the close reads the day under its lock).
 */
export async function dayFigures(db: DbOrTx, outlet: Outlet, date: string, opts: { inTransaction?: boolean } = {}): Promise<Required<Figures>> {
  const day = and(eq(O.outlet, outlet), eq(O.business_date, date));
  const paid = and(day, eq(O.status, 'paid'));
  const R = orderRefundsTable;
  const D = appointmentPaymentsTable;
  const BP = orderBalancePaymentsTable;
  const F = financesTable;
  const PL = prepaidLinesTable;
  const [totals, voids, methods, items, staff, transfers, refunds, deposits, later, spent, prepaid] = await reads(
    [
      () =>
        db
          .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${O.total}), 0)::text`, discount: sql<string>`coalesce(sum(${O.discount}), 0)::text`, change: sql<string>`coalesce(sum(${O.change}), 0)::text` })
          .from(O)
          .where(paid),
      () =>
        db.select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${O.total}), 0)::text` }).from(O).where(and(day, eq(O.status, 'void'))),
      () =>
        db
          .select({ method: orderPaymentsTable.method, amount: sql<string>`sum(${orderPaymentsTable.amount})::text` })
          .from(orderPaymentsTable)
          .innerJoin(O, eq(O.id, orderPaymentsTable.order_id))
          .where(paid)
          .groupBy(orderPaymentsTable.method),
      () =>
        db
          .select({
            product_id: orderItemsTable.product_id,
            name: orderItemsTable.name,
            quantity: sql<number>`sum(${orderItemsTable.quantity})::int`,
            total: sql<string>`sum(${orderItemsTable.total})::text`,
            cost: sql<string>`sum(${orderItemsTable.cost_price} * ${orderItemsTable.quantity})::text`,
          })
          .from(orderItemsTable)
          .innerJoin(O, eq(O.id, orderItemsTable.order_id))
          .where(paid)
          .groupBy(orderItemsTable.product_id, orderItemsTable.name)
          .orderBy(desc(sql`sum(${orderItemsTable.total})`), orderItemsTable.name),
      () =>
        db
          .select({ id: O.staff_id, name: sql<string>`max(${O.staff_name})`, count: sql<number>`count(*)::int`, total: sql<string>`sum(${O.total})::text` })
          .from(O)
          .where(paid)
          .groupBy(O.staff_id)
          .orderBy(desc(sql`sum(${O.total})`)),
      () =>
        db
          .select({
            unconfirmed: sql<number>`(count(*) filter (where ${P.confirmed_at} is null and ${P.not_received_at} is null))::int`,
            unconfirmed_amount: sql<string>`coalesce(sum(${P.amount}) filter (where ${P.confirmed_at} is null and ${P.not_received_at} is null), 0)::text`,
            not_received: sql<number>`(count(*) filter (where ${P.not_received_at} is not null))::int`,
            not_received_amount: sql<string>`coalesce(sum(${P.amount}) filter (where ${P.not_received_at} is not null), 0)::text`,
          })
          .from(P)
          .innerJoin(O, eq(O.id, P.order_id))
          .where(and(paid, eq(P.method, 'transfer'))),
      // partial refunds paid out this day at this outlet, whatever day their sale was (issue 17)
      () =>
        db
          .select({ method: R.method, count: sql<number>`count(*)::int`, amount: sql<string>`sum(${R.amount})::text` })
          .from(R)
          .where(and(eq(R.outlet, outlet), eq(R.business_date, date)))
          .groupBy(R.method),
      // appointment deposits at this outlet dated this day, taken or paid back (issue 28): money in the drawer that day
      () =>
        db
          .select({ method: D.method, count: sql<number>`count(*)::int`, amount: sql<string>`sum(${D.amount})::text` })
          .from(D)
          .innerJoin(appointmentsTable, eq(appointmentsTable.id, D.parent_id))
          .where(and(eq(D.date, date), eq(appointmentsTable.outlet, outlet)))
          .groupBy(D.method),
      // money taken this day against what earlier sales of this outlet owed (decision 027): in the drawer or account
      () =>
        db
          .select({ method: BP.method, amount: sql<string>`sum(${BP.amount})::text` })
          .from(BP)
          .innerJoin(O, eq(O.id, BP.parent_id))
          .where(and(eq(O.outlet, outlet), eq(BP.date, date), sql`${BP.amount} > 0 and coalesce(${BP.note}, '') <> ${VOID_NETTING_NOTE}`))
          .groupBy(BP.method),
      // stock paid for this day at this outlet (a restock paid now, a payment to a supplier: decision 027), by method
      () =>
        db
          .select({ method: F.method, amount: sql<string>`sum(${F.amount})::text` })
          .from(F)
          .where(and(eq(F.type, 'expense'), eq(F.outlet, outlet), eq(F.date, date), sql`${F.method} is not null`))
          .groupBy(F.method),
      // value sold this day at this outlet (a gift voucher, credit topped up: decision 032), by the money it came in
      () =>
        db
          .select({ method: PL.method, count: sql<number>`count(*)::int`, amount: sql<string>`sum(${PL.amount})::text` })
          .from(PL)
          .where(and(eq(PL.outlet, outlet), eq(PL.business_date, date), sql`${PL.method} is not null`))
          .groupBy(PL.method),
    ] as const,
    !opts.inTransaction,
  );
  const t = totals[0]!;
  const byMethod = zeros();
  for (const m of methods) byMethod[m.method] = fromKobo(sumKobo(m.amount));
  const changeK = sumKobo(t.change);
  const refundedBy = zeros();
  for (const r of refunds) refundedBy[r.method] = fromKobo(sumKobo(r.amount));
  const depositedBy = zeros();
  for (const d of deposits) depositedBy[d.method] = fromKobo(sumKobo(d.amount));
  const prepaidBy = zeros();
  for (const p of prepaid) prepaidBy[p.method as PaymentMethod] = fromKobo(sumKobo(p.amount));
  const laterK = (m: PaymentMethod) => sumKobo(later.find((l) => l.method === m)?.amount);
  const spentK = (m: PaymentMethod) => sumKobo(spent.find((l) => l.method === m)?.amount);
  // what each method should hold: cash as tendered less the change given back from the drawer, each method less
  // the refunds paid out by it, plus the appointment deposits taken (less those paid back) that day, plus what was
  // paid this day on earlier sales' balances, less stock paid for by it
  const expected = Object.fromEntries(
    // value paid before (a voucher, credit) is drawn from its ledger: nothing of it is counted
    PAYMENT_METHODS.map((m) => [
      m,
      isPrepaid(m) ? 0 : fromKobo(toKobo(byMethod[m]) - (givesChange(m) ? changeK : 0) - toKobo(refundedBy[m]) + toKobo(depositedBy[m]) + laterK(m) - spentK(m) + toKobo(prepaidBy[m])),
    ]),
  ) as ByMethod;
  const totalK = sumKobo(t.total);
  const costK = items.reduce((s, i) => s + sumKobo(i.cost), 0);
  return {
    outlet,
    date,
    count: Number(t.count),
    total: fromKobo(totalK),
    discount: fromKobo(sumKobo(t.discount)),
    by_method: byMethod,
    change_given: fromKobo(changeK),
    expected_cash: expected.cash,
    expected,
    voids: { count: Number(voids[0]!.count), total: fromKobo(sumKobo(voids[0]!.total)) },
    transfers: {
      unconfirmed: { count: Number(transfers[0]!.unconfirmed), amount: fromKobo(sumKobo(transfers[0]!.unconfirmed_amount)) },
      not_received: { count: Number(transfers[0]!.not_received), amount: fromKobo(sumKobo(transfers[0]!.not_received_amount)) },
    },
    refunds: {
      count: refunds.reduce((n, r) => n + Number(r.count), 0),
      total: fromKobo(refunds.reduce((k, r) => k + sumKobo(r.amount), 0)),
      by_method: refundedBy,
    },
    deposits: {
      count: deposits.reduce((n, d) => n + Number(d.count), 0),
      total: fromKobo(deposits.reduce((k, d) => k + sumKobo(d.amount), 0)),
      by_method: depositedBy,
    },
    prepaid_sold: {
      count: prepaid.reduce((n, p) => n + Number(p.count), 0),
      total: fromKobo(prepaid.reduce((k, p) => k + sumKobo(p.amount), 0)),
      by_method: prepaidBy,
    },
    items: items.map((i) => ({ product_id: i.product_id, name: i.name, quantity: Number(i.quantity), total: fromKobo(sumKobo(i.total)) })),
    by_staff: staff.map((s) => ({ id: s.id, name: s.name, count: Number(s.count), total: fromKobo(sumKobo(s.total)) })),
    gross_profit: fromKobo(totalK - costK),
  };
}

type CloseRow = typeof C.$inferSelect;
type CountRow = typeof dayCloseCountsTable.$inferSelect;

function toRecord(row: CloseRow, counts: CountRow[]): DayCloseRecord {
  const expected = zeros();
  const counted = zeros();
  const overShort = zeros();
  let expectedK = 0;
  let countedK = 0;
  for (const c of counts) {
    const e = toKobo(Number(c.expected));
    const n = toKobo(Number(c.counted));
    expected[c.method as PaymentMethod] = fromKobo(e);
    counted[c.method as PaymentMethod] = fromKobo(n);
    overShort[c.method as PaymentMethod] = fromKobo(n - e);
    expectedK += e;
    countedK += n;
  }
  return {
    id: row.id,
    outlet: row.outlet,
    date: row.business_date,
    status: row.status,
    expected,
    counted,
    over_short: overShort,
    expected_total: fromKobo(expectedK),
    counted_total: fromKobo(countedK),
    over_short_total: fromKobo(countedK - expectedK),
    sales: { count: row.sales_count, total: Number(row.sales_total) },
    note: row.note,
    closed_by: { id: row.closed_by, name: row.closed_by_name },
    closed_at: row.closed_at.toISOString(),
    reopened_by: row.reopened_by !== null ? { id: row.reopened_by, name: row.reopened_by_name ?? '' } : null,
    reopened_at: row.reopened_at ? row.reopened_at.toISOString() : null,
    reopen_reason: row.reopen_reason,
  };
}

/** Every close of the day, oldest first: the one in force (if any) and those reopened. */
export async function dayCloseRecords(db: DbOrTx, outlet: Outlet, date: string): Promise<{ close: DayCloseRecord | null; reopened: DayCloseRecord[] }> {
  const rows = await db
    .select()
    .from(C)
    .where(and(eq(C.outlet, outlet), eq(C.business_date, date)))
    .orderBy(asc(C.closed_at), asc(C.id));
  const counts = rows.length ? await db.select().from(dayCloseCountsTable).where(inArray(dayCloseCountsTable.day_close_id, rows.map((r) => r.id))) : [];
  const records = rows.map((r) => toRecord(r, counts.filter((c) => c.day_close_id === r.id)));
  return { close: records.find((r) => r.status === 'closed') ?? null, reopened: records.filter((r) => r.status === 'reopened') };
}

/**
 * What the close should know is not in the figures yet (issue 18): devices whose last heartbeat said they hold
 * this outlet's sales, and the day's offline sales kept for an admin's review.
 */
export async function offlineWaiting(db: DbOrTx, outlet: Outlet, date: string): Promise<Pick<DayClose, 'devices_waiting' | 'offline_review'>> {
  const D = devicesTable;
  const R = offlineReviewsTable;
  const [devices, [review]] = await Promise.all([
    db
      .select()
      .from(D)
      .where(sql`coalesce((${D.waiting} ->> ${outlet})::int, 0) > 0`)
      .orderBy(desc(D.seen_at)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(R)
      .where(and(eq(R.outlet, outlet), eq(R.sold_on, date), eq(R.status, 'open'))),
  ]);
  return {
    devices_waiting: devices.map((d) => ({
      device_id: d.device_id,
      code: d.code,
      user: d.user_id !== null ? { id: d.user_id, name: d.user_name ?? '' } : null,
      waiting: d.waiting[outlet] ?? 0,
      attention: d.attention,
      seen_at: d.seen_at.toISOString(),
    })),
    offline_review: Number(review?.n ?? 0),
  };
}

/** The whole report of a day: its figures, its closes and what is still on its way (offline sales). */
export async function dayClose(db: DbOrTx, outlet: Outlet, date: string): Promise<Required<DayClose>> {
  const [figures, records, waiting] = await Promise.all([dayFigures(db, outlet, date), dayCloseRecords(db, outlet, date), offlineWaiting(db, outlet, date)]);
  return { ...figures, ...records, ...waiting };
}
