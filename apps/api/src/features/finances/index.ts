// Front door of features/finances: the finance summaries and the daily totals.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { productMonthSold } from './daily-totals.table.js';
export { moneyBetweenSql, moneyOf } from './finance-summaries.js';
