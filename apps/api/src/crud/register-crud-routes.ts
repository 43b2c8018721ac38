import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEPOSIT_METHOD_REQUIRED, fieldLabel, resourceAnswers, formatNaira, listQuerySchema, searchTextSchema, studioDate, toKobo, type ListCallDef, type ListQuery, type PaymentMethod } from '@studio/shared';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { currentUser, isAdmin } from '../plugins/auth.js';
import { recordActivity } from '../plugins/activity-log.js';
import { invalidField, notFound, unprocessable } from '../plugins/errors.js';
import { idParams, parseId, rememberSentFields, sentFields } from '../plugins/request.js';
import type { AnyTable, CrudContext, CrudModule, CrudRegistry, CrudWarning, ListContext, Referrer, RowOf } from './define-crud-module.js';
export type { CrudRegistry, Referrer } from './define-crud-module.js';
import { idempotent, sendIdempotent } from './idempotency.js';
import { addLedgerLine, hasLedgerLines, registerLedgerRoutes } from './ledger.js';
import { checkDeclaredColumns, filterCondition, listRows, lowerEq, searchCondition } from './list-query.js';

const textParams = z.object({ text: searchTextSchema });

/** Thrown inside a draft's transaction to roll it back with the warnings it computed. */
class DraftWarnings {
  constructor(readonly warnings: CrudWarning[]) {}
}
const messageOf = (w: CrudWarning) => (typeof w === 'string' ? w : w.message);
/** A draft's answer: every sentence (as the save would answer them) and, of them, those to show in red. */
const draftAnswer = (warnings: CrudWarning[]) => ({
  data: { warnings: warnings.map(messageOf), danger: warnings.filter((w) => typeof w !== 'string' && w.danger).map(messageOf) },
});

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

const noRegistry: CrudRegistry = { tableOf: () => undefined, referrers: () => [], clientOwned: () => [], personalStores: () => [] };
type TableOf = CrudRegistry['tableOf'];

const columnOf = (table: Referrer['table'], field: string) => (table as unknown as Record<string, AnyPgColumn>)[field]!;

/** A record other records refer to is not deleted from under them: 422 saying by how many, never a foreign-key error. */
async function checkNotReferenced(ctx: CrudContext, mod: CrudModule, id: number, registry: CrudRegistry) {
  const uses: string[] = [];
  for (const { table, field, singular, label } of registry.referrers(mod.resource.name)) {
    const [{ n }] = (await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(columnOf(table, field), id))) as [{ n: number }];
    if (n > 0) uses.push(`${n} ${n === 1 ? singular.toLowerCase() : label.toLowerCase()}`);
  }
  if (uses.length) throw invalidField('id', `This ${mod.resource.singular.toLowerCase()} is used by ${uses.join(' and ')}: it cannot be deleted.`);
}

/** Every id field naming another resource's record must name one that exists: 422 on the field, not a foreign-key 500. */
async function checkReferences(ctx: Pick<CrudContext, 'tx'>, mod: CrudModule, values: Record<string, unknown>, tableOf: TableOf) {
  const errors: Record<string, string[]> = {};
  for (const [field, target] of Object.entries(mod.resource.references)) {
    const value = values[field];
    if (typeof value !== 'number') continue;
    const table = tableOf(target);
    if (!table) throw new Error(`${mod.resource.name}.${field} references unknown resource ${target}`);
    const [hit] = await ctx.tx.select({ id: table.id }).from(table).where(eq(table.id, value)).limit(1);
    if (!hit) errors[field] = [`The selected ${fieldLabel(field)} is invalid.`];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** The record as this caller may see it: staff never receive the resource's admin-only fields. */
export function presentRecord<T extends AnyTable>(mod: CrudModule<T>, row: RowOf<T>, req: FastifyRequest) {
  let record = mod.toRecord(row) as Record<string, unknown>;
  if (req.user && !isAdmin(req.user) && mod.resource.adminOnly.length) {
    record = Object.fromEntries(Object.entries(record).filter(([k]) => !mod.resource.adminOnly.includes(k)));
  }
  return mod.view && req.user ? mod.view(record as never, req.user) : record;
}

/** A declared list call's full path in Fastify's form. */
function routePath(basePath: string, call: ListCallDef): string {
  return call.path.startsWith('/') ? call.path : `${basePath}/${call.path}`;
}

/**
 * Registers GET list, GET search/{text}, the declared list calls, GET {id}, POST, PUT {id} and
 * DELETE {id} for one module (and its ledger's calls), with the resource's roles, its zod schemas as
 * validation and OpenAPI, and an activity-log line for every write. Every list answers through one
 * response: the caller's view of each record, the paging envelope and the declared totals.
 * Throws when the declaration names a column its table lacks, so the app does not start.
 */
export function registerCrudRoutes(fastify: FastifyInstance, db: Db, mod: CrudModule, registry: CrudRegistry = noRegistry): void {
  const tableOf: TableOf = (name) => registry.tableOf(name);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { resource, table, hooks } = mod;
  const ledger = mod.ledger;
  if (resource.ledger && !ledger) throw new Error(`${resource.name} declares a ledger its module does not keep`);
  // a create that takes money (a deposit on the ledger) is safe to retry by construction, or the app does not start
  const createFields = Object.keys(resource.create.shape);
  if (resource.ledger && createFields.includes('amount_paid') && !createFields.includes('client_ref')) {
    throw new Error(`${resource.name}'s create takes money (amount_paid) but declares no client_ref: a retry would take it twice`);
  }
  checkDeclaredColumns(resource, table, resource.ledger ? [resource.ledger.charge, 'amount_paid', 'balance'] : [], Object.keys(mod.computed?.({ today: '2000-01-01' }) ?? {}));
  for (const name of Object.keys(resource.lists)) {
    if (!mod.lists[name as never]) throw new Error(`${resource.name} declares list call ${name} but its module gives no condition`);
  }
  const read = { role: resource.roles.read };
  const write = { role: resource.roles.write };
  const what = resource.singular;
  const tags = [resource.label];
  const filterKeys = Object.keys(resource.filters?.shape ?? {});

  mod.routes?.(fastify, { db, module: mod, registry, checkReferences: (tx, values) => checkReferences({ tx }, mod, values, tableOf) });
  const present = (row: RowOf<typeof table>, req: FastifyRequest) => presentRecord(mod, row, req) as Record<string, unknown>;
  const todayOf = () => studioDate(new Date(), fastify.config.tzStudio);
  const computedOf = (today: string) => mod.computed?.({ today }) ?? {};
  /** One record with its computed fields, as every answer shows it. */
  const loadRow = async (dbOrTx: Db | CrudContext['tx'], id: number): Promise<RowOf<typeof table> | undefined> => {
    const [row] = await dbOrTx
      .select({ ...getTableColumns(table), ...computedOf(todayOf()) })
      .from(table)
      .where(eq(table.id, id))
      .limit(1);
    return row as RowOf<typeof table> | undefined;
  };
  const querystring = resource.filters ? listQuerySchema.extend(resource.filters.shape) : listQuerySchema;
  // each route's answer, built from the resource's record (decision 037): OpenAPI shows it, the serializer checks it
  const answers = resourceAnswers(resource);
  const listAnswer = { response: { 200: answers.list } };
  const oneAnswer = { response: { 200: answers.one } };
  const createdAnswer = { response: { 201: answers.one, 200: answers.one } };

  /** The one list response: filters, search, sort, paging, totals, and each record as the caller may see it. */
  async function respond(req: FastifyRequest, query: ListQuery & Record<string, unknown>, where?: SQL, order?: ListCallDef['order'], today = todayOf()) {
    const computed = computedOf(today);
    const { rows, paging, summary } = await listRows<RowOf<typeof table>>(db, {
      table,
      sortable: resource.sortable,
      searchable: resource.searchable,
      totals: resource.totals,
      totalsWhere: mod.totalsWhere,
      computed,
      defaultSort: order ?? resource.defaultSort,
      where: and(where, filterCondition(table, filterKeys, query, computed)),
      query,
    });
    const data = rows.map((r) => present(r, req));
    return { data, ...(paging ?? {}), ...(summary ? { summary } : {}) };
  }

  app.get(resource.path, { config: read, schema: { tags, querystring, ...listAnswer } }, async (req) => respond(req, req.query));

  if (resource.searchable.length) {
    app.get(`${resource.path}/search/:text`, { config: read, schema: { tags, params: textParams, querystring, ...listAnswer } }, async (req) =>
      respond(req, { ...req.query, q: req.params.text }),
    );
  }

  for (const [name, call] of Object.entries(resource.lists)) {
    const condition = mod.lists[name as never] as (params: unknown, ctx: ListContext) => SQL | undefined;
    app.get(
      routePath(resource.path, call),
      { config: { role: call.role ?? resource.roles.read }, schema: { tags, summary: call.label, params: call.params ?? z.object({}), querystring, ...listAnswer } },
      async (req) => {
        const today = todayOf();
        const computed = computedOf(today);
        const ctx: ListContext = {
          req,
          user: currentUser(req),
          today,
          search: (text) => searchCondition(table, resource.searchable, text),
          field: (f) => computed[f] ?? (table[f] as AnyPgColumn),
        };
        return respond(req, req.query, condition(req.params, ctx), call.order, today);
      },
    );
  }

  const referrers = registry.referrers(resource.name);
  if (referrers.length) {
    /**
     * How many records of each referring resource use each record (trainees of a program, bookings of a
     * package): the settings screens show it, and a record in use is not deleted.
     */
    app.get(`${resource.path}/usage`, { config: read, schema: { tags, summary: 'How many records use each one', response: { 200: answers.usage } } }, async () => {
      const counts = new Map<number, Record<string, number>>();
      for (const { table: from, field, name } of referrers) {
        const col = columnOf(from, field);
        const rows = (await db
          .select({ id: col, n: sql<number>`count(*)::int` })
          .from(from)
          .where(sql`${col} is not null`)
          .groupBy(col)) as { id: number; n: number }[];
        for (const { id, n } of rows) {
          const entry = counts.get(id) ?? {};
          entry[name] = (entry[name] ?? 0) + Number(n);
          counts.set(id, entry);
        }
      }
      return {
        data: [...counts.entries()].sort(([a], [b]) => a - b).map(([id, by]) => ({ id, by, total: Object.values(by).reduce((a, b) => a + b, 0) })),
      };
    });
  }

  if (resource.countPath) {
    app.get(`${resource.path}/${resource.countPath}`, { config: read, schema: { tags, summary: `How many ${resource.label.toLowerCase()}`, response: { 200: answers.count } } }, async () => {
      const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(table)) as [{ n: number }];
      return { data: Number(n) };
    });
  }

  if (ledger) registerLedgerRoutes(fastify, db, mod, async (id, req, tx) => present((await loadRow(tx ?? db, id))!, req));

  app.get(`${resource.path}/:id`, { config: read, schema: { tags, params: idParams, ...oneAnswer } }, async (req) => {
    const row = await loadRow(db, parseId(req.params.id, what));
    if (!row) throw notFound(what);
    return { data: present(row, req) };
  });

  const withWarnings = async (row: RowOf<typeof table>, ctx: CrudContext, body: { data: Record<string, unknown> }) =>
    hooks.warnings ? { ...body, warnings: (await hooks.warnings(row, ctx)).map(messageOf) } : body;

  if (hooks.warnings) {
    const warningsOf = hooks.warnings;
    /**
     * What saving a draft would warn of (a double booking, a patch test's reaction), before Save: the draft is
     * written as the create or update would write it, inside a transaction that is then rolled back, so the
     * warnings are the save's own (nothing is kept: no record, no client made by phone, no log line; only an id of
     * the table's sequence is spent). A deposit is no part of it.
     */
    const dryRun = async (req: FastifyRequest, write: (ctx: CrudContext) => Promise<number>) => {
      const user = currentUser(req);
      try {
        await db.transaction(async (tx) => {
          const ctx: CrudContext = { tx, user, req, registry };
          const id = await write(ctx);
          throw new DraftWarnings(await warningsOf((await loadRow(tx, id))!, ctx));
        });
      } catch (e) {
        if (e instanceof DraftWarnings) return draftAnswer(e.warnings);
        throw e;
      }
      throw new Error('a draft transaction committed');
    };
    const draftSummary = `What saving this ${what.toLowerCase()} would warn of, without saving it`;
    app.post(`${resource.path}/warnings`, { config: write, schema: { tags, summary: draftSummary, body: resource.create, response: { 200: answers.draft } } }, async (req) => {
      const { client_ref: _ref, amount_paid: _paid, payment_method: _method, ...input }: Record<string, unknown> = { ...req.body };
      return dryRun(req, async (ctx) => {
        const values = hooks.beforeCreate ? await hooks.beforeCreate(input, ctx) : input;
        await checkUnique(ctx, mod, values);
        await checkReferences(ctx, mod, values, tableOf);
        const [inserted] = (await ctx.tx.insert(table).values(values).returning({ id: table.id })) as { id: number }[];
        return inserted!.id;
      });
    });
    app.post(`${resource.path}/:id/warnings`, { config: write, schema: { tags, summary: `${draftSummary} (an edit)`, params: idParams, body: resource.update, response: { 200: answers.draft } }, preValidation: rememberSentFields }, async (req) => {
      const id = parseId(req.params.id, what);
      const input = sentFields(req, req.body);
      delete input.id;
      delete input.client_ref;
      delete input.amount_paid;
      delete input.balance;
      return dryRun(req, async (ctx) => {
        const [existing] = (await ctx.tx.select().from(table).where(eq(table.id, id))) as RowOf<typeof table>[];
        if (!existing) throw notFound(what);
        const values = hooks.beforeUpdate ? await hooks.beforeUpdate(input, existing, ctx) : input;
        await checkUnique(ctx, mod, values, id);
        await checkReferences(ctx, mod, values, tableOf);
        await ctx.tx
          .update(table)
          .set({ ...values, updated_at: new Date() })
          .where(eq(table.id, id));
        return id;
      });
    });
  }

  app.post(resource.path, { config: write, schema: { tags, body: resource.create, ...createdAnswer } }, async (req, reply) => {
    const user = currentUser(req);
    const { client_ref: clientRef, ...body }: Record<string, unknown> = { ...req.body };
    // a create that may take money (a deposit, a finance entry) declares client_ref: a retry answers the first result
    const result = await idempotent(db, { scope: `${resource.name}.create`, clientRef: typeof clientRef === 'string' ? clientRef : undefined, request: body, userId: user.id }, async (tx) => {
      const ctx: CrudContext = { tx, user, req, registry };
      const input: Record<string, unknown> = { ...body };
      // a deposit taken with the record is its ledger's first line, not a column written by hand
      const deposit = ledger ? Number(input.amount_paid ?? 0) : 0;
      // never a default: a deposit names its method (the schemas' depositRule; this holds for a schema without it)
      const depositMethod = (input.payment_method as PaymentMethod | null | undefined) ?? null;
      if (deposit > 0 && depositMethod === null) throw invalidField('payment_method', DEPOSIT_METHOD_REQUIRED);
      if (ledger) {
        delete input.amount_paid;
        delete input.payment_method;
      }
      const values = hooks.beforeCreate ? await hooks.beforeCreate(input, ctx) : input;
      await checkUnique(ctx, mod, values);
      await checkReferences(ctx, mod, values, tableOf);
      const [inserted] = (await tx.insert(table).values(values).returning({ id: table.id })) as { id: number }[];
      const id = inserted!.id;
      const row = (await loadRow(tx, id))!;
      await hooks.afterWrite?.('create', null, row, ctx);
      await recordActivity(tx, { user, action: 'create', resource: resource.name, recordId: id, after: mod.toRecord(row) });
      if (!(ledger && deposit > 0 && depositMethod)) return { status: 201, body: await withWarnings(row, ctx, { data: present(row, req) }) };
      await addLedgerLine(tx, mod, id, { amount: deposit, method: depositMethod, date: todayOf(), note: `Paid with the ${what.toLowerCase()}` }, user, { field: 'amount_paid' });
      const paid = (await loadRow(tx, id))!;
      return { status: 201, body: await withWarnings(paid, ctx, { data: present(paid, req) }) };
    });
    return sendIdempotent(reply, result);
  });

  /** A PUT, or an action's change of some fields: the same locks, checks, hooks, log line and answer. */
  async function update(req: FastifyRequest, id: number, input: Record<string, unknown>, logAs = 'update') {
    const user = currentUser(req);
    return db.transaction(async (tx) => {
      const ctx: CrudContext = { tx, user, req, registry };
      // locked: a payment committing meanwhile cannot slip under a lowered charge
      const [existing] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as RowOf<typeof table>[];
      if (!existing) throw notFound(what);
      delete input.id; // the path names the record; a body id is the client echoing it
      delete input.client_ref; // a create's retry key, never a column
      if (ledger) {
        // only payments change them (contract §4)
        delete input.amount_paid;
        delete input.balance;
      }
      const values = hooks.beforeUpdate ? await hooks.beforeUpdate(input, existing, ctx) : input;
      if (resource.ledger) {
        const charge = resource.ledger.charge;
        const next = values[charge];
        if (typeof next === 'number' && toKobo(next) < toKobo(Number(existing.amount_paid))) {
          throw invalidField(charge, `The ${fieldLabel(charge)} cannot be less than the ${formatNaira(Number(existing.amount_paid))} already paid.`);
        }
      }
      await checkUnique(ctx, mod, values, id);
      await checkReferences(ctx, mod, values, tableOf);
      await tx
        .update(table)
        .set({ ...values, updated_at: new Date() })
        .where(eq(table.id, id));
      const row = (await loadRow(tx, id))!;
      await hooks.afterWrite?.('update', existing, row, ctx);
      await recordActivity(tx, { user, action: logAs, resource: resource.name, recordId: id, before: mod.toRecord(existing), after: mod.toRecord(row) });
      return withWarnings(row, ctx, { data: present(row, req) });
    });
  }

  app.put(`${resource.path}/:id`, { config: write, schema: { tags, params: idParams, body: resource.update, ...oneAnswer }, preValidation: rememberSentFields }, async (req) => {
    const id = parseId(req.params.id, what);
    // only the fields the client sent: the update schema's defaults (active: true, is_admin: 0) must not overwrite stored values
    return update(req, id, sentFields(req, req.body));
  });

  for (const action of Object.values(resource.actions)) {
    app.post(`${resource.path}/${action.path}`, { config: { role: action.role ?? resource.roles.write }, schema: { tags, summary: action.label, body: action.body, ...oneAnswer } }, async (req) => {
      const id = Number(req.body.id);
      return update(req, id, action.toUpdate(req.body), action.log);
    });
  }

  app.delete(`${resource.path}/:id`, { config: write, schema: { tags, params: idParams, response: { 200: answers.deleted } } }, async (req) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, what);
    await db.transaction(async (tx) => {
      const ctx: CrudContext = { tx, user, req, registry };
      const existing = await findRow(tx, table, id);
      if (!existing) throw notFound(what);
      if (ledger) {
        const [hit] = await tx.select({ yes: sql<boolean>`${hasLedgerLines(ledger.table, id)}` }).from(sql`(select 1) as one`);
        if (hit?.yes) throw invalidField('id', `This ${what.toLowerCase()} has payments on record and cannot be deleted: its payments must stay accounted for.`);
      }
      await hooks.beforeDelete?.(existing, ctx);
      if (await hooks.archiveInstead?.(existing, ctx)) {
        await recordActivity(tx, { user, action: 'archive', resource: resource.name, recordId: id, before: mod.toRecord(existing) });
        return;
      }
      await checkNotReferenced(ctx, mod, id, registry);
      await tx.delete(table).where(eq(table.id, id));
      await hooks.afterWrite?.('delete', existing, null, ctx);
      await recordActivity(tx, { user, action: 'delete', resource: resource.name, recordId: id, before: mod.toRecord(existing) });
    });
    return { data: { id } };
  });
}
