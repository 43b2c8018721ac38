// Front door of features/pos: the till: orders, their voids, refunds and balances, the tender registry, day close, offline sales.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { oweNotReceived, reverseBalanceLine } from './orders-balance.service.js';
export { assembleOrders, createOrder, findOrder, voidOrder } from './orders.service.js';
export { assertEveryMethodHasTender, registerAppliedTender } from './tenders.js';
// the owner's digest reads a day's figures as the day close counts them (decision 042)
export { dayCloseRecords, dayFigures, dayName, offlineWaiting } from './day-close.service.js';
