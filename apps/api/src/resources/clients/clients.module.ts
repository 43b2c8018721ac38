import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clients, clientEraseSchema, clientFindOrCreateSchema, clientMergeSchema, normalizePhone, PHONE_ERROR, outletSchema } from '@studio/shared';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule, type CrudModule } from '../../crud/define-crud-module.js';
import { presentRecord } from '../../crud/register-crud-routes.js';
import { idParams, parseId } from '../../plugins/request.js';
import { currentUser, isAdmin } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { clientsTable } from './clients.table.js';
import { recordErasure } from './erasure-record.js';
import { backfillClients, clientExport, clientHistory, eraseClient, findClientByPhone, findOrCreateClient, historyCounts, lastPurchase, mergeClients, undoMergeClients } from './clients.service.js';
import { duplicatesOf, mergesOf } from './client-merges.service.js';

const C = clientsTable;
const phoneParams = z.object({ phone: z.string().min(1).max(40) });
const outletQuery = z.object({ outlet: outletSchema.optional() });

export const clientsModule = defineCrudModule({
  resource: clients,
  table: C,
  computed: () => ({ merged: sql<boolean>`(${C.merged_into_id} is not null)` }),
  unique: [{ field: 'phone', message: 'A client with this phone number already exists.' }],
  hooks: {
    beforeCreate(input, { user }) {
      // who recorded the consent is the signed-in user, never a body value
      return input.consent_date ? { ...input, consent_recorded_by: user.id, consent_recorded_by_name: user.name } : input;
    },
    beforeUpdate(input, existing, { user }) {
      if (existing.erased_at) throw invalidField('id', 'This client was erased: their details cannot be filled in again.');
      if (existing.merged_into_id) throw invalidField('id', 'This client was merged into another: edit that one.');
      if (input.consent_date !== undefined && input.consent_date !== existing.consent_date) {
        return { ...input, consent_recorded_by: input.consent_date ? user.id : null, consent_recorded_by_name: input.consent_date ? user.name : null };
      }
      return input;
    },
    async beforeDelete(existing, { tx, registry }) {
      const counts = await historyCounts(tx, registry, existing.id);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      if (total > 0) throw invalidField('id', `This client has history (${total} record${total === 1 ? '' : 's'}): merge or erase them instead of deleting.`);
    },
  },
  routes(fastify, { db, module, registry }) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['Clients'];
    const staff = { role: 'staff' as const };
    const admin = { role: 'admin' as const };
    const tz = () => fastify.config.tzStudio;
    const present = (row: unknown, req: FastifyRequest) => presentRecord(module as unknown as CrudModule, row as never, req);

    /** The till: a typed phone finds the client (null when there is none yet). */
    app.get('/api/clients/by-phone/:phone', { config: staff, schema: { tags, params: phoneParams, summary: 'The client with this phone number' } }, async (req) => {
      const phone = normalizePhone(req.params.phone);
      if (!phone) throw invalidField('phone', PHONE_ERROR);
      const row = await findClientByPhone(db, phone);
      return { data: row ? present(row, req) : null };
    });

    app.post('/api/clients/find-or-create', { config: staff, schema: { tags, body: clientFindOrCreateSchema, summary: 'The client with this phone, or a new one' } }, async (req, reply) => {
      const { row, created } = await db.transaction((tx) => findOrCreateClient(tx, req.body, currentUser(req)));
      return reply.code(created ? 201 : 200).send({ data: present(row, req), created });
    });

    app.get('/api/clients/:id/history', { config: staff, schema: { tags, params: idParams, summary: "A client's history across outlets" } }, async (req) => {
      const id = parseId(req.params.id, 'Client');
      const history = await clientHistory(db, registry, id, { admin: isAdmin(currentUser(req)) });
      if (!history) throw notFound('Client');
      return { data: { ...history, client: present(history.client, req) } };
    });

    // merge, hard to get wrong (issue 34, item 3): the likely duplicates first, the merges made, and an undo for 7 days
    app.get('/api/clients/:id/duplicates', { config: admin, schema: { tags, params: idParams, summary: 'The records likely to be the same person, most likely first' } }, async (req) => {
      const found = await duplicatesOf(db, parseId(req.params.id, 'Client'));
      if (!found) throw notFound('Client');
      return { data: found.map((d) => ({ client: present(d.client, req), reasons: d.reasons })) };
    });

    app.get('/api/clients/:id/merges', { config: admin, schema: { tags, params: idParams, summary: 'The merges a client took part in, with their undo' } }, async (req) => ({
      data: await mergesOf(db, parseId(req.params.id, 'Client')),
    }));

    app.post('/api/clients/merges/:id/undo', { config: admin, schema: { tags, params: idParams, summary: 'Undo a merge (within 7 days)' } }, async (req) => {
      const id = parseId(req.params.id, 'Merge');
      return { data: await db.transaction((tx) => undoMergeClients(tx, registry, id, currentUser(req))) };
    });

    app.get('/api/clients/:id/last-purchase', { config: staff, schema: { tags, params: idParams, querystring: outletQuery, summary: "The client's last paid sale (Repeat last purchase)" } }, async (req) => {
      const id = parseId(req.params.id, 'Client');
      return { data: await lastPurchase(db, id, req.query.outlet) };
    });

    app.post('/api/clients/merge', { config: admin, schema: { tags, body: clientMergeSchema, summary: 'Merge two records of one person' } }, async (req) => {
      const { merge, ...row } = await db.transaction((tx) => mergeClients(tx, registry, req.body.keep_id, req.body.merge_id, currentUser(req)));
      // the merge's record: undone by POST /api/clients/merges/{id}/undo until `undo_until`
      return { data: present(row, req), merge };
    });

    app.get('/api/clients/:id/export', { config: admin, schema: { tags, params: idParams, summary: 'Everything the studio holds on a client (NDPA 2023)' } }, async (req) => {
      const id = parseId(req.params.id, 'Client');
      const data = await db.transaction(async (tx) => {
        const out = await clientExport(tx, registry, id, tz());
        if (!out) throw notFound('Client');
        await recordActivity(tx, { user: currentUser(req), action: 'export', resource: 'clients', recordId: id });
        return out;
      });
      return { data };
    });

    app.post('/api/clients/:id/erase', { config: admin, schema: { tags, params: idParams, body: clientEraseSchema, summary: "Erase a client's personal details (NDPA 2023); money records kept" } }, async (req) => {
      const id = parseId(req.params.id, 'Client');
      const result = await db.transaction((tx) => eraseClient(tx, registry, id, req.body.reason, currentUser(req)));
      // kept apart from the data, so that a restore of an older backup cannot bring the person back (erasure-record.ts)
      recordErasure(fastify.config.dataDir, id, result.client.erased_at ?? new Date());
      return { data: { ...result, client: present(result.client, req) } };
    });

    app.post('/api/clients/backfill', { config: admin, schema: { tags, summary: 'Link existing records to clients by phone (once)' } }, async (req) => {
      const report = await db.transaction((tx) => backfillClients(tx, registry, currentUser(req)));
      return { data: report };
    });
  },
});

