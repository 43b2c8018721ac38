import { and, eq, gte, lte, ne } from 'drizzle-orm';
import { BOOKING_STATUS_LABELS, BOOKING_TRANSITIONS, bridalBookings, monthRange, studioDate } from '@studio/shared';
import { defineCrudModule, recordPicker, type CrudModule } from '../../crud/define-crud-module.js';
import { settleHeldMoney } from '../../crud/ledger.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField } from '../../plugins/errors.js';
import { bookingCounts, bookingDue } from './booking-dues.js';
import { bridalPackagesTable, usersTable } from '../../db/schema.js';
import { bridalBookingPaymentsTable, bridalBookingsTable } from './bridal-bookings.table.js';

const B = bridalBookingsTable;
const pick = recordPicker(bridalBookings);

export const bridalBookingsModule = defineCrudModule({
  resource: bridalBookings,
  table: B,
  // what a booking owes is read so everywhere: a cancelled one owes nothing, and the totals leave it out
  computed: () => ({ balance: bookingDue }),
  // a time column reads as HH:MM:SS; the record says HH:MM, as it was typed
  toRecord: (row) => {
    const record = pick(row);
    return { ...record, event_time: typeof record.event_time === 'string' ? record.event_time.slice(0, 5) : null };
  },
  totalsWhere: bookingCounts,
  lists: {
    getmonth: ({ month }) => {
      const { from, to } = monthRange(month);
      return and(gte(B.event_date, from), lte(B.event_date, to));
    },
  },
  ledger: {
    table: bridalBookingPaymentsTable,
    beforePayment(booking) {
      if (booking.status === 'cancelled') throw invalidField('amount', 'This booking is cancelled: reopen it before taking a payment.');
    },
    /** A completed booking's payments paid for the work done: none is given back by a reversal. */
    beforeReversal(booking) {
      if (booking.status === 'completed') throw invalidField('payment', 'This booking is completed: its payments paid for the work done and cannot be reversed.');
    },
    /** Money taken on a pending booking (its deposit) confirms it, in the payment's transaction and in the log. */
    async afterPayment(tx, booking, user) {
      if (booking.status !== 'pending') return;
      await tx.update(B).set({ status: 'confirmed', updated_at: new Date() }).where(eq(B.id, booking.id));
      await recordActivity(tx, {
        user,
        action: 'confirm',
        resource: bridalBookings.name,
        recordId: booking.id,
        before: { status: 'pending' },
        after: { status: 'confirmed', reason: 'Confirmed by its first payment.', amount_paid: booking.amount_paid },
      });
    },
  },
  hooks: {
    async beforeCreate(input, { tx }) {
      // no price given: the package's
      if (input.price !== undefined) return input;
      const [pkg] = await tx.select({ price: bridalPackagesTable.price }).from(bridalPackagesTable).where(eq(bridalPackagesTable.id, input.package_id));
      if (!pkg) throw invalidField('package_id', 'The selected package is invalid.');
      return { ...input, price: pkg.price };
    },
    async beforeUpdate(input, existing, ctx): Promise<Record<string, unknown>> {
      if (input.status !== undefined && input.status !== existing.status && !BOOKING_TRANSITIONS[existing.status].includes(input.status)) {
        const allowed = BOOKING_TRANSITIONS[existing.status].map((s) => BOOKING_STATUS_LABELS[s].toLowerCase());
        throw invalidField(
          'status',
          `A ${existing.status} booking cannot become ${input.status}${allowed.length ? `: it can become ${allowed.join(' or ')}` : ''}.`,
        );
      }
      const { deposit_outcome: _outcome, refund_method: _method, ...values } = input;
      const changed = input.status !== undefined && input.status !== existing.status;
      // a cancellation settles the money paid (issue 28): refunded now, forfeited to the studio, or kept as credit
      if (changed && input.status === 'cancelled') {
        return { ...values, ...(await settleHeldMoney(ctx.tx, bridalBookingsModule as unknown as CrudModule, existing, input, ctx.user, studioDate(new Date(), ctx.req.server.config.tzStudio))) };
      }
      // reopened: what the cancellation decided no longer holds (a refund already paid stays paid: amount_paid is 0)
      if (changed && existing.status === 'cancelled') return { ...values, deposit_outcome: null, settled_on: null };
      return values;
    },
    /** An artist may take two bookings on one day (a morning and an evening bride), but the desk should know. */
    async warnings(row, { tx }) {
      if (row.artist_id === null || row.status === 'cancelled') return [];
      const others = await tx
        .select({ client: B.client_name, artist: usersTable.name })
        .from(B)
        .innerJoin(usersTable, eq(usersTable.id, B.artist_id))
        .where(and(eq(B.artist_id, row.artist_id), eq(B.event_date, row.event_date), ne(B.id, row.id), ne(B.status, 'cancelled')));
      return others.map((o) => `${o.artist} already has a booking on ${row.event_date} (${o.client}).`);
    },
  },
});
