// Front door of features/prepaid: value paid before: gift vouchers, store credit and service packages, and their tender handlers.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { creditTender, voucherTender } from './prepaid.tenders.js';
export { packageTender, priceSessions, type PackageDraw } from './packages.tenders.js';
