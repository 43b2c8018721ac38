import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { dataEnvelope, studioSettingsSchema, studioSettingsUpdateSchema } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { readSettings } from './settings.service.js';
import { settingsTable } from './settings.table.js';

/**
 * `GET /api/settings` (any signed-in user: the till needs the discount limit), `PUT /api/settings` (admin, logged): the
 * keys given change, the others keep their values.
 */
export function registerSettingsRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Settings'];

  app.get('/api/settings', { config: { role: 'staff' }, schema: { tags, response: { 200: dataEnvelope(studioSettingsSchema) } } }, async () => ({ data: await readSettings(db) }));

  app.put('/api/settings', { config: { role: 'admin' }, schema: { tags, body: studioSettingsUpdateSchema, response: { 200: dataEnvelope(studioSettingsSchema) } } }, async (req) => {
    const user = currentUser(req);
    const body = req.body;
    await db.transaction(async (tx) => {
      // one writer at a time, so the log's "before" is what this change replaced
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('studio-settings', 0))`);
      const before = await readSettings(tx);
      const now = new Date();
      for (const [key, value] of Object.entries(body)) {
        if (value === undefined) continue;
        await tx
          .insert(settingsTable)
          .values({ key, value, updated_by: user.id, updated_at: now })
          .onConflictDoUpdate({ target: settingsTable.key, set: { value, updated_by: user.id, updated_at: now } });
      }
      await recordActivity(tx, { user, action: 'update', resource: 'settings', recordId: null, before, after: body });
    });
    return { data: await readSettings(db) };
  });
}
