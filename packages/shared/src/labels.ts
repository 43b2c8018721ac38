// The studio's fixed lists and the words a screen shows for them, with no schema: a screen that only names an outlet,
// a payment method or a booking's status (the shell's header, the dashboard) does not load zod and the resources'
// schemas with them (issue 20, item 5: the dashboard on a phone). The schemas built on these lists
// (`outletSchema`, `paymentMethodSchema`, `bookingStatusSchema`) stay with their resources; the lists have this one home.

import { defineStatuses } from './crud/statuses.js';

export const OUTLETS = ['store', 'office', 'salon'] as const;
export type Outlet = (typeof OUTLETS)[number];
export const OUTLET_LABELS: Record<Outlet, string> = { store: 'Makeup Store', office: 'PMU Office', salon: 'Salon' };

// The payment methods, their words and what each does: payment-methods.ts.

/** A bridal booking's statuses, their words and colours, declared once (crud/statuses.ts). */
export const bookingStatuses = defineStatuses({
  pending: { label: 'Pending', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  cancelled: { label: 'Cancelled', color: 'gray' },
});
export const BOOKING_STATUSES = bookingStatuses.values;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS = bookingStatuses.labels;
