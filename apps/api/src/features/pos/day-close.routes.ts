import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { OUTLET_LABELS, MONEY_METHODS, dayCloseInputSchema, dayCloseReopenSchema, fromKobo, isoDate, outletSchema, studioDate, toKobo, type DayClose } from '@studio/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { backupSoon } from '../../db/backup-schedule.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { currentUser, isAdmin } from '../../plugins/auth.js';
import { invalidField } from '../../plugins/errors.js';
import { dayClose, dayName, dayFigures, lockDay } from './day-close.service.js';
import { dayCloseCountsTable, dayClosesTable } from './day-close.table.js';

const C = dayClosesTable;
const params = z.object({ outlet: outletSchema, date: isoDate() });

/**
 * The day close of an outlet: `GET /api/day-close/{outlet}/{date}` reads the whole day (anyone who sells;
 * gross profit for admins only), `POST` closes it with the money counted per method (once: not editable
 * after), `POST …/reopen` (admin, with a reason) opens it again. Closing and reopening are in the activity
 * log; a close asks for a backup once it is committed.
 */
export function registerDayCloseRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Day close'];
  const report = async (admin: boolean, outlet: z.infer<typeof outletSchema>, date: string): Promise<DayClose> => {
    const { gross_profit: profit, ...rest } = await dayClose(db, outlet, date);
    return admin ? { ...rest, gross_profit: profit } : rest;
  };

  app.get('/api/day-close/:outlet/:date', { config: { role: 'staff' }, schema: { tags, params } }, async (req) => {
    const { outlet, date } = req.params;
    return { data: await report(isAdmin(currentUser(req)), outlet, date) };
  });

  app.post('/api/day-close/:outlet/:date', { config: { role: 'staff' }, schema: { tags, params, body: dayCloseInputSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const { outlet, date } = req.params;
    const { counted, note } = req.body;
    if (date > studioDate(new Date(), app.config.tzStudio)) throw invalidField('date', `${dayName(date)} has not come yet: only today or an earlier day can be closed.`);
    const at = new Date();
    await db.transaction(async (tx) => {
      // sales and voids of the day in flight finish first; new ones wait, then find the day closed
      await lockDay(tx, outlet, date);
      const [already] = await tx
        .select({ by: C.closed_by_name })
        .from(C)
        .where(and(eq(C.outlet, outlet), eq(C.business_date, date), eq(C.status, 'closed')))
        .limit(1);
      if (already) throw invalidField('date', `The ${OUTLET_LABELS[outlet]} day of ${dayName(date)} is already closed (by ${already.by}). An admin may reopen it.`);
      const day = await dayFigures(tx, outlet, date, { inTransaction: true });
      const [row] = await tx
        .insert(C)
        .values({ outlet, business_date: date, sales_count: day.count, sales_total: day.total, note, closed_by: user.id, closed_by_name: user.name, closed_at: at })
        .returning({ id: C.id });
      // money is counted; value paid before (a voucher, credit: payment-methods.ts `prepaid`) is not
      const count = (m: (typeof MONEY_METHODS)[number]) => toKobo(counted[m as keyof typeof counted]);
      await tx.insert(dayCloseCountsTable).values(MONEY_METHODS.map((m) => ({ day_close_id: row!.id, method: m, expected: day.expected[m], counted: fromKobo(count(m)) })));
      const overShortK = MONEY_METHODS.reduce((s, m) => s + count(m) - toKobo(day.expected[m]), 0);
      await recordActivity(tx, {
        user,
        action: 'close',
        resource: 'day_closes',
        recordId: row!.id,
        after: { outlet, date, expected: day.expected, counted, over_short: fromKobo(overShortK), sales: { count: day.count, total: day.total }, note },
        at,
      });
    });
    // after the commit, so the backup holds the close
    backupSoon('close');
    return reply.code(201).send({ data: await report(isAdmin(user), outlet, date) });
  });

  app.post('/api/day-close/:outlet/:date/reopen', { config: { role: 'admin' }, schema: { tags, params, body: dayCloseReopenSchema } }, async (req) => {
    const user = currentUser(req);
    const { outlet, date } = req.params;
    const { reason } = req.body;
    const at = new Date();
    await db.transaction(async (tx) => {
      await lockDay(tx, outlet, date);
      const [closed] = await tx
        .select()
        .from(C)
        .where(and(eq(C.outlet, outlet), eq(C.business_date, date), eq(C.status, 'closed')))
        .for('update');
      if (!closed) throw invalidField('date', `The ${OUTLET_LABELS[outlet]} day of ${dayName(date)} is not closed.`);
      await tx.update(C).set({ status: 'reopened', reopened_by: user.id, reopened_by_name: user.name, reopened_at: at, reopen_reason: reason }).where(eq(C.id, closed.id));
      await recordActivity(tx, {
        user,
        action: 'reopen',
        resource: 'day_closes',
        recordId: closed.id,
        before: { status: 'closed', outlet, date, closed_by: closed.closed_by_name, closed_at: closed.closed_at.toISOString() },
        after: { status: 'reopened', reason },
        at,
      });
    });
    return { data: await report(true, outlet, date) };
  });
}
