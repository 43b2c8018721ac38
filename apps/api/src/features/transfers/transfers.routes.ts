import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transferConfirmSchema, transferNotReceivedSchema } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { idempotent, sendIdempotent } from '../../crud/idempotency.js';
import { currentUser } from '../../plugins/auth.js';
import { confirmTransfers, flagNotReceived, unconfirmedTransfers } from './transfers.service.js';

/**
 * `GET /api/transfers/unconfirmed`, `POST /api/transfers/confirm`, `POST /api/transfers/not-received`: admin only
 * (a bank statement is the owner's to read). Both POSTs take an optional `client_ref` (crud/idempotency.ts).
 */
export function registerTransferRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { role: 'admin' as const };
  const tags = ['Transfers'];

  app.get('/api/transfers/unconfirmed', { config: admin, schema: { tags } }, async () => unconfirmedTransfers(db));

  app.post('/api/transfers/confirm', { config: admin, schema: { tags, body: transferConfirmSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const { client_ref, ...request } = req.body;
    const result = await idempotent(db, { scope: 'transfers.confirm', clientRef: client_ref, request, userId: user.id }, async (tx) => ({
      status: 200,
      body: { data: await confirmTransfers(tx, user, request.items) },
    }));
    return sendIdempotent(reply, result);
  });

  app.post('/api/transfers/not-received', { config: admin, schema: { tags, body: transferNotReceivedSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const { client_ref, ...request } = req.body;
    const result = await idempotent(db, { scope: 'transfers.not-received', clientRef: client_ref, request, userId: user.id }, async (tx) => ({
      status: 200,
      body: { data: await flagNotReceived(tx, user, request.items, request.reason, app.config.tzStudio) },
    }));
    return sendIdempotent(reply, result);
  });
}
