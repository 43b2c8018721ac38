import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceInputSchema,
  bankAccountLine,
  certificateRevokeSchema,
  formatNaira,
  isoDate,
  nextDue,
  scheduleEditSchema,
  studioDate,
  toKobo,
  traineeKindSchema,
  TRAINEE_KINDS,
  TRAINEE_KIND_PATHS,
} from '@studio/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { ownAccountOf } from '../integrations/index.js';
import { HttpError, invalidField } from '../../plugins/errors.js';
import { idParams, parseId } from '../../plugins/request.js';
import { overdueTrainees, readSchedule, scheduleLines, writeSchedule } from '../../resources/trainees/index.js';
import { readSettings } from '../settings/index.js';
import { attendanceOf, certificatesOf, issueCertificate, markAttendance, registerOf, revokeCertificate, traineeOr404, verifyCertificate } from './trainees.service.js';

/** What throttles the public verify call: the login throttle's mechanism, keyed by the caller's address. */
export interface PublicThrottle {
  attempt(key: string): Promise<{ allowed: true; ticket: { key: string; attempts: number; windowStartedAt: Date } } | { allowed: false; retryAfter: number }>;
  succeeded(ticket: { key: string; attempts: number; windowStartedAt: Date }): Promise<void>;
}

/**
 * Trainees from enrolment to certificate (issue 33; docs/api.md, decision 034): schedules and the overdue lists,
 * attendance and the class register, certificates (issued and revoked by an admin, verified by anyone), the statement.
 */
export function registerTraineeRoutes(fastify: FastifyInstance, db: Db, verifyThrottle: PublicThrottle): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { role: 'admin' as const };
  const staff = { role: 'staff' as const };
  const tags = ['Trainees'];
  const today = () => studioDate(new Date(), app.config.tzStudio);

  for (const kind of TRAINEE_KINDS) {
    const base = `/api/${TRAINEE_KIND_PATHS[kind]}`;

    app.get(`${base}/:id/schedule`, { config: staff, schema: { tags, summary: 'Her instalments, paid earliest first', params: idParams } }, async (req) => {
      const trainee = await traineeOr404(db, kind, parseId(req.params.id, 'Record'));
      return { data: await readSchedule(db, kind, trainee, today()) };
    });

    app.put(`${base}/:id/schedule`, { config: admin, schema: { tags, summary: 'Replace her schedule (logged)', params: idParams, body: scheduleEditSchema } }, async (req) => {
      const user = currentUser(req);
      const id = parseId(req.params.id, 'Record');
      return db.transaction(async (tx) => {
        const trainee = await traineeOr404(tx, kind, id);
        const lines = req.body.instalments.map((l, i) => ({ label: l.label ?? (i === 0 ? 'Deposit' : `Instalment ${i}`), due_date: l.due_date, amount: l.amount }));
        const totalK = lines.reduce((s, l) => s + toKobo(l.amount), 0);
        if (lines.length > 0 && totalK !== toKobo(trainee.fee)) {
          throw invalidField('instalments', `The instalments add up to ${formatNaira(totalK / 100)}; her fee is ${formatNaira(trainee.fee)}.`);
        }
        const before = await scheduleLines(tx, kind, id);
        await writeSchedule(tx, kind, id, lines);
        await recordActivity(tx, { user, action: 'update-schedule', resource: TRAINEE_KIND_PATHS[kind], recordId: id, before, after: lines });
        return { data: await readSchedule(tx, kind, trainee, today()) };
      });
    });

    app.get(`${base}-overdue`, { config: staff, schema: { tags, summary: 'Trainees with an instalment past its date' } }, async () => {
      const data = await overdueTrainees(db, kind, today());
      return { data, summary: { count: data.length, overdue_amount: data.reduce((s, r) => s + toKobo(r.overdue_amount), 0) / 100 } };
    });

    app.get(`${base}/:id/attendance`, { config: staff, schema: { tags, summary: 'Her attendance and the share present', params: idParams } }, async (req) => {
      const trainee = await traineeOr404(db, kind, parseId(req.params.id, 'Record'));
      return attendanceOf(db, kind, trainee);
    });

    app.post(`${base}/:id/certificate`, { config: admin, schema: { tags, summary: 'Issue her certificate (or 422: what is missing)', params: idParams } }, async (req, reply) => {
      const user = currentUser(req);
      const id = parseId(req.params.id, 'Record');
      const data = await db.transaction((tx) => issueCertificate(tx, user, kind, id, today()));
      return reply.code(201).send({ data });
    });

    app.get(`${base}/:id/certificates`, { config: admin, schema: { tags, summary: 'Her certificates, newest first', params: idParams } }, async (req) => {
      const id = parseId(req.params.id, 'Record');
      await traineeOr404(db, kind, id);
      return { data: await certificatesOf(db, kind, id) };
    });

    app.get(`${base}/:id/statement`, { config: staff, schema: { tags, summary: 'Her statement: schedule, paid, next due, how to pay', params: idParams } }, async (req) => {
      const trainee = await traineeOr404(db, kind, parseId(req.params.id, 'Record'));
      const schedule = await readSchedule(db, kind, trainee, today());
      const settings = await readSettings(db);
      // her own dedicated account when she has one (issue 30, items 4 and 6), else the studio's
      const payTo = (await ownAccountOf(db, kind, trainee.id)) ?? settings.bank_account;
      const next = nextDue(schedule);
      const { plan: _plan, min_attendance_percent: _min, suspended: _s, ...shown } = trainee;
      return {
        data: {
          trainee: shown,
          schedule,
          next_due: next,
          overdue_amount: schedule.filter((r) => r.status === 'overdue').reduce((s, r) => s + toKobo(r.balance), 0) / 100,
          bank_account: payTo,
          message: statementMessage(trainee.name, trainee.program, trainee.balance, next, payTo ? bankAccountLine(payTo) : null),
          today: today(),
        },
      };
    });
  }

  app.post('/api/attendance', { config: staff, schema: { tags, summary: 'Mark a trainee present, late or absent for a day', body: attendanceInputSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const { client_ref: _ref, ...input } = req.body;
    const result = await db.transaction((tx) => markAttendance(tx, user, input, today()));
    return reply.code(result.created ? 201 : 200).send({ data: result.data, warnings: result.warnings });
  });

  const registerQuery = z.object({
    kind: traineeKindSchema,
    date: isoDate(),
    program_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    session_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  });
  app.get('/api/attendance/register', { config: staff, schema: { tags, summary: 'The class register of a day', querystring: registerQuery } }, async (req) => {
    const { kind, date, program_id, session_id } = req.query;
    return { data: await registerOf(db, kind, date, program_id, session_id) };
  });

  app.post('/api/certificates/:serial/revoke', { config: admin, schema: { tags, summary: 'Revoke a certificate (logged)', params: z.object({ serial: z.string() }), body: certificateRevokeSchema } }, async (req) => {
    const user = currentUser(req);
    return { data: await db.transaction((tx) => revokeCertificate(tx, user, req.params.serial.slice(0, 30), req.body.reason)) };
  });

  // No sign-in: an employer scans the QR code. Throttled by address like sign-in, so codes cannot be guessed in bulk.
  const verifyQuery = z.object({ code: z.string().max(40).optional() });
  app.get('/api/certificates/:serial', { config: { role: 'public' }, schema: { tags, summary: 'Verify a certificate (public)', security: [], params: z.object({ serial: z.string() }), querystring: verifyQuery } }, async (req) => {
    const attempt = await verifyThrottle.attempt(`verify|${req.ip.slice(0, 45)}`);
    if (!attempt.allowed) {
      throw new HttpError(429, `Too many checks. Please try again in ${attempt.retryAfter} seconds.`, undefined, { 'Retry-After': String(attempt.retryAfter) });
    }
    const data = await verifyCertificate(db, req.params.serial.slice(0, 30), req.query.code ?? '');
    if (data.valid) await verifyThrottle.succeeded(attempt.ticket);
    return { data };
  });
}

/** The wa.me text of a statement: what she owes, what is due next and where to pay. */
function statementMessage(name: string, program: string, balance: number, next: { due_date: string; balance: number; status: string } | null, account: string | null): string {
  const lines = [`Hello ${name}, your ${program} fee statement:`];
  if (balance <= 0) lines.push('Your fee is fully paid. Thank you!');
  else {
    lines.push(`Balance: ${formatNaira(balance)}.`);
    if (next) lines.push(`${next.status === 'overdue' ? 'Overdue since' : 'Next due on'} ${next.due_date}: ${formatNaira(next.balance)}.`);
    if (account) lines.push(`Pay by transfer to ${account}.`);
  }
  return lines.join('\n');
}
