import { eq } from 'drizzle-orm';
import { fromKobo, toKobo } from '@studio/shared';
import type { Tx } from '../../db/client.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField } from '../../plugins/errors.js';
import type { TenderHandler, TenderLine } from '../../features/payments/index.js';
import { registerAppliedTender } from '../../features/pos/index.js';
import { appointmentsTable } from './appointments.table.js';

const A = appointmentsTable;

/** The tender of an appointment's deposit applied at its check-out (issue 28, item 1; docs/decisions/032). */
export const DEPOSIT_TENDER = 'deposit';

/** The check-out's line: the appointment's deposit (₦0 when none was taken) counted towards its sale. */
export function depositLine(appointmentId: number, depositK: number): TenderLine {
  return { id: null, method: DEPOSIT_TENDER, amountK: depositK, reference: String(appointmentId) };
}

/**
 * An appointment's deposit, applied at its check-out: a tender with its own handler, not a special case of the sale.
 * - take: under a lock on the appointment, still done, not checked out, its deposit what the sale counted; the
 *   appointment is tied to the sale (`order_id`): its deposit is spent (no reversal, no second check-out).
 * - reverse (a void): the sale never happened, so the appointment is not checked out any more and its deposit is held
 *   again: it can be checked out anew, paid back or forfeited. Before, a void left the deposit spent on a void sale:
 *   neither income nor refundable. A refund never pays out "in deposit" (refunds pay money, capped at what came in).
 */
export const depositTender: TenderHandler = {
  async take(tx, line, ctx) {
    const id = Number(line.reference);
    const [appt] = await tx.select().from(A).where(eq(A.id, id)).for('update');
    if (!appt || appt.status !== 'done' || appt.order_id !== null) throw invalidField('status', 'This appointment changed while it was checked out: try again.');
    if (toKobo(Number(appt.amount_paid)) !== line.amountK) throw invalidField('status', 'The deposit changed while the appointment was checked out: try again.');
    await tx.update(A).set({ order_id: ctx.sale.orderId, updated_at: ctx.at }).where(eq(A.id, id));
    await recordActivity(tx, { user: ctx.user, action: 'checkout', resource: 'appointments', recordId: id, after: { order_id: ctx.sale.orderId, deposit: appt.amount_paid } });
  },
  async reverse(tx, line, ctx) {
    if (ctx.kind !== 'void') throw invalidField(ctx.field, 'A deposit is paid back in money by a refund of the sale.');
    const id = Number(line.reference);
    await tx.update(A).set({ order_id: null, updated_at: ctx.at }).where(eq(A.id, id));
    await recordActivity(tx, {
      user: ctx.user,
      action: 'checkout_voided',
      resource: 'appointments',
      recordId: id,
      before: { order_id: ctx.sale.orderId },
      after: { order_id: null, deposit_held: fromKobo(line.amountK) },
    });
  },
  async appliedTo(tx: Tx, orderId: number) {
    const rows = await tx.select({ id: A.id, amount_paid: A.amount_paid }).from(A).where(eq(A.order_id, orderId)).for('update');
    return rows.map((r) => depositLine(r.id, toKobo(Number(r.amount_paid))));
  },
};

// the till's registry knows it from here (it imports no appointment code): loaded with the check-out that applies it
registerAppliedTender(DEPOSIT_TENDER, depositTender);
