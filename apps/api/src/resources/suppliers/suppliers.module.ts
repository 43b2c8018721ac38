import { suppliers } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { suppliersTable } from './suppliers.table.js';
import { registerSupplierPayableRoutes } from './supplier-payables.js';

/** CRUD, and what is owed to each supplier for restocks and the payments made against it (supplier-payables.ts). */
export const suppliersModule = defineCrudModule({ resource: suppliers, table: suppliersTable, routes: registerSupplierPayableRoutes });
