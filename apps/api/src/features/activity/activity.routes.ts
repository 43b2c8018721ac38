import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { listQuerySchema } from '@studio/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { activityLogTable } from '../../db/schema.js';
import { listRows } from '../../crud/list-query.js';
import { serializeRow } from '../../crud/define-crud-module.js';

const activityQuery = listQuerySchema.extend({
  resource: z.string().max(50).optional(),
  record_id: z.coerce.number().int().positive().optional(),
  user_id: z.coerce.number().int().positive().optional(),
});

/** `GET /api/activity-log` (admin): who changed what and when, newest first, always paged. */
export function registerActivityRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/activity-log', { config: { role: 'admin' }, schema: { tags: ['Activity log'], querystring: activityQuery } }, async (req) => {
    const q = req.query;
    const t = activityLogTable;
    const where = and(q.resource ? eq(t.resource, q.resource) : undefined, q.record_id ? eq(t.record_id, q.record_id) : undefined, q.user_id ? eq(t.user_id, q.user_id) : undefined);
    const { rows, paging } = await listRows<typeof t.$inferSelect>(db, {
      table: t as never,
      where,
      sortable: ['created_at', 'resource', 'action'],
      defaultSort: { field: 'id', order: 'desc' },
      searchable: ['resource', 'action', 'user_name'],
      query: { ...q, page: q.page ?? 1 },
    });
    return { data: rows.map((r) => serializeRow(r)), ...paging };
  });
}
