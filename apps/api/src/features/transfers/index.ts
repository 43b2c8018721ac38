// Front door of features/transfers: transfers waiting for a person, confirmed or not received.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { confirmTransfers, notReceivedParts, notReceivedPartsOf, notReceivedPartsSql, notReceivedTotalsOf, resourceOf, transferTotalsOf, unconfirmedTotals, unconfirmedTotalsSql, unconfirmedTransfers } from './transfers.service.js';
