import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { finances, isoDate, isoMonthOrDate, isoYear, monthRange } from '@studio/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { summaryByPeriod, summaryRange } from './finance-summaries.js';

/** The most months one summary-monthly answers (10 years), and years one summary-yearly answers. */
export const MAX_SUMMARY_MONTHS = 120;
export const MAX_SUMMARY_YEARS = 50;

const ordered = { path: ['to'], error: 'The to date must be on or after the from date.' };
const rangeParams = z.object({ from: isoDate(), to: isoDate() }).refine((p) => p.from <= p.to, ordered);
const monthIndex = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7));
/** A month (`YYYY-MM`) or a real day in it, at most MAX_SUMMARY_MONTHS of them. */
const monthParams = z
  .object({ from: isoMonthOrDate(), to: isoMonthOrDate() })
  .refine((p) => p.from.slice(0, 7) <= p.to.slice(0, 7), { path: ['to'], error: 'The to month must not be before the from month.' })
  .refine((p) => monthIndex(p.to) - monthIndex(p.from) < MAX_SUMMARY_MONTHS, { path: ['to'], error: `A monthly summary covers at most ${MAX_SUMMARY_MONTHS} months (10 years): ask for a shorter range, or use summary-yearly.` });
const yearParams = z
  .object({ from: isoYear(), to: isoYear() })
  .refine((p) => p.from.slice(0, 4) <= p.to.slice(0, 4) && Number(p.to.slice(0, 4)) - Number(p.from.slice(0, 4)) <= MAX_SUMMARY_YEARS, { path: ['to'], error: `The years must run forwards, at most ${MAX_SUMMARY_YEARS} years apart.` });

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
