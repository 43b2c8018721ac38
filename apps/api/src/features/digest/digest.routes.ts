import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { digestQuerySchema, studioDate } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { ownerDigest } from './digest.service.js';

/**
 * `GET /api/digest?date=&outlet=` (admin): the owner's daily digest (issue 30, item 5; decision 042). The date defaults to
 * today on the studio's calendar; without an outlet, one section for each.
 */
export function registerDigestRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/digest', { config: { role: 'admin' }, schema: { tags: ['Digest'], querystring: digestQuerySchema } }, async (req) => {
    const timeZone = app.config.tzStudio;
    const date = req.query.date ?? studioDate(new Date(), timeZone);
    return { data: await ownerDigest(db, date, req.query.outlet, timeZone) };
  });
}
