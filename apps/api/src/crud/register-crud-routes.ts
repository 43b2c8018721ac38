import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listQuerySchema, searchTextSchema, type ListQuery } from '@studio/shared';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { currentUser } from '../plugins/auth.js';
import { recordActivity } from '../plugins/activity-log.js';
import { notFound, unprocessable } from '../plugins/errors.js';
import type { AnyTable, CrudContext, CrudModule, RowOf } from './define-crud-module.js';
import { listRows, lowerEq } from './list-query.js';

/** A path id: a positive integer, or the record is simply not there (404). */
export function parseId(raw: string, what: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound(what);
  return id;
}

const idParams = z.object({ id: z.string() });

/** Body keys as the client sent them, before validation fills in schema defaults. */
const sentFields = new WeakMap<FastifyRequest, Set<string>>();
async function rememberSentFields(req: FastifyRequest): Promise<void> {
  const body = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) sentFields.set(req, new Set(Object.keys(body)));
}
const textParams = z.object({ text: searchTextSchema });

export async function findRow<T extends AnyTable>(db: Db | CrudContext['tx'], table: T, id: number): Promise<RowOf<T> | undefined> {
  const [row] = await db.select().from(table as AnyTable).where(eq(table.id, id)).limit(1);
  return row as RowOf<T> | undefined;
}

async function checkUnique(ctx: CrudContext, mod: CrudModule, values: Record<string, unknown>, selfId?: number) {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of mod.unique) {
    const value = values[field];
    if (typeof value !== 'string') continue;
    const col = mod.table[field] as AnyPgColumn;
    const [hit] = await ctx.tx
      .select({ id: mod.table.id })
      .from(mod.table)
      .where(and(lowerEq(col, value), selfId ? ne(mod.table.id, selfId) : undefined))
      .limit(1);
    if (hit) errors[field] = [message];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** The record as this caller may see it. */
export function presentRecord<T extends AnyTable>(mod: CrudModule<T>, row: RowOf<T>, req: FastifyRequest) {
  const record = mod.toRecord(row);
  return mod.view && req.user ? mod.view(record, req.user) : record;
}

/** Equality conditions for the resource's declared filters present in the query. */
export function filterCondition(mod: CrudModule, query: Record<string, unknown>): SQL | undefined {
  const keys = Object.keys(mod.resource.filters?.shape ?? {});
  return and(...keys.filter((k) => query[k] !== undefined).map((k) => eq(mod.table[k] as AnyPgColumn, query[k])));
}

/**
 * Registers GET list, GET search/{text}, GET {id}, POST, PUT {id} and DELETE {id}
 * for one module, with the resource's roles, its zod schemas as validation and
 * OpenAPI, and an activity-log line for every write.
 */
export function registerCrudRoutes(app: FastifyInstance, db: Db, mod: CrudModule): void {
  const { resource, table, hooks } = mod;
  const read = { role: resource.roles.read };
  const write = { role: resource.roles.write };
  const what = resource.singular;
  const tags = [resource.label];

  mod.routes?.(app, { db, module: mod });
  const present = (row: RowOf<typeof table>, req: FastifyRequest) => presentRecord(mod, row, req);
  const querystring = resource.filters ? listQuerySchema.extend(resource.filters.shape) : listQuerySchema;

  app.get(resource.path, { config: read, schema: { tags, querystring } }, async (req) => {
    const query = req.query as ListQuery & Record<string, unknown>;
    const { rows, paging } = await listRows<RowOf<typeof table>>(db, { ...resource, table, where: filterCondition(mod, query), query });
    const data = rows.map((r) => present(r, req));
    return paging ? { data, ...paging } : { data };
  });

  if (resource.searchable.length) {
    app.get(`${resource.path}/search/:text`, { config: read, schema: { tags, params: textParams, querystring } }, async (req) => {
      const { text } = req.params as z.infer<typeof textParams>;
      const query = { ...(req.query as ListQuery & Record<string, unknown>), q: text };
      const { rows, paging } = await listRows<RowOf<typeof table>>(db, { ...resource, table, where: filterCondition(mod, query), query });
      const data = rows.map((r) => present(r, req));
      return paging ? { data, ...paging } : { data };
    });
  }

  app.get(`${resource.path}/:id`, { config: read, schema: { tags, params: idParams } }, async (req) => {
    const row = await findRow(db, table, parseId((req.params as { id: string }).id, what));
    if (!row) throw notFound(what);
    return { data: present(row, req) };
  });

  app.post(resource.path, { config: write, schema: { tags, body: resource.create } }, async (req, reply) => {
    const user = currentUser(req);
    const created = await db.transaction(async (tx) => {
      const ctx: CrudContext = { tx, user, req };
      const input = req.body as Record<string, unknown>;
      const values = hooks.beforeCreate ? await hooks.beforeCreate(input, ctx) : input;
      await checkUnique(ctx, mod, values);
      const [row] = (await tx.insert(table).values(values).returning()) as RowOf<typeof table>[];
      await hooks.afterWrite?.('create', null, row!, ctx);
      await recordActivity(tx, { user, action: 'create', resource: resource.name, recordId: row!.id, after: mod.toRecord(row!) });
      return row!;
    });
    return reply.code(201).send({ data: present(created, req) });
  });

  app.put(`${resource.path}/:id`, { config: write, schema: { tags, params: idParams, body: resource.update }, preValidation: rememberSentFields }, async (req) => {
    const user = currentUser(req);
    const id = parseId((req.params as { id: string }).id, what);
    const updated = await db.transaction(async (tx) => {
      const ctx: CrudContext = { tx, user, req };
      const existing = await findRow(tx, table, id);
      if (!existing) throw notFound(what);
      // only the fields the client sent: the update schema's defaults (active: true, is_admin: 0) must not overwrite stored values
      const sent = sentFields.get(req);
      const input = Object.fromEntries(Object.entries(req.body as Record<string, unknown>).filter(([k]) => !sent || sent.has(k)));
      delete input.id; // the path names the record; a body id is the client echoing it
      const values = hooks.beforeUpdate ? await hooks.beforeUpdate(input, existing, ctx) : input;
      await checkUnique(ctx, mod, values, id);
      const [row] = (await tx
        .update(table)
        .set({ ...values, updated_at: new Date() })
        .where(eq(table.id, id))
        .returning()) as RowOf<typeof table>[];
      await hooks.afterWrite?.('update', existing, row!, ctx);
      await recordActivity(tx, { user, action: 'update', resource: resource.name, recordId: id, before: mod.toRecord(existing), after: mod.toRecord(row!) });
      return row!;
    });
    return { data: present(updated, req) };
  });

  app.delete(`${resource.path}/:id`, { config: write, schema: { tags, params: idParams } }, async (req) => {
    const user = currentUser(req);
    const id = parseId((req.params as { id: string }).id, what);
    await db.transaction(async (tx) => {
      const ctx: CrudContext = { tx, user, req };
      const existing = await findRow(tx, table, id);
      if (!existing) throw notFound(what);
      await hooks.beforeDelete?.(existing, ctx);
      await tx.delete(table).where(eq(table.id, id));
      await hooks.afterWrite?.('delete', existing, null, ctx);
      await recordActivity(tx, { user, action: 'delete', resource: resource.name, recordId: id, before: mod.toRecord(existing) });
    });
    return { data: { id } };
  });
}
