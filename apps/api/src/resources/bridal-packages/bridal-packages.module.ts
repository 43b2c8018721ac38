import { bridalPackages } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { bridalPackagesTable } from './bridal-packages.table.js';

export const bridalPackagesModule = defineCrudModule({ resource: bridalPackages, table: bridalPackagesTable });
