import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { remindersQuerySchema, remindersSentSchema, studioDate } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { dueReminders, recordReminders } from './reminders.service.js';

/**
 * `GET /api/reminders/dues?days=14&include_reminded=true` and `POST /api/reminders/sent { items: [{ kind, id }] }`:
 * admin only (who owes what is the owner's to chase). docs/api.md, decision 022.
 */
export function registerReminderRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { role: 'admin' as const };
  const tags = ['Reminders'];

  app.get('/api/reminders/dues', { config: admin, schema: { tags, summary: 'Everyone who owes, for a reminder run', querystring: remindersQuerySchema } }, async (req) =>
    dueReminders(db, { today: studioDate(new Date(), app.config.tzStudio), days: req.query.days, includeReminded: req.query.include_reminded }),
  );

  app.post('/api/reminders/sent', { config: admin, schema: { tags, summary: 'Reminders just sent: when and by whom', body: remindersSentSchema } }, async (req) => {
    const user = currentUser(req);
    return { data: await db.transaction((tx) => recordReminders(tx, user, req.body.items)) };
  });
}
