// Front door of resources/clients: clients, their merges and erasures.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { backdateClients } from './clients.service.js';
export { erasureRecordFile, reapplyErasures } from './erasure-record.js';
