import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { outletSchema, products } from '@studio/shared';
import { z } from 'zod';
import { type Db, rows } from '../../db/client.js';
import { currentUser, isAdmin } from '../../plugins/auth.js';
import { productsTable } from '../../db/schema.js';
import { productJsonSql } from '../../resources/products/index.js';
import crypto from 'node:crypto';
import { TillCatalogues, compress, parseSnapshot, pickEncoding, tillChanges, type Encoding } from './till-catalogue.js';

const T = productsTable;
const outletParams = z.object({ outlet: outletSchema });
/** A cursor of an earlier version (a process's boot id and revision): the till loads the list again. */
const OLD_CURSOR = /^[0-9a-f]{12}\.\d{1,15}$/;
const changesQuery = z.object({
  since: z
    .string({ error: 'The since cursor is required.' })
    .refine((s) => OLD_CURSOR.test(s) || parseSnapshot(s) !== null, { error: 'The since cursor is not one this server gave.' }),
});

/** Does the client's If-None-Match name this ETag (weak comparison, as for any GET)? */
function notModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** Private (one user's view), always revalidated: the ETag makes that a 304. */
function cacheHeaders(reply: FastifyReply, etag: string) {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding, Authorization');
}

async function sendJson(reply: FastifyReply, encoding: Encoding, body: string, encoded: () => Promise<Buffer>) {
  reply.type('application/json; charset=utf-8');
  if (encoding === 'identity') return reply.send(body);
  reply.header('content-encoding', encoding);
  return reply.send(await encoded());
}

/**
 * What a till sells: the contract's `GET /api/get-products/{outlet}` (whole records), and the slim list
 * with its changes (`GET /api/pos/{outlet}/products[/changes]`) that the till polls. Both answer an
 * unchanged list with 304 and compress their answer (gzip, or br).
 */
export function registerTillProductRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { role: 'staff' as const };
  const tags = [products.label];
  const catalogues = new TillCatalogues(db);
  /** The contract list, per outlet and view (admins see cost prices), kept for the revision it was built at. */
  const full = new Map<string, { rev: number; json: string; etag: string; br?: Promise<Buffer>; gzip?: Promise<Buffer> }>();

  /** What an outlet can sell now: its services, and products with stock, by name (contract §5), whole records. */
  app.get('/api/get-products/:outlet', { config: staff, schema: { tags, params: outletParams } }, async (req, reply) => {
    const { outlet } = req.params;
    const admin = isAdmin(currentUser(req));
    const catalogue = await catalogues.get(outlet);
    const rev = catalogue.revision;
    const key = `${outlet}:${admin}`;
    let body = full.get(key);
    if (!body || body.rev !== rev) {
      // the database writes the JSON: 2,000 records as one value rather than rows parsed and serialised again
      const [list] = await rows<{ data: string }>(
        db,
        sql`
        select coalesce(json_agg(${productJsonSql(admin)} order by ${T.name}, ${T.id}), '[]')::text as data
        from ${T} where ${T.outlet} = ${outlet} and ${T.archived_at} is null and (${T.kind} = 'service' or ${T.quantity} > 0)`,
      );
      const json = `{"data":${list!.data}}`;
      // a hash of the list: the same records give the same ETag in every app process
      body = { rev, json, etag: `W/"gp-${admin ? 'a' : 's'}-${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 22)}"` };
      full.set(key, body);
    }
    cacheHeaders(reply, body.etag);
    if (notModified(req, body.etag)) return reply.code(304).send();
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const b = body;
    return sendJson(reply, encoding, b.json, () => (encoding === 'identity' ? Promise.resolve(Buffer.from(b.json)) : (b[encoding] ??= compress(b.json, encoding))));
  });

  /** The till's list: the fields it shows and sells with, and the cursor to ask for changes from. */
  app.get('/api/pos/:outlet/products', { config: staff, schema: { tags, params: outletParams } }, async (req, reply) => {
    const catalogue = await catalogues.get(req.params.outlet);
    const { etag } = catalogue.list();
    cacheHeaders(reply, etag);
    if (notModified(req, etag)) return reply.code(304).send();
    const encoding = pickEncoding(req.headers['accept-encoding']);
    return sendJson(reply, encoding, catalogue.list().json, () => catalogue.encoded(encoding as Exclude<Encoding, 'identity'>));
  });

  /**
   * What changed since a cursor: items to add or update (in list order) and ids to drop (sold out, deleted).
   * The cursor is a database snapshot, so every app process answers it alike. One it cannot answer from
   * (from before an upgrade, or ahead of a database restored from a backup) is 410: load the list again.
   */
  app.get('/api/pos/:outlet/products/changes', { config: staff, schema: { tags, params: outletParams, querystring: changesQuery } }, async (req, reply) => {
    const since = req.query.since;
    const changes = OLD_CURSOR.test(since) ? null : await tillChanges(db, req.params.outlet, since);
    if (!changes) return reply.code(410).send({ message: 'The till list has changed too much since then, or the database was restored: load the whole list again.' });
    reply.header('cache-control', 'private, no-store');
    return changes;
  });
}
