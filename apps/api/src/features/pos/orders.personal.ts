import { inArray } from 'drizzle-orm';
import type { AnyTable } from '../../crud/define-crud-module.js';
import type { ClientOwned, PersonalJsonStore } from '../../crud/personal-data.js';
import { assembleOrders } from './orders.service.js';
import { offlineReviewsTable } from './offline.table.js';
import { orderPaymentsTable, ordersTable } from './orders.table.js';

// The till's sales are not a CRUD resource, so they declare their person here (issue 28, item 8): the client they
// belong to, what an erasure blanks, and how the export shows them (each sale in full, as the invoice has it).

export const ordersClientOwned: ClientOwned = {
  resource: 'orders',
  label: 'Sale',
  table: ordersTable as unknown as AnyTable,
  client: 'client_id',
  name: 'customer_name',
  phone: 'customer_phone',
  erase: { customer_name: 'erased-name', customer_phone: null, note: null },
  exportKey: 'sales',
  // a transfer's reference is often the payer's name
  children: [{ table: orderPaymentsTable, parent: 'order_id', erase: { reference: null } }],
  exportRows: async (tx, ids) => assembleOrders(tx, await tx.select().from(ordersTable).where(inArray(ordersTable.client_id, ids)).orderBy(ordersTable.id)),
  date: 'business_date',
};

/** An offline sale waiting for an admin keeps the request as it came: its customer is in it. */
export const offlineReviewsPersonal: PersonalJsonStore = { table: offlineReviewsTable, key: 'id', columns: ['customer_name', 'payload', 'lines', 'resolution_note'] };
