// Front door of resources/products: products and their stock: the one writer of stock and its movements.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { productJsonSql } from './products.record.js';
export { stockFilters } from './products.routes.js';
export { stockAlertOf } from './products.table.js';
export { applyStockChange, stockWriteSql, writeStock } from './stock.js';
