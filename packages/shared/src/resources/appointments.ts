import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { clientRef, id, instant, isoDate, money, optionalText, outletSchema, recordBase, text } from '../primitives.js';
import { phoneNumber } from '../phone.js';
import { paymentMethodFor, paymentMethodSchema, paymentSchema } from './orders.js';
import { DEPOSIT_OUTCOMES, settlementFields } from '../crud/ledger.js';
import { defineStatuses } from '../crud/statuses.js';

// Appointments for salon and PMU services: a client, an artist, a service (a product of kind service), a
// start time, a status and an optional deposit on a ledger (docs/api.md, Appointments).

/** An appointment's statuses, their words and colours, declared once (crud/statuses.ts). */
export const appointmentStatuses = defineStatuses({
  booked: { label: 'Booked', color: 'blue' },
  arrived: { label: 'Arrived', color: 'grape' },
  done: { label: 'Done', color: 'teal' },
  no_show: { label: 'No-show', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'gray' },
});
export const APPOINTMENT_STATUSES = appointmentStatuses.values;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export const APPOINTMENT_STATUS_LABELS = appointmentStatuses.labels;

/** booked → arrived → done; booked or arrived → no-show or cancelled; each step can be undone while nothing is sold. */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  booked: ['arrived', 'no_show', 'cancelled'],
  arrived: ['done', 'booked', 'no_show', 'cancelled'],
  done: ['arrived'],
  no_show: ['booked'],
  cancelled: ['booked'],
};


export const DEFAULT_SERVICE_MINUTES = 60;

export const appointmentSchema = z.object({
  ...recordBase,
  outlet: outletSchema,
  client_id: z.number(),
  service_id: z.number(),
  artist_id: z.number(),
  /** ISO 8601 instant; `day` is its studio date. */
  starts_at: z.string(),
  ends_at: z.string(),
  day: z.string(),
  duration_minutes: z.number().int(),
  status: appointmentStatusSchema,
  note: z.string().nullable(),
  /** The service's price when booked: the deposit ledger's charge. */
  price: z.number(),
  amount_paid: z.number(),
  balance: z.number(),
  /** What a no-show's or a cancellation's deposit became (crud/ledger.ts DEPOSIT_OUTCOMES). */
  deposit_outcome: z.enum(DEPOSIT_OUTCOMES).nullable(),
  /** The till sale it was checked out as. */
  order_id: z.number().nullable(),
  client_name: z.string(),
  client_phone: z.string().nullable(),
  service_name: z.string(),
  artist_name: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

const minutes = () => z.number().int().min(5).max(24 * 60);

const fields = {
  /** An existing client, or `client_phone` (and `client_name` for a new one): found or created by phone. */
  client_id: id().nullish(),
  client_name: optionalText(100),
  client_phone: phoneNumber().nullish(),
  service_id: id(),
  artist_id: id(),
  starts_at: instant(),
  /** Omitted: the service's duration. */
  duration_minutes: minutes().nullish(),
  note: optionalText(1000),
};

export const appointmentInputSchema = z
  // client_ref: a create with a deposit takes money, so a retry must answer the first (crud/register-crud-routes.ts)
  .object({ ...fields, status: appointmentStatusSchema.default('booked'), amount_paid: money().nullish(), payment_method: paymentMethodFor('appointments').nullish(), client_ref: clientRef() })
  .refine((b) => b.client_id || b.client_phone, { path: ['client_phone'], error: 'Choose a client or give their phone number.' })
  .refine((b) => !b.amount_paid || b.payment_method, { path: ['payment_method'], error: 'The payment method of the deposit is required.' });
export const appointmentUpdateSchema = z
  .object({ ...fields, status: appointmentStatusSchema, ...settlementFields })
  .omit({ client_name: true, client_phone: true })
  .partial();

export const appointmentFiltersSchema = z.object({
  status: appointmentStatusSchema.optional(),
  outlet: outletSchema.optional(),
  artist_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  client_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  day_from: isoDate().optional(),
  day_to: isoDate().optional(),
});

const dayParams = z.object({ day: isoDate() });

export const appointments = defineResource({
  name: 'appointments',
  path: '/api/appointments',
  label: 'Appointments',
  singular: 'Appointment',
  record: appointmentSchema,
  create: appointmentInputSchema,
  update: appointmentUpdateSchema,
  filters: appointmentFiltersSchema,
  searchable: ['note'],
  sortable: ['starts_at', 'day', 'status', 'price', 'balance', 'created_at'],
  defaultSort: { field: 'starts_at', order: 'desc' },
  lists: {
    /** One studio day, earliest first. */
    day: { path: 'day/:day', params: dayParams, order: { field: 'starts_at', order: 'asc' }, label: 'Appointments of a day' },
    /** The week (Monday to Sunday) that holds the day. */
    week: { path: 'week/:day', params: dayParams, order: { field: 'starts_at', order: 'asc' }, label: 'Appointments of a week' },
    /** The day's appointments still to come (booked), to send each a reminder. */
    reminders: { path: 'reminders/:day', params: dayParams, order: { field: 'starts_at', order: 'asc' }, label: 'Reminders for a day' },
  },
  totals: ['price', 'amount_paid', 'balance'],
  references: { client_id: 'clients', service_id: 'products', artist_id: 'users' },
  ledger: { charge: 'price', singular: 'Deposit' },
  personal: { erase: { note: null }, exportKey: 'appointments' },
  roles: { read: 'staff', write: 'staff' },
  fixture: {
    examples: (n) => [
      { starts_at: '2027-03-01T09:00:00.000Z', note: `First visit ${n}` },
      { starts_at: '2027-03-02T10:30:00.000Z', status: 'arrived', note: `Second visit ${n}`, amount_paid: 2000, payment_method: 'cash' },
      { starts_at: '2027-03-03T14:00:00.000Z', status: 'done', note: `Third visit ${n}`, duration_minutes: 90 },
    ],
    refs: { service_id: 2 },
  },
});

/** `POST /api/appointments/{id}/checkout`: a done appointment becomes a till sale; the deposit counts towards it. */
export const appointmentCheckoutSchema = z
  .object({
    payment_method: paymentMethodSchema.optional(),
    amount_paid: money().optional(),
    payments: z.array(paymentSchema).max(10).optional(),
    discount: money().default(0),
    note: optionalText(500),
    customer_name: text(100).optional(),
    /** The service paid as a session of the client's package (decision 040; `GET /api/clients/{id}/packages`). */
    package_id: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((b) => b.payments !== undefined || b.payment_method !== undefined, { path: ['payment_method'], error: 'The payment method field is required when no payments are given.' });
export type AppointmentCheckout = z.input<typeof appointmentCheckoutSchema>;

/** The Monday of the week that holds `day` (`YYYY-MM-DD`). */
export function weekStart(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}
