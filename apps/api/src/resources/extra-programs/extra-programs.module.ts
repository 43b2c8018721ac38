import { eq } from 'drizzle-orm';
import { extraPrograms } from '@studio/shared';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { extraProgramsTable } from './extra-programs.table.js';

export const extraProgramsModule = defineCrudModule({
  resource: extraPrograms,
  table: extraProgramsTable,
  lists: { list: ({ type }) => eq(extraProgramsTable.type, type) },
});
