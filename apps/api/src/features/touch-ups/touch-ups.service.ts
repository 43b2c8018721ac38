import { and, asc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { addDays, touchUpQuote, TOUCH_UP_DUE_WEEKS, type TouchUpPlan, type TouchUpRule } from '@studio/shared';
import type { DbOrTx } from '../../db/client.js';
import { appointmentsTable, clientsTable, orderItemsTable, ordersTable, productsTable } from '../../db/schema.js';

// PMU touch-up plans (issue 31, item 5; decision 040). A PMU procedure's sale line keeps its service's touch-up rule
// as sold (order_items.touch_up): that line is the client's plan. Nothing else is stored, so a void takes the plan
// with it and a rule changed later does not change what a client was sold.

const I = orderItemsTable;
const O = ordersTable;
const A = appointmentsTable;

/** The first appointment of the client for the service after the procedure's day that is not cancelled or missed. */
const bookedAfter = sql<{ appointment_id: number; day: string } | null>`(
  select json_build_object('appointment_id', a.id, 'day', a.day) from ${A} a
  where a.client_id = ${O.client_id} and a.service_id = ${I.product_id} and a.day > ${O.business_date} and a.status not in ('cancelled', 'no_show')
  order by a.day, a.id limit 1)`;

async function plans(db: DbOrTx, where: SQL | undefined, on: string): Promise<TouchUpPlan[]> {
  const rows = await db
    .select({
      item_id: I.id,
      order_id: O.id,
      invoice_no: O.invoice_no,
      client_id: O.client_id,
      client_name: clientsTable.name,
      client_phone: clientsTable.phone,
      service_id: I.product_id,
      service_name: I.name,
      procedure_date: O.business_date,
      rule: I.touch_up,
      full_price: productsTable.price,
      booked: bookedAfter,
    })
    .from(I)
    .innerJoin(O, eq(O.id, I.order_id))
    .innerJoin(clientsTable, eq(clientsTable.id, O.client_id))
    .innerJoin(productsTable, eq(productsTable.id, I.product_id))
    .where(and(isNotNull(I.touch_up), eq(O.status, 'paid'), where))
    .orderBy(asc(O.business_date), asc(I.id));
  return rows.map((r) => {
    const rule = r.rule as TouchUpRule;
    return {
      order_item_id: r.item_id,
      order_id: r.order_id,
      invoice_no: r.invoice_no,
      client_id: r.client_id!,
      client_name: r.client_name,
      client_phone: r.client_phone,
      service_id: r.service_id,
      service_name: r.service_name,
      procedure_date: r.procedure_date,
      rule,
      full_price: r.full_price,
      quote: { ...touchUpQuote(rule, r.full_price, r.procedure_date, on), on },
      booked: r.booked ? { appointment_id: Number(r.booked.appointment_id), day: String(r.booked.day) } : null,
    };
  });
}

/** A client's plans, each priced on `on` (default today). */
export const clientTouchUps = (db: DbOrTx, clientId: number, on: string) => plans(db, eq(O.client_id, clientId), on);

/** Touch-ups due on `today`: procedures 5 to 10 weeks before, no touch-up booked (the reminder run reads it). */
export async function touchUpsDue(db: DbOrTx, today: string): Promise<TouchUpPlan[]> {
  const within = and(gte(O.business_date, addDays(today, -TOUCH_UP_DUE_WEEKS.to * 7)), lte(O.business_date, addDays(today, -TOUCH_UP_DUE_WEEKS.from * 7)));
  return (await plans(db, within, today)).filter((p) => p.booked === null);
}
