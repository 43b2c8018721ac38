import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { finances, isoDate, monthRange } from '@studio/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { summaryByPeriod, summaryRange } from './finance-summaries.js';

const ordered = { path: ['to'], error: 'The to date must be on or after the from date.' };
const rangeParams = z.object({ from: isoDate(), to: isoDate() }).refine((p) => p.from <= p.to, ordered);
/** A month (`YYYY-MM`) or a day in it. */
const monthish = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, { error: 'The month must be in the form YYYY-MM.' });
const monthParams = z.object({ from: monthish, to: monthish }).refine((p) => p.from.slice(0, 7) <= p.to.slice(0, 7), { path: ['to'], error: 'The to month must not be before the from month.' });
const yearParams = z
  .object({ from: z.string().regex(/^\d{4}(-.*)?$/, { error: 'The year must be in the form YYYY.' }), to: z.string().regex(/^\d{4}(-.*)?$/, { error: 'The year must be in the form YYYY.' }) })
  .refine((p) => p.from.slice(0, 4) <= p.to.slice(0, 4) && Number(p.to.slice(0, 4)) - Number(p.from.slice(0, 4)) <= 50, { path: ['to'], error: 'The years must run forwards, at most 50 of them.' });

/** summary-range, summary-monthly and summary-yearly of contract §5 (admin). */
export function registerFinanceSummaryRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { role: finances.roles.read };
  const tags = [finances.label];
  app.get(`${finances.path}/summary-range/:from/:to`, { config, schema: { tags, params: rangeParams } }, async (req) => ({
    data: await summaryRange(db, req.params.from, req.params.to),
  }));
  app.get(`${finances.path}/summary-monthly/:from/:to`, { config, schema: { tags, params: monthParams } }, async (req) => {
    const from = monthRange(req.params.from.slice(0, 7)).from;
    const to = monthRange(req.params.to.slice(0, 7)).to;
    return { data: await summaryByPeriod(db, from, to, 'month') };
  });
  app.get(`${finances.path}/summary-yearly/:from/:to`, { config, schema: { tags, params: yearParams } }, async (req) => {
    const from = `${req.params.from.slice(0, 4)}-01-01`;
    const to = `${req.params.to.slice(0, 4)}-12-31`;
    return { data: await summaryByPeriod(db, from, to, 'year') };
  });
}
