import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROVIDER_EVENT_OUTCOMES, VIRTUAL_ACCOUNT_KINDS, paystackSettingSchema, virtualAccountInputSchema } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { idParams, parseId } from '../../plugins/request.js';
import { WEBHOOK_PATH, addVirtualAccount, deleteVirtualAccount, listProviderEvents, listVirtualAccounts, paystackStatus, receivePaystackEvent, setPaystackKey } from './paystack.service.js';

/** A webhook's body is at most this: Paystack's events are a few kilobytes. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * Payment providers (issue 30, item 4; decision 036), admin only, except the webhook, which answers anyone and trusts
 * only the signature: `GET|PUT /api/integrations/paystack` (the key: set, replaced or removed; never shown),
 * `GET|POST /api/virtual-accounts`, `DELETE /api/virtual-accounts/{id}`, `GET /api/integrations/paystack/events`, and
 * `POST /api/integrations/paystack/webhook`.
 */
export function registerIntegrationRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { role: 'admin' as const };
  const tags = ['Integrations'];

  app.get('/api/integrations/paystack', { config: admin, schema: { tags, summary: 'Whether Paystack is set up (never its key)' } }, async () => ({ data: await paystackStatus(db) }));

  app.put('/api/integrations/paystack', { config: admin, schema: { tags, body: paystackSettingSchema, summary: "Set, replace or (null) remove Paystack's secret key" } }, async (req) => ({
    data: await setPaystackKey(db, currentUser(req), req.body.secret_key),
  }));

  app.get(
    '/api/integrations/paystack/events',
    { config: admin, schema: { tags, querystring: z.object({ outcome: z.enum(PROVIDER_EVENT_OUTCOMES).optional() }), summary: 'Events received, newest first, with what each became' } },
    async (req) => ({ data: await listProviderEvents(db, req.query.outcome) }),
  );

  app.get(
    '/api/virtual-accounts',
    {
      config: admin,
      schema: { tags, querystring: z.object({ kind: z.enum(VIRTUAL_ACCOUNT_KINDS).optional(), record_id: z.coerce.number().int().positive().max(2_147_483_647).optional() }), summary: 'Dedicated accounts given to trainees and bridal clients' },
    },
    async (req) => ({ data: await listVirtualAccounts(db, req.query) }),
  );

  app.post('/api/virtual-accounts', { config: admin, schema: { tags, body: virtualAccountInputSchema, summary: "Record the dedicated account a provider gave a person: its credits pay into that person's ledger" } }, async (req, reply) =>
    reply.code(201).send({ data: await addVirtualAccount(db, currentUser(req), req.body) }),
  );

  app.delete('/api/virtual-accounts/:id', { config: admin, schema: { tags, params: idParams, summary: 'Forget a dedicated account (its credits then wait for an admin)' } }, async (req, reply) => {
    await deleteVirtualAccount(db, currentUser(req), parseId(req.params.id, 'Virtual account'));
    return reply.code(204).send();
  });

  // the raw bytes, as signed: parsed here, after the signature is checked
  void fastify.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BYTES }, (_req, body, done) => done(null, body));
    raw.post(WEBHOOK_PATH, { config: { role: 'public' }, schema: { tags, summary: "Paystack's signed events (x-paystack-signature: HMAC-SHA512 of the body with the secret key)" } }, async (req, reply) => {
      const signature = req.headers['x-paystack-signature'];
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await receivePaystackEvent(db, body, typeof signature === 'string' ? signature : undefined, fastify.config.tzStudio);
      if (answer.status === 401) return reply.code(401).send({ message: answer.message });
      return reply.code(200).send({ data: { outcome: answer.event.outcome, duplicate: answer.duplicate } });
    });
  });
}
