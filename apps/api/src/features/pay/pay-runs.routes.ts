import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromKobo, isoDate, payPeriodSchema, paySimulationSchema, toKobo } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { currentUser, isAdmin } from '../../plugins/auth.js';
import { forbidden, invalidField, notFound } from '../../plugins/errors.js';
import { idParams, parseId } from '../../plugins/request.js';
import { usersTable } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { bankTransfersCsv, closePayRun, computePay, draftPayRun, findPayRun, listPayRuns, myEarnings, publicLines, type PayComputation, type PayRule } from './pay-runs.service.js';

// Staff pay (issue 32; docs/decisions/033-staff-pay.md): pay runs (admin) and one's own earnings (staff).

const tags = ['Staff pay'];
const admin = { role: 'admin' as const };
const staff = { role: 'staff' as const };

const earningsParams = z.object({ from: isoDate(), to: isoDate() }).refine((p) => p.from <= p.to, { path: ['to'], error: 'The to date must be on or after the from date.' });
const earningsQuery = z.object({ staff_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });


export function registerPayRunRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tz = () => fastify.config.tzStudio;

  app.get('/api/pay-runs', { config: admin, schema: { tags } }, async () => ({ data: await listPayRuns(db) }));

  app.post('/api/pay-runs', { config: admin, schema: { tags, body: payPeriodSchema } }, async (req, reply) => {
    const run = await draftPayRun(db, currentUser(req), req.body, tz());
    return reply.code(201).send({ data: run });
  });

  /** The same lines under proposed rules, nothing stored; beside them the share of service sales paid out now and then. */
  app.post('/api/pay-runs/simulate', { config: admin, schema: { tags, body: paySimulationSchema } }, async (req) => {
    const { from, to } = req.body;
    if (from > to) throw invalidField('to', 'The to date must be on or after the from date.');
    // a proposed rule's id is its place in `rules`, from 1
    const rules: PayRule[] = req.body.rules.map((r, i) => ({
      id: i + 1,
      name: r.name,
      staff_id: r.staff_id ?? null,
      role: r.role ?? null,
      applies_to: r.applies_to,
      category: r.category ?? null,
      product_id: r.product_id ?? null,
      kind: r.kind,
      rate: r.rate,
      basis: r.basis,
      business_cost: r.business_cost ?? null,
      tiers: r.tiers,
      tier_mode: r.tier_mode,
      effective_from: r.effective_from,
    }));
    const [proposed, current] = await Promise.all([computePay(db, { from, to, timeZone: tz(), rules }), computePay(db, { from, to, timeZone: tz() })]);
    const figures = (c: PayComputation) => {
      const commissionK = c.lines.reduce((k, l) => k + toKobo(l.commission), 0);
      const salesK = toKobo(c.serviceSales);
      return { commission: fromKobo(commissionK), net: fromKobo(c.lines.reduce((k, l) => k + toKobo(l.net), 0)), service_sales: c.serviceSales, payout_share: salesK ? Math.round((commissionK / salesK) * 10000) / 100 : 0 };
    };
    return { data: { from, to, lines: publicLines(proposed.lines), proposed: figures(proposed), current: figures(current) } };
  });

  app.get('/api/pay-runs/:id', { config: admin, schema: { tags, params: idParams } }, async (req) => {
    const run = await findPayRun(db, parseId(req.params.id, 'Pay run'));
    if (!run) throw notFound('Pay run');
    return { data: run };
  });

  app.post('/api/pay-runs/:id/close', { config: admin, schema: { tags, params: idParams } }, async (req) => ({
    data: await closePayRun(db, currentUser(req), parseId(req.params.id, 'Pay run'), tz()),
  }));

  /** The owner's list for the bank: one row per person paid. */
  app.get('/api/pay-runs/:id/bank-transfers', { config: admin, schema: { tags, params: idParams } }, async (req, reply) => {
    const run = await findPayRun(db, parseId(req.params.id, 'Pay run'));
    if (!run) throw notFound('Pay run');
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="pay-${run.from}-to-${run.to}.csv"`)
      .send(await bankTransfersCsv(db, run));
  });

  /** The caller's own (staff); `?staff_id=` someone else's, which only an admin may ask. */
  app.get('/api/my-earnings/:from/:to', { config: staff, schema: { tags, params: earningsParams, querystring: earningsQuery } }, async (req) => {
    const user = currentUser(req);
    const wanted = req.query.staff_id ?? user.id;
    if (wanted !== user.id && !isAdmin(user)) throw forbidden();
    const [person] = wanted === user.id ? [user] : await db.select().from(usersTable).where(eq(usersTable.id, wanted)).limit(1);
    if (!person) throw invalidField('staff_id', 'The selected staff member is invalid.');
    return { data: await myEarnings(db, person, req.params.from, req.params.to, tz()) };
  });
}
