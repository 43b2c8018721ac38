import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointmentRemindersSentSchema, isoDate, remindersQuerySchema, remindersSentSchema, studioDate } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { appointmentRemindersOf, recordAppointmentReminders } from './appointment-reminders.service.js';
import { dueReminders, recordReminders } from './reminders.service.js';

/**
 * `GET /api/reminders/dues?days=14&include_reminded=true` and `POST /api/reminders/sent { items: [{ kind, id }] }`:
 * admin only (who owes what is the owner's to chase). docs/api.md, decision 022.
 */
const dayParams = z.object({ day: isoDate() });

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

  // the day-before appointment reminders (issue 34, item 4): sent by the desk, so staff and admins
  const staff = { role: 'staff' as const };
  app.get('/api/reminders/appointments/:day', { config: staff, schema: { tags, summary: "A day's appointments already reminded: when and by whom", params: dayParams } }, async (req) => ({
    data: await appointmentRemindersOf(db, req.params.day),
  }));

  app.post('/api/reminders/appointments/sent', { config: staff, schema: { tags, summary: 'Appointment reminders just sent', body: appointmentRemindersSentSchema } }, async (req) => {
    const user = currentUser(req);
    return { data: await db.transaction((tx) => recordAppointmentReminders(tx, user, req.body.ids)) };
  });
}
