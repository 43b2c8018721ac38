import { eq } from 'drizzle-orm';
import { extraPrograms, extraProgramTypeSchema, listQuerySchema, type ListQuery } from '@studio/shared';
import { z } from 'zod';
import { defineCrudModule } from '../../crud/define-crud-module.js';
import { listRows } from '../../crud/list-query.js';
import { extraProgramsTable } from './extra-programs.table.js';

const typeParams = z.object({ type: extraProgramTypeSchema });

export const extraProgramsModule = defineCrudModule({
  resource: extraPrograms,
  table: extraProgramsTable,
  routes(app, { db, module }) {
    /** `list/{type}`: PMU packages (`office`) or hostel pricing (`hostel`). */
    app.get(`${extraPrograms.path}/list/:type`, { config: { role: extraPrograms.roles.read }, schema: { tags: [extraPrograms.label], params: typeParams, querystring: listQuerySchema } }, async (req) => {
      const { type } = req.params as z.infer<typeof typeParams>;
      const { rows, paging } = await listRows<typeof extraProgramsTable.$inferSelect>(db, { ...extraPrograms, table: extraProgramsTable, where: eq(extraProgramsTable.type, type), query: req.query as ListQuery });
      const data = rows.map(module.toRecord);
      return paging ? { data, ...paging } : { data };
    });
  },
});
