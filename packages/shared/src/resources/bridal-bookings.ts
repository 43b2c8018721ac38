import { z } from 'zod';
import { BOOKING_STATUSES, type BookingStatus } from '../labels.js';
import { defineResource } from '../crud/define-resource.js';
import { DEPOSIT_OUTCOMES, depositRule, settlementFields } from '../crud/ledger.js';
import { clientRef, id, isoDate, isoMonth, money, optionalText, recordBase, text } from '../primitives.js';
import { paymentMethodFor } from './orders.js';
import { phoneNumber } from '../phone.js';

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/**
 * pending → confirmed → completed, or cancelled from pending or confirmed. A confirmed booking may go
 * back to pending and a cancelled one be reopened as pending; a completed one stays completed.
 */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled', 'pending'],
  completed: [],
  cancelled: ['pending'],
};

export const bridalBookingSchema = z.object({
  ...recordBase,
  client_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  event_date: z.string(),
  /** When the bride is to be ready, `HH:MM` (24 h, the studio's clock), if known. */
  event_time: z.string().nullable(),
  event_location: z.string().nullable(),
  package_id: z.number(),
  price: z.number(),
  amount_paid: z.number(),
  balance: z.number(),
  status: bookingStatusSchema,
  artist_id: z.number().nullable(),
  note: z.string().nullable(),
  /** A cancelled booking that held money: what became of it (refunded, forfeited, kept as credit). */
  deposit_outcome: z.enum(DEPOSIT_OUTCOMES).nullable(),
});
export type BridalBooking = z.infer<typeof bridalBookingSchema>;

/** `HH:MM` on a 24-hour clock, or nothing (empty is nothing). */
export const timeOfDay = () =>
  z
    .string()
    .trim()
    .regex(/^(?:|(?:[01]\d|2[0-3]):[0-5]\d)$/, { error: 'The event time must be a time of day such as 09:30 or 14:00.' })
    .nullish()
    .transform((v) => (v ? v : null));

const fields = {
  client_name: text(100),
  phone: phoneNumber({ keep: 'typed' }),
  email: optionalText(150).pipe(z.email().nullable()),
  event_date: isoDate(),
  event_time: timeOfDay(),
  event_location: optionalText(200),
  package_id: id(),
  /** Omitted: the package's price. */
  price: money().optional(),
  status: bookingStatusSchema.default('pending'),
  artist_id: id().nullish(),
  note: optionalText(1000),
};

/** POST: `amount_paid` (a deposit taken at booking) is recorded as the first payment, by `payment_method` (required with a deposit). */
// a form's empty deposit comes as null: no deposit, not an error
export const bridalBookingInputSchema = z.object({ ...fields, amount_paid: money().nullish(), payment_method: paymentMethodFor('bookings').nullish(), client_ref: clientRef() }).refine(...depositRule);
/** PUT: amount_paid and balance are not fields here; only payments change them. */
export const bridalBookingUpdateSchema = z.object({ ...fields, status: bookingStatusSchema, ...settlementFields }).partial();

export const bridalBookingFiltersSchema = z.object({
  status: bookingStatusSchema.optional(),
  artist_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  package_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  balance_min: z.coerce.number().min(0).max(999_999_999_999).optional(),
  event_date_from: isoDate().optional(),
  event_date_to: isoDate().optional(),
});

export const bridalBookings = defineResource({
  name: 'bridalbookings',
  path: '/api/bridalbookings',
  label: 'Bookings',
  singular: 'Booking',
  record: bridalBookingSchema,
  create: bridalBookingInputSchema,
  update: bridalBookingUpdateSchema,
  filters: bridalBookingFiltersSchema,
  searchable: ['client_name', 'phone'],
  sortable: ['client_name', 'event_date', 'price', 'amount_paid', 'balance', 'status', 'created_at'],
  defaultSort: { field: 'event_date', order: 'desc' },
  lists: {
    /** Bookings whose event falls in a month, by event date. */
    getmonth: { path: 'getmonth/:month', params: z.object({ month: isoMonth() }), order: { field: 'event_date', order: 'asc' }, label: 'Bookings of a month' },
  },
  totals: ['price', 'amount_paid', 'balance'],
  references: { package_id: 'bridalpackages', artist_id: 'users' },
  ledger: { charge: 'price', singular: 'Payment' },
  personal: { client: 'client_id', name: 'client_name', phone: 'phone', erase: { client_name: 'erased-name', phone: '', email: null, event_location: null, note: null }, exportKey: 'bridal_bookings' },
  roles: { read: 'admin', write: 'admin' },
  fixture: {
    examples: (n) => [
      { client_name: `Adaeze Bride ${n}`, phone: '0803 123 4567', event_date: '2027-03-06', price: 250000, note: 'Church wedding' },
      { client_name: `Bimpe Bride ${n}`, phone: '0803 765 4321', event_date: '2027-04-10', price: 180000, status: 'confirmed', amount_paid: 50000, payment_method: 'cash' },
      { client_name: `Chioma Bride ${n}`, phone: '0812 000 1111', event_date: '2027-05-15', price: 300000.5, amount_paid: 100000, payment_method: 'pos' },
    ],
  },
});
