import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  givesChange,
  OUTLETS,
  PER_PAGE_MAX,
  fromKobo,
  ORDERS_PER_PAGE,
  isoDate,
  isoMonth,
  orderCreateSchema,
  orderUpdateSchema,
  orderVoidSchema,
  orderRefundSchema,
  orderPaymentSchema,
  studioDate,
  fieldErrors,
  outletSchema,
  searchTextSchema,
  type OrderListSummary,
  type StaffSummary,
  type Outlet,
  monthRange,
  dataEnvelope,
  listEnvelope,
  looseRecord,
  orderSchema,
} from '@studio/shared';
import { z } from 'zod';
import { namedRows, type Db } from '../../db/client.js';
import { SnapshotCache } from '../../db/snapshot-cache.js';
import { checkOrderWorkers } from './order-workers.js';
import { usersTable } from '../../db/schema.js';
import { idParams, parseId, rememberSentFields, sentFields } from '../../plugins/request.js';
import { containsPattern } from '../../crud/list-query.js';
import { currentUser, isAdmin } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { forbidden, invalidField, notFound, unprocessable } from '../../plugins/errors.js';
import { LoginThrottle, type LoginThrottleOptions } from '../auth/index.js';
import { adminApproval, approveDiscount } from './discount-approval.js';
import { refundOrder } from './refunds.service.js';
import { idempotent, sendIdempotent } from '../../crud/idempotency.js';
import { assembleOrders, createOrder, findOrder, ordersJson, voidOrder } from './orders.service.js';
import { orderCountsTable, orderItemsTable, orderNamesTable, orderPaymentsTable, orderRefundsTable, ordersTable } from './orders.table.js';
import { assertDayOpen } from './day-close.service.js';
import { sellOffline } from './offline-sales.service.js';
import { takeBalancePayment } from './orders-balance.service.js';
import { presentReviews } from './offline-review.store.js';
import { sumKobo } from '../../db/columns.js';

const O = ordersTable;
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(ORDERS_PER_PAGE),
});
const listQuery = pageQuery.extend({ outlet: outletSchema.optional(), status: z.enum(['paid', 'void']).optional() });
const ordersQuery = listQuery.extend({ oversold: z.enum(['true', '1'], { error: 'The oversold filter must be true or 1.' }).optional() });
// the reason of a void, in the body or the query (a client that sends DELETE without a body); checked in the handler
// so that a missing one is a 422 on `reason` whichever way it was (not) sent
const voidBody = z.object({ reason: z.unknown() }).partial().nullish();
const voidQuery = z.object({ reason: z.string().optional() });
const textParams = z.object({ text: searchTextSchema });
const monthParams = z.object({ month: isoMonth(), outlet: outletSchema });
const rangeParams = z
  .object({ from: isoDate(), to: isoDate() })
  .refine((p) => p.from <= p.to, { path: ['to'], error: 'The to date must be on or after the from date.' });
const staffRangeParams = z.object({ staffId: z.string(), from: isoDate(), to: isoDate() }).refine((p) => p.from <= p.to, { path: ['to'], error: 'The to date must be on or after the from date.' });

type PageQuery = z.infer<typeof pageQuery>;


/**
 * Newest first, always paged: an outlet makes thousands of sales a month. One aggregate gives the row count for
 * paging and the count and exact total of the paid (not void) orders, and another what their partial refunds gave
 * back (issue 17: the list's total is net of them, `sold` and `refunded` beside it), run beside the page.
 */
async function pagedOrders(db: Db, where: SQL | undefined, q: PageQuery): Promise<Awaited<ReturnType<typeof envelope>> & { summary: OrderListSummary }> {
  const R = orderRefundsTable;
  const [[agg], [refunds], rows] = await Promise.all([
    db
      .select({
        rows: sql<number>`count(*)::int`,
        paid: sql<number>`(count(*) filter (where ${O.status} = 'paid'))::int`,
        total: sql<string>`coalesce(sum(${O.total}) filter (where ${O.status} = 'paid'), 0)::text`,
      })
      .from(O)
      .where(where),
    db
      .select({ amount: sql<string>`coalesce(sum(${R.amount}), 0)::text` })
      .from(R)
      .innerJoin(O, eq(O.id, R.order_id))
      .where(and(where, eq(O.status, 'paid'))),
    pageOf(db, where, q),
  ]);
  const total = Number(agg?.rows ?? 0);
  const soldK = sumKobo(agg?.total);
  const refundedK = sumKobo(refunds?.amount);
  return {
    ...(await envelope(db, rows, total, q)),
    summary: { count: Number(agg?.paid ?? 0), total: fromKobo(soldK - refundedK), sold: fromKobo(soldK), refunded: fromKobo(refundedK) },
  };
}

/** One page, newest first. */
function pageOf(db: Db, where: SQL | undefined, q: PageQuery) {
  return (
    db
      .select()
      .from(O)
      .where(where)
      // newest first: a sale's business date is its created_at's studio day, so ordering by the day first is the
      // same order, and lets an index on (…, business_date, created_at, id) give a month's page without a sort
      .orderBy(desc(O.business_date), desc(O.created_at), desc(O.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
  );
}

async function envelope(db: Db, rows: (typeof O.$inferSelect)[], total: number, q: PageQuery) {
  return { data: await assembleOrders(db, rows), current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.per_page)), per_page: q.per_page, total };
}

/**
 * All orders, or one outlet's, or one status's: the total from `order_counts` (kept by triggers on orders),
 * not a count of every order ever made, beside the page.
 */
async function countedOrders(db: Db, filter: { outlet?: Outlet; status?: 'paid' | 'void' }, q: PageQuery) {
  const where = and(filter.outlet ? eq(O.outlet, filter.outlet) : undefined, filter.status ? eq(O.status, filter.status) : undefined);
  const C = orderCountsTable;
  const [[count], rows] = await Promise.all([
    db
      .select({ n: sql<string>`coalesce(sum(${C.n}), 0)::text` })
      .from(C)
      .where(and(filter.outlet ? eq(C.outlet, filter.outlet) : undefined, filter.status ? eq(C.status, filter.status) : undefined)),
    pageOf(db, where, q),
  ]);
  return envelope(db, rows, Number(count?.n ?? 0), q);
}

/** A search counts its matches up to this many; past it the answer says `total_more` (the list shows "1,000+"). */
export const SEARCH_COUNT_LIMIT = 1000;

/**
 * A search's page, newest first, with a bounded count: reading past the thousandth match of a common name costs
 * a scan of every order and tells nobody anything. `total` is exact up to SEARCH_COUNT_LIMIT; past it, it is the
 * limit and `total_more: true` (paging stops at the limit's last page: search for more of the name instead).
 */
async function searchedOrders(db: Db, where: SQL | undefined, q: PageQuery) {
  const [[count], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(O).where(where).limit(SEARCH_COUNT_LIMIT + 1).as('m')),
    pageOf(db, where, q),
  ]);
  const n = Number(count?.n ?? 0);
  return { ...(await envelope(db, rows, Math.min(n, SEARCH_COUNT_LIMIT), q)), total_more: n > SEARCH_COUNT_LIMIT };
}

/** A name search reads a page per matching name (and outlet) while there are at most this many; past it, one walk of the orders. */
const NAME_PAGE_WALKS = 32;

/**
 * The customer-name search (issue 20, item 3; decision 025): the matching names are found in `order_names` (distinct
 * names per outlet, with their order counts, kept by triggers), not among every order, so the count is exact and
 * costs no scan however common the name. The page is then the newest `offset + per_page` orders of each name at each
 * outlet (an index walk each: orders_name_outlet_day_time_idx), merged newest first: a few hundred index entries for
 * the commonest name. Past NAME_PAGE_WALKS names (a search of two letters) the orders are walked as before.
 * The database writes the page's JSON (ordersJson): the answer is the searchedOrders envelope, as text.
 */
async function nameSearchedOrders(db: Db, text: string, outlet: Outlet | undefined, q: PageQuery): Promise<string> {
  const N = orderNamesTable;
  const names = and(ilike(N.customer_name, containsPattern(text)), outlet ? eq(N.outlet, outlet) : undefined, gt(N.n, 0));
  const [found] = await namedRows<{ names: number; n: number }>(db, 'order_name_counts', sql`select count(*)::int as names, coalesce(sum(${N.n}), 0)::int as n from ${N} where ${names}`);
  const n = Number(found?.n ?? 0);
  const offset = (q.page - 1) * q.per_page;
  const newest = sql`${O.business_date} desc, ${O.created_at} desc, ${O.id} desc`;
  const pageIds =
    Number(found?.names ?? 0) > NAME_PAGE_WALKS
      ? sql`select ${O.id} from ${O} where ${and(ilike(O.customer_name, containsPattern(text)), outlet ? eq(O.outlet, outlet) : undefined)}
          order by ${newest} limit ${q.per_page} offset ${offset}`
      : sql`select x.id from ${N} cross join lateral (
          select ${O.id}, ${O.business_date}, ${O.created_at} from ${O}
           where ${O.customer_name} = ${N.customer_name} and ${O.outlet} = ${N.outlet}
           order by ${newest} limit ${offset + q.per_page}) x
          where ${names}
          order by x.business_date desc, x.created_at desc, x.id desc limit ${q.per_page} offset ${offset}`;
  const data = n === 0 || offset >= n ? '[]' : (await namedRows<{ json: string }>(db, 'order_name_page', ordersJson(pageIds)))[0]!.json;
  const total = Math.min(n, SEARCH_COUNT_LIMIT);
  const last = Math.max(1, Math.ceil(total / q.per_page));
  return `{"data":${data},"current_page":${q.page},"last_page":${last},"per_page":${q.per_page},"total":${total},"total_more":${n > SEARCH_COUNT_LIMIT}}`;
}

const withoutSummary = <T extends { summary: unknown }>({ summary: _s, ...rest }: T) => rest;

/**
 * Per staff member (or one), per outlet: count and total of paid orders in a date range, and what their partial
 * refunds gave back (whenever the refund was made), as the invoice lists count them: a seller's figure is what they
 * sold less what came back of it.
 */
async function staffTotals(db: Db, from: string, to: string, staffId?: number): Promise<SellerTotals[]> {
  const R = orderRefundsTable;
  const where = and(eq(O.status, 'paid'), gte(O.business_date, from), lte(O.business_date, to), staffId ? eq(O.staff_id, staffId) : undefined);
  const [sold, refunded] = await Promise.all([
    db
      .select({ staff_id: O.staff_id, outlet: O.outlet, count: sql<number>`count(*)::int`, total: sql<string>`sum(${O.total})::text` })
      .from(O)
      .where(where)
      .groupBy(O.staff_id, O.outlet),
    db
      .select({ staff_id: O.staff_id, outlet: O.outlet, amount: sql<string>`sum(${R.amount})::text` })
      .from(R)
      .innerJoin(O, eq(O.id, R.order_id))
      .where(where)
      .groupBy(O.staff_id, O.outlet),
  ]);
  const back = new Map(refunded.map((r) => [`${r.staff_id}:${r.outlet}`, sumKobo(r.amount)]));
  return sold.map((r) => ({ staff_id: r.staff_id, outlet: r.outlet, count: Number(r.count), soldK: sumKobo(r.total), refundedK: back.get(`${r.staff_id}:${r.outlet}`) ?? 0 }));
}
/**
 * The order lines each person did (issue 32: `order_items.staff_id`, the artist of a service; the seller on lines
 * from before it), in paid sales of the range: `lines` and their `total` at the prices charged on the line.
 */
async function workTotals(db: Db, from: string, to: string): Promise<Map<number, { lines: number; total: number }>> {
  const I = orderItemsTable;
  const who = sql<number>`coalesce(${I.staff_id}, ${O.staff_id})`;
  const rows = await db
    .select({ staff_id: who, lines: sql<number>`count(*)::int`, total: sql<string>`sum(${I.total})::text` })
    .from(I)
    .innerJoin(O, eq(O.id, I.order_id))
    .where(and(eq(O.status, 'paid'), gte(O.business_date, from), lte(O.business_date, to)))
    .groupBy(who);
  return new Map(rows.map((r) => [Number(r.staff_id), { lines: Number(r.lines), total: fromKobo(sumKobo(r.total)) }]));
}
type SellerTotals = { staff_id: number; outlet: Outlet; count: number; soldK: number; refundedK: number };

/** One seller's (or everyone's) figures per outlet: `total` net of refunds, `sold` and `refunded` beside it. */
function byOutlet(rows: readonly SellerTotals[]): StaffSummary {
  const out = Object.fromEntries(OUTLETS.map((o) => [o, { count: 0, total: 0 }])) as StaffSummary['by_outlet'];
  let count = 0;
  let soldK = 0;
  let refundedK = 0;
  for (const r of rows) {
    out[r.outlet] = { count: r.count, total: fromKobo(r.soldK - r.refundedK) };
    count += r.count;
    soldK += r.soldK;
    refundedK += r.refundedK;
  }
  return { count, total: fromKobo(soldK - refundedK), sold: fromKobo(soldK), refunded: fromKobo(refundedK), by_outlet: out };
}

export function registerOrderRoutes(fastify: FastifyInstance, db: Db, throttleOptions: LoginThrottleOptions = {}): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // the login's throttle (its counts are in the database): an approval at the till is a sign-in like any other
  const throttle = new LoginThrottle(db, throttleOptions);
  const staff = { role: 'staff' as const };
  const admin = { role: 'admin' as const };
  const tags = ['Orders'];
  // the answers, from the shared order (decision 037)
  const orderAnswer = dataEnvelope(orderSchema);
  const ordersAnswer = listEnvelope(orderSchema);
  /** An offline sale kept for an admin's review (issue 18): no order, the review entry. */
  const reviewAnswer = z.object({ data: z.null(), review: looseRecord() as unknown as z.ZodType<object> });

  app.post('/api/orders', { config: staff, schema: { tags, body: orderCreateSchema, response: { 201: orderAnswer, 200: orderAnswer, 202: reviewAnswer } } }, async (req, reply) => {
    const user = currentUser(req);
    // who did each line (issue 32): known, active staff members
    req.body = await checkOrderWorkers(db, req.body);
    if (req.body.offline) {
      // made offline (issue 18): recorded on its day, or kept for an admin's review (202) rather than refused
      const out = await sellOffline(db, user, req.body, app.config.tzStudio, throttle, req.ip);
      reply.header('Idempotent-Replay', out.replay ? 'true' : 'false');
      if (out.review) {
        const [review] = await presentReviews(db, [out.review]);
        return reply.code(202).send({ data: null, review });
      }
      return reply.code(out.replay ? 200 : 201).send({ data: out.order });
    }
    // before the sale's transaction: the password check is slow and must hold no lock
    const discountApprovedBy = await approveDiscount(db, user, req.body, throttle, req.ip);
    const { order, replay } = await createOrder(db, user, req.body, app.config.tzStudio, { discountApprovedBy });
    return reply.code(replay ? 200 : 201).header('Idempotent-Replay', replay ? 'true' : 'false').send({ data: order });
  });

  app.get('/api/orders', { config: staff, schema: { tags, querystring: ordersQuery, response: { 200: ordersAnswer } } }, async (req) => {
    const q = req.query;
    // offline sales that took stock below zero, for a stock count (issue 18): few, read straight from their index
    if (q.oversold) return withoutSummary(await pagedOrders(db, and(eq(O.oversold, true), q.outlet ? eq(O.outlet, q.outlet) : undefined, q.status ? eq(O.status, q.status) : undefined), q));
    return countedOrders(db, { outlet: q.outlet, status: q.status }, q);
  });

  app.get('/api/orders/getmonth/:month/:outlet', { config: staff, schema: { tags, params: monthParams, querystring: pageQuery, response: { 200: ordersAnswer } } }, async (req) => {
    const { month, outlet } = req.params;
    const { from, to } = monthRange(month);
    const where = and(eq(O.outlet, outlet), gte(O.business_date, from), lte(O.business_date, to));
    return pagedOrders(db, where, req.query);
  });

  // a page of a name search is a function of the orders alone (the same for every role): given again while nothing
  // has been written (16 people searching a common name at once on the embedded database: decision 025)
  const nameSearches = new SnapshotCache(db);
  app.get('/api/orders/name-search/:text', { config: staff, schema: { tags, params: textParams, querystring: listQuery, response: { 200: ordersAnswer } } }, async (req, reply) => {
    const { text } = req.params;
    const q = req.query;
    const key = JSON.stringify([text, q.outlet ?? null, q.page, q.per_page]);
    return reply.type('application/json; charset=utf-8').send((await nameSearches.answer(key, () => nameSearchedOrders(db, text, q.outlet, q))) as never); // JSON text made once: sent as it is
  });

  app.get('/api/orders/search/:text', { config: staff, schema: { tags, params: textParams, querystring: listQuery, response: { 200: ordersAnswer } } }, async (req) => {
    const { text } = req.params;
    const q = req.query;
    // an offline sale is found by the provisional number its customer holds too (OFF-7Q2-0004: issue 34, item 2)
    const pattern = containsPattern(text);
    return searchedOrders(db, and(or(ilike(O.invoice_no, pattern), ilike(O.provisional_no, pattern)), q.outlet ? eq(O.outlet, q.outlet) : undefined), q);
  });

  app.get('/api/orders/:id', { config: staff, schema: { tags, params: idParams, response: { 200: orderAnswer } } }, async (req) => {
    const order = await findOrder(db, parseId(req.params.id, 'Order'));
    if (!order) throw notFound('Order');
    return { data: order };
  });

  /** Only customer, note and payment method change after a sale; amounts and items never do. */
  app.put('/api/orders/:id', { config: admin, schema: { tags, params: idParams, body: orderUpdateSchema, response: { 200: orderAnswer } }, preValidation: rememberSentFields }, async (req) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Order');
    // only what the client sent: validation turns an absent phone or note into null, which must not erase them
    const body = sentFields(req, req.body);
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(O).where(eq(O.id, id)).for('update');
      if (!row) throw notFound('Order');
      if (row.status === 'void') throw invalidField('status', `Invoice ${row.invoice_no} is void and cannot be edited.`);
      const set: Partial<typeof O.$inferInsert> = { updated_at: new Date() };
      if (body.customer_name !== undefined) set.customer_name = body.customer_name;
      if (body.customer_phone !== undefined) set.customer_phone = body.customer_phone;
      if (body.note !== undefined) set.note = body.note;
      if (body.payment_method !== undefined && body.payment_method !== row.payment_method) {
        // the method's takings are part of the day's close: relabelling them needs the day open
        await assertDayOpen(tx, row.outlet, row.business_date, `the payment method of invoice ${row.invoice_no} is changed`);
        // the whole sale is re-labelled to one method (a payment recorded as cash was really a transfer)
        if (Number(row.change) > 0 && !givesChange(body.payment_method)) throw invalidField('payment_method', 'This sale gave change in cash; its payment method must stay cash.');
        set.payment_method = body.payment_method;
        // a line relabelled is another payment: a transfer waits for a person again, and any earlier check was about another method
        const unchecked = { confirmed_at: null, confirmed_by: null, confirmed_by_name: null, not_received_at: null, not_received_by: null, not_received_by_name: null, not_received_reason: null };
        await tx.update(orderPaymentsTable).set({ method: body.payment_method, ...unchecked }).where(eq(orderPaymentsTable.order_id, id));
      }
      await tx.update(O).set(set).where(eq(O.id, id));
      await recordActivity(tx, { user, action: 'update', resource: 'orders', recordId: id, before: { customer_name: row.customer_name, customer_phone: row.customer_phone, note: row.note, payment_method: row.payment_method }, after: body });
    });
    return { data: (await findOrder(db, id))! };
  });

  app.delete('/api/orders/:id', { config: admin, schema: { tags, params: idParams, body: voidBody, querystring: voidQuery } }, async (req) => {
    const id = parseId(req.params.id, 'Order');
    const parsed = orderVoidSchema.safeParse({ reason: req.body?.reason ?? req.query.reason });
    if (!parsed.success) {
      // an order that does not exist is a 404 whatever the body says
      const [row] = await db.select({ id: O.id }).from(O).where(eq(O.id, id)).limit(1);
      throw row ? unprocessable(fieldErrors(parsed.error.issues)) : notFound('Order');
    }
    const order = await voidOrder(db, currentUser(req), id, parsed.data.reason, { timeZone: app.config.tzStudio });
    if (!order) throw notFound('Order');
    return { data: order };
  });

  /**
   * A partial refund (issue 17, item 6): some items given back and their money paid out, by an admin, or by a staff
   * member with an admin's `approval` (checked first, outside the refund's transaction: it is a sign-in). With
   * `confirm_transfers`, that admin confirms the sale's unconfirmed transfers in the same transaction. Safe to
   * retry with `client_ref`. Answers 201 with the order, its refunds included.
   */
  app.post('/api/orders/:id/refunds', { config: staff, schema: { tags, params: idParams, body: orderRefundSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Order');
    const { client_ref, approval, confirm_transfers, ...request } = req.body;
    const [exists] = await db.select({ id: O.id }).from(O).where(eq(O.id, id)).limit(1);
    if (!exists) throw notFound('Order');
    let approvedBy = null;
    if (!isAdmin(user)) {
      if (!approval) throw invalidField('approval', "A refund needs an admin's approval: an admin signs in to approve it.");
      approvedBy = await adminApproval(db, throttle, approval, req.ip, { field: 'approval', what: 'a refund', by: user.id });
    }
    // the sale's unconfirmed transfer, confirmed by the admin who makes or approves the refund (decision 029)
    const confirmTransfersBy = confirm_transfers ? (approvedBy ?? { id: user.id, name: user.name }) : null;
    const result = await idempotent(db, { scope: 'orders.refund', clientRef: client_ref, request: { id, ...request }, userId: user.id }, async (tx) => {
      await refundOrder(tx, user, id, request, app.config.tzStudio, { approvedBy, confirmTransfersBy });
      return { status: 201, body: { data: (await findOrder(tx, id))! } };
    });
    return sendIdempotent(reply, result);
  });

  /**
   * Money taken later against what a sale owes (issue 28, item 3; decision 027): staff and admin, safe to retry
   * with `client_ref` (required). A transfer waits on Transfers to confirm like any other. Answers 201 with the order.
   */
  app.post('/api/orders/:id/payments', { config: staff, schema: { tags, params: idParams, body: orderPaymentSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Order');
    const { client_ref, ...request } = req.body;
    const today = studioDate(new Date(), app.config.tzStudio);
    const result = await idempotent(db, { scope: 'orders.payment', clientRef: client_ref, request: { id, ...request }, userId: user.id }, async (tx) => {
      await takeBalancePayment(tx, user, id, request, today);
      return { status: 201, body: { data: (await findOrder(tx, id))! } };
    });
    return sendIdempotent(reply, result);
  });

  /** A staff member's own sales (staff: only their own id). */
  app.get('/api/orders-staff/:staffId/:from/:to', { config: staff, schema: { tags: ['Staff performance'], params: staffRangeParams, querystring: pageQuery.partial() } }, async (req) => {
    const user = currentUser(req);
    const p = req.params;
    const staffId = parseId(p.staffId, 'Staff member');
    if (staffId !== user.id && !isAdmin(user)) throw forbidden();
    const where = and(eq(O.staff_id, staffId), gte(O.business_date, p.from), lte(O.business_date, p.to));
    const q = req.query;
    const page = withoutSummary(await pagedOrders(db, where, { page: q.page ?? 1, per_page: q.per_page ?? ORDERS_PER_PAGE }));
    return { ...page, summary: byOutlet(await staffTotals(db, p.from, p.to, staffId)) };
  });

  app.get('/api/staff-performances/:from/:to', { config: admin, schema: { tags: ['Staff performance'], params: rangeParams } }, async (req) => {
    const { from, to } = req.params;
    const [totals, people, work] = await Promise.all([
      staffTotals(db, from, to),
      db.select({ id: usersTable.id, name: usersTable.name, role: usersTable.role, active: usersTable.active }).from(usersTable).orderBy(usersTable.name),
      workTotals(db, from, to),
    ]);
    const rows = people
      .map((p) => ({ staff: { id: p.id, name: p.name, role: p.role }, active: p.active, ...byOutlet(totals.filter((t) => t.staff_id === p.id)), work: work.get(p.id) ?? { lines: 0, total: 0 } }))
      // former staff appear only when they sold or worked in the range
      .filter((r) => r.active || r.count > 0 || r.work.lines > 0)
      .map(({ active: _a, ...r }) => r)
      .sort((a, b) => b.total - a.total);
    return { data: rows, from, to };
  });
}


