// Front door of resources/appointments: appointments and their checkout into a sale.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { checkoutAppointment } from './appointments.checkout.js';
