import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { isoDate, studioDate } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { idParams, parseId } from '../../plugins/request.js';
import { notFound } from '../../plugins/errors.js';
import { clientTouchUps, touchUpsDue } from './touch-ups.service.js';
import { clientsTable } from '../../db/schema.js';

// PMU touch-up plans (issue 31, item 5; decision 040; docs/api.md).

const onQuery = z.object({ on: isoDate().optional() });

export function registerTouchUpRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { role: 'staff' as const };
  const tags = ['Touch-ups'];
  const today = () => studioDate(new Date(), app.config.tzStudio);

  /** A client's touch-up plans, each priced on `?on=` (default today): included, a band's price, or the full price. */
  app.get('/api/clients/:id/touch-ups', { config: staff, schema: { tags, params: idParams, querystring: onQuery } }, async (req) => {
    const id = parseId(req.params.id, 'Client');
    const [client] = await db.select({ id: clientsTable.id }).from(clientsTable).where(eq(clientsTable.id, id)).limit(1);
    if (!client) throw notFound('Client');
    return { data: await clientTouchUps(db, id, req.query.on ?? today()) };
  });

  /** Procedures 5 to 10 weeks ago whose free touch-up is not booked, oldest first. */
  app.get('/api/touch-ups/due', { config: staff, schema: { tags } }, async () => ({ data: await touchUpsDue(db, today()) }));
}
