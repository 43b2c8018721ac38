// Front door of features/payments: what a payment method does: the tender handler contract (decision 032).
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { moneyTender, type ReverseContext, type TenderContext, type TenderHandler, type TenderLine } from './tender-handler.js';
