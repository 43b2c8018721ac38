import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceHeartbeatSchema, offlineReviewListQuerySchema, offlineReviewResolveSchema } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { idParams, parseId } from '../../plugins/request.js';
import { currentUser } from '../../plugins/auth.js';
import { devicesTable } from './offline.table.js';
import { listReviews, resolveReview } from './offline-sales.service.js';


/**
 * The offline till's server side besides `POST /api/orders` (issue 18; docs/decisions/016-offline-till.md):
 * the review queue of offline sales the server would not record by itself (admin), and the devices' heartbeat.
 */
export function registerOfflineRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Offline till'];

  app.get('/api/offline-review', { config: { role: 'admin' }, schema: { tags, querystring: offlineReviewListQuerySchema } }, async (req) => ({
    data: await listReviews(db, req.query.status),
  }));

  app.post('/api/offline-review/:id/resolve', { config: { role: 'admin' }, schema: { tags, params: idParams, body: offlineReviewResolveSchema } }, async (req, reply) => {
    const id = parseId(req.params.id, 'Offline sale');
    const { review, replay } = await resolveReview(db, currentUser(req), id, req.body, app.config.tzStudio);
    return reply.header('Idempotent-Replay', replay ? 'true' : 'false').send({ data: review });
  });

  /** A till's outbox as it stands: how many sales wait per outlet, how many need a person. Last word wins. */
  app.post('/api/devices/heartbeat', { config: { role: 'staff' }, schema: { tags, body: deviceHeartbeatSchema } }, async (req) => {
    const user = currentUser(req);
    const b = req.body;
    const waiting = Object.fromEntries(Object.entries(b.waiting).filter(([, n]) => (n ?? 0) > 0));
    const values = { code: b.code, user_id: user.id, user_name: user.name, waiting, attention: b.attention, seen_at: new Date() };
    await db
      .insert(devicesTable)
      .values({ device_id: b.device_id, ...values })
      .onConflictDoUpdate({ target: devicesTable.device_id, set: values });
    return { data: { device_id: b.device_id, waiting, attention: b.attention, seen_at: values.seen_at.toISOString() } };
  });
}
