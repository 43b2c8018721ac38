import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PAYMENT_METHODS, fromKobo, isoDate, outletSchema, toKobo, type DayClose, type Outlet, type PaymentMethod } from '@studio/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { currentUser, isAdmin } from '../../plugins/auth.js';
import { forbidden } from '../../plugins/errors.js';
import { orderItemsTable, orderPaymentsTable, ordersTable } from './orders.table.js';
import { sumKobo } from '../../db/columns.js';

const O = ordersTable;
const params = z.object({ outlet: outletSchema, date: isoDate() });


/** One outlet's business day, summed in SQL (exact NUMERIC) and combined in integer kobo. */
export async function dayClose(db: Db, outlet: Outlet, date: string): Promise<Required<DayClose>> {
  const day = and(eq(O.outlet, outlet), eq(O.business_date, date));
  const paid = and(day, eq(O.status, 'paid'));
  const [totals, voids, methods, items, staff] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${O.total}), 0)::text`, discount: sql<string>`coalesce(sum(${O.discount}), 0)::text`, change: sql<string>`coalesce(sum(${O.change}), 0)::text` })
      .from(O)
      .where(paid),
    db.select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${O.total}), 0)::text` }).from(O).where(and(day, eq(O.status, 'void'))),
    db
      .select({ method: orderPaymentsTable.method, amount: sql<string>`sum(${orderPaymentsTable.amount})::text` })
      .from(orderPaymentsTable)
      .innerJoin(O, eq(O.id, orderPaymentsTable.order_id))
      .where(paid)
      .groupBy(orderPaymentsTable.method),
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
    db
      .select({ id: O.staff_id, name: sql<string>`max(${O.staff_name})`, count: sql<number>`count(*)::int`, total: sql<string>`sum(${O.total})::text` })
      .from(O)
      .where(paid)
      .groupBy(O.staff_id)
      .orderBy(desc(sql`sum(${O.total})`)),
  ]);
  const t = totals[0]!;
  const byMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<PaymentMethod, number>;
  for (const m of methods) byMethod[m.method] = fromKobo(sumKobo(m.amount));
  const totalK = sumKobo(t.total);
  const costK = items.reduce((s, i) => s + sumKobo(i.cost), 0);
  return {
    outlet,
    date,
    count: Number(t.count),
    total: fromKobo(totalK),
    discount: fromKobo(sumKobo(t.discount)),
    by_method: byMethod,
    change_given: fromKobo(sumKobo(t.change)),
    expected_cash: fromKobo(toKobo(byMethod.cash) - sumKobo(t.change)),
    voids: { count: Number(voids[0]!.count), total: fromKobo(sumKobo(voids[0]!.total)) },
    items: items.map((i) => ({ product_id: i.product_id, name: i.name, quantity: Number(i.quantity), total: fromKobo(sumKobo(i.total)) })),
    by_staff: staff.map((s) => ({ id: s.id, name: s.name, count: Number(s.count), total: fromKobo(sumKobo(s.total)) })),
    gross_profit: fromKobo(totalK - costK),
  };
}

/**
 * `GET /api/day-close/{outlet}/{date}`. Admins read any till; a staff member reads the till of an
 * outlet on a day they sold at it (the till they worked), without colleagues' figures or profit.
 */
export function registerDayCloseRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/day-close/:outlet/:date', { config: { role: 'staff' }, schema: { tags: ['Orders'], params } }, async (req) => {
    const user = currentUser(req);
    const { outlet, date } = req.params;
    if (isAdmin(user)) return { data: await dayClose(db, outlet, date) };
    const [worked] = await db
      .select({ id: O.id })
      .from(O)
      .where(and(eq(O.outlet, outlet), eq(O.business_date, date), eq(O.staff_id, user.id)))
      .limit(1);
    if (!worked) throw forbidden();
    const { gross_profit: _profit, ...close } = await dayClose(db, outlet, date);
    const data: DayClose = { ...close, by_staff: close.by_staff.filter((s) => s.id === user.id) };
    return { data };
  });
}
