import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toKobo, type AppointmentCheckout, type Order } from '@studio/shared';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth.js';
import { invalidField } from '../../plugins/errors.js';
import { createOrder, findOrder } from '../../features/pos/index.js';
import { clientsTable } from '../../db/schema.js';
import { appointmentsTable } from './appointments.table.js';
import { depositLine } from './appointments.tender.js';

const A = appointmentsTable;

/**
 * The sale's client_ref, the same for every check-out of one appointment as it stands: a double click, a retry or two
 * desks at once make one sale (the till's idempotency, orders.service.ts), never two. A void of that sale releases the
 * appointment (its deposit tender, appointments.tender.ts), which changes `updated_at`: its next check-out is a new sale.
 */
export function checkoutRef(appointment: { id: number; updated_at: Date }): string {
  const h = crypto.createHash('sha256').update(`appointment-checkout:${appointment.id}:${appointment.updated_at.toISOString()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A done appointment becomes a till sale: the service at its price, to the appointment's client, at its outlet;
 * the deposit counts towards it (`deposit` on the order), so the payments cover the rest. The appointment is
 * marked checked out (`order_id`) in the sale's transaction. Answers the existing sale when it was checked out.
 */
export async function checkoutAppointment(
  db: Db,
  user: UserRow,
  id: number,
  body: AppointmentCheckout,
  timeZone: string,
  /** When the sale is made (the demo seed checks out past appointments on their day); default now. */
  at?: Date,
): Promise<{ order: Order; replay: boolean } | undefined> {
  const [appt] = await db.select().from(A).where(eq(A.id, id)).limit(1);
  if (!appt) return undefined;
  if (appt.order_id !== null) return { order: (await findOrder(db, appt.order_id))!, replay: true };
  if (appt.status !== 'done') throw invalidField('status', 'Only a done appointment is checked out: mark it done first.');
  const [client] = await db.select().from(clientsTable).where(eq(clientsTable.id, appt.client_id)).limit(1);
  const depositK = toKobo(Number(appt.amount_paid));
  return createOrder(
    db,
    user,
    {
      outlet: appt.outlet,
      customer_name: body.customer_name ?? client!.name,
      customer_phone: client!.phone,
      // the appointment's artist did the work (issue 32): their commission, not the cashier's
      items: [{ product_id: appt.service_id, quantity: 1, staff_id: appt.artist_id, ...(body.package_id !== undefined ? { package_id: body.package_id } : {}) }],
      discount: 0,
      payment_method: body.payment_method,
      amount_paid: body.amount_paid,
      payments: body.payments,
      note: body.note ?? null,
      client_ref: checkoutRef(appt),
    },
    timeZone,
    {
      at,
      // the deposit (₦0 when none) is a tender of its own: its handler re-reads the appointment under a lock (a
      // deposit reversed or a status undone meanwhile refuses the sale) and marks it checked out in the sale's transaction
      applied: [depositLine(id, depositK)],
    },
  );
}
