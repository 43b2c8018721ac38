import { suppliers } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { suppliersTable } from './suppliers.table.js';

/** Plain CRUD: hooks, list conditions or routes of its own go here when it needs them (define-crud-module.ts). */
export const suppliersModule = defineCrudModule({ resource: suppliers, table: suppliersTable });
