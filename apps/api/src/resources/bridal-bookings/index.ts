// Front door of resources/bridal-bookings: bridal bookings and what they owe.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { bookingCounts, bookingDue, bookingDuesBetween, bookingDuesOf, bookingDuesSql } from './booking-dues.js';
