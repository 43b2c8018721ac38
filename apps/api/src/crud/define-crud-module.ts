import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyPgColumn, PgTable, PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { ErasedValue, ListCallDef, RecordOf, ResourceDefinition } from '@studio/shared';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import type { UserRow } from '../plugins/auth.js';
import type { LedgerTable } from '../db/ledger.table.js';

export interface CrudContext {
  tx: Tx;
  user: UserRow;
  req: FastifyRequest;
  /** The other resources (the client-owned tables for a client's delete). */
  registry: CrudRegistry;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = PgTableWithColumns<any> & PgTable & { id: AnyPgColumn };
export type RowOf<T extends AnyTable> = T['$inferSelect'];
type Values = Record<string, unknown>;

/** Where a resource differs from plain CRUD. Every hook runs inside the write's transaction. */
export interface CrudHooks<T extends AnyTable, R extends ResourceDefinition> {
  /** Validated POST body to column values (hash a password, fill a derived column). */
  beforeCreate?(input: z.infer<R['create']>, ctx: CrudContext): Promise<Values> | Values;
  /** Validated PUT body to the column values to change. */
  beforeUpdate?(input: z.infer<R['update']>, existing: RowOf<T>, ctx: CrudContext): Promise<Values> | Values;
  /** Throw (422) to refuse a delete, e.g. a record still in use. */
  beforeDelete?(existing: RowOf<T>, ctx: CrudContext): Promise<void> | void;
  /**
   * A DELETE of a record whose history must stay (a product with sales or a stock ledger): archive it
   * here and return true, and the row is kept (the answer is the delete's, the log line `archive`).
   */
  archiveInstead?(existing: RowOf<T>, ctx: CrudContext): Promise<boolean> | boolean;
  /** After the row is written, in the same transaction (revoke tokens, write a ledger line). */
  afterWrite?(action: 'create' | 'update' | 'delete', before: RowOf<T> | null, after: RowOf<T> | null, ctx: CrudContext): Promise<void> | void;
  /**
   * Sentences the create or update answer carries as `warnings` (allowed, but worth a look: an artist booked twice
   * that day). A `{ message, danger: true }` is one a form shows in red (a patch test that showed a reaction); the
   * save's answer carries its message like any other. With this hook the module also answers
   * `POST {path}/warnings` and `POST {path}/{id}/warnings`: the same sentences for a draft, nothing saved.
   */
  warnings?(row: RowOf<T>, ctx: CrudContext): Promise<CrudWarning[]> | CrudWarning[];
}

/** A warning: a sentence, or one marked to be shown as a danger. */
export type CrudWarning = string | { message: string; danger: boolean };

type ParamsOf<L> = L extends { params: infer P extends z.ZodObject } ? z.infer<P> : Record<string, never>;

/** The condition of each list call the resource declares, given its zod-checked params. */
export type ListConditions<R extends ResourceDefinition> = {
  [K in keyof R['lists']]: (params: ParamsOf<R['lists'][K]>, ctx: ListContext) => SQL | undefined;
};

/** What a list condition may use besides its params. */
export interface ListContext {
  req: FastifyRequest;
  user: UserRow;
  /** The studio's today (`YYYY-MM-DD`, its time zone). */
  today: string;
  /** The resource's search (`search/{text}`) as a condition, for a list call's own search variant. */
  search(text: string): SQL | undefined;
  /** A computed field's expression (or a column), to filter on it. */
  field(name: string): SQL | AnyPgColumn;
}

/** Fields computed in SQL on every read (a trainee's status from today), so lists filter and sort on them. */
export type ComputedFields<K extends string = string> = (ctx: { today: string }) => Record<K, SQL>;
type ListsOption<R extends ResourceDefinition> = keyof R['lists'] extends never ? { lists?: ListConditions<R> } : { lists: ListConditions<R> };
export type { ListCallDef };

export interface CrudModule<T extends AnyTable = AnyTable, R extends ResourceDefinition = ResourceDefinition> {
  resource: R;
  table: T;
  /** Row to the record the API returns: by default the row's columns named in the record schema, dates as ISO strings. */
  toRecord(row: RowOf<T>): RecordOf<R>;
  hooks: CrudHooks<T, R>;
  /** What a given caller may see of a record (e.g. staff never see cost prices). Applied to every read and write answer. */
  view?: (record: RecordOf<R>, user: UserRow) => RecordOf<R>;
  /** Case-insensitive unique text columns, answered with a 422 on the field. */
  unique: readonly { field: string; message: string }[];
  /** Calls beyond CRUD, registered before the generic ones. */
  routes?: (app: FastifyInstance, ctx: RoutesContext<T, R>) => void;
  /** The condition of each declared list call. */
  lists: Partial<ListConditions<R>>;
  /** The payment ledger, when the resource declares one. */
  ledger?: LedgerModule<T>;
  computed?: ComputedFields;
  /** The rows a list's declared totals sum (default: every row listed). */
  totalsWhere?: SQL;
  /** Other tables that carry some of the resource's declared `references` (see `defineCrudModule`). */
  referencesAlsoIn: readonly ReferenceCarrier[];
  /** Lines under its records that hold the person too, blanked by an erasure (crud/personal-data.ts). */
  personalChildren?: ClientOwned['children'];
}

/**
 * A table besides the resource's own whose rows carry some of its declared reference columns (a restock's supplier on
 * its stock movement, `restockDetailFields`): each such row is a use of the record it names, counted in that record's
 * `usage` and refusing its delete like the resource's own rows. `name` keys it in the usage answer.
 */
export interface ReferenceCarrier {
  table: PgTable;
  name: string;
  singular: string;
  label: string;
}

/** What a module's own routes get besides the app. */
export interface RoutesContext<T extends AnyTable = AnyTable, R extends ResourceDefinition = ResourceDefinition> {
  db: Db;
  module: CrudModule<T, R>;
  /** The other resources, from the registry (the clients' merge and erase walk its client-owned tables). */
  registry: CrudRegistry;
  /** A 422 on each field of `values` named in the resource's `references` whose record does not exist (as CRUD checks them). */
  checkReferences(tx: Tx, values: Record<string, unknown>): Promise<void>;
}

/** Dates as ISO 8601 with offset; everything else as stored. */
export function serializeRow(row: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

/**
 * The default row-to-record mapping: the record schema's fields taken from the row (computed fields
 * included), dates as ISO strings. A module whose record has computed fields passes it as `toRecord`.
 */
export function recordPicker<R extends ResourceDefinition>(resource: R): (row: Record<string, unknown>) => RecordOf<R> {
  const keys = Object.keys(resource.record.shape);
  return (row) => {
    const s = serializeRow(row);
    return Object.fromEntries(keys.map((k) => [k, s[k] ?? null])) as RecordOf<R>;
  };
}

type Serialized<Row> = { [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K] };

/**
 * Declares how a shared resource is stored. The table's row must match the shared
 * record schema, or `toRecord` must be given: a drift between the two fails `tsc`.
 *
 * @example
 * export const trainingProgramsModule = defineCrudModule({
 *   resource: trainingPrograms,
 *   table: trainingProgramsTable,
 * });
 */
export function defineCrudModule<T extends AnyTable, R extends ResourceDefinition>(
  def: {
    resource: R;
    table: T;
    hooks?: CrudHooks<T, R>;
    view?: CrudModule<T, R>['view'];
    unique?: CrudModule<T, R>['unique'];
    routes?: CrudModule<T, R>['routes'];
    ledger?: LedgerModule<T>;
    /** Fields computed in SQL; a record with them needs `toRecord` (e.g. `recordPicker(resource)`). */
    computed?: ComputedFields;
    /** The rows a list's declared totals sum, when not every row listed (bookings: not the cancelled ones). */
    totalsWhere?: SQL;
    /** Other tables carrying some of the declared reference columns: their rows count as uses too. */
    referencesAlsoIn?: readonly ReferenceCarrier[];
    /** Lines under its records that copy the person (a certificate's name), blanked by an erasure like the record. */
    personalChildren?: ClientOwned['children'];
  } & ListsOption<R> &
    (Serialized<RowOf<T>> extends RecordOf<R> ? { toRecord?: (row: RowOf<T>) => RecordOf<R> } : { toRecord: (row: RowOf<T>) => RecordOf<R> }),
): CrudModule<T, R> {
  const pick = recordPicker<R>(def.resource);
  return {
    resource: def.resource,
    table: def.table,
    toRecord: def.toRecord ?? pick,
    hooks: def.hooks ?? {},
    view: def.view,
    unique: def.unique ?? [],
    routes: def.routes,
    lists: (def.lists ?? {}) as Partial<ListConditions<R>>,
    ledger: def.ledger,
    computed: def.computed,
    totalsWhere: def.totalsWhere,
    referencesAlsoIn: def.referencesAlsoIn ?? [],
    personalChildren: def.personalChildren,
  };
}

/** How a module keeps its ledger: the table, and where it differs (a cancelled booking takes no payment). */
export interface LedgerModule<T extends AnyTable = AnyTable> {
  table: LedgerTable;
  /** Throw (422) to refuse a new payment on this parent. */
  beforePayment?(parent: RowOf<T>): void;
  /**
   * Throw (422 on `payment`) to refuse reversing a line of this parent: its money was spent (an appointment's deposit
   * counted at its check-out, a completed booking's payments). Asked of every negative line, whoever writes it: the
   * reversal call and a transfer flagged not received alike, so no path gives the same money back twice.
   */
  beforeReversal?(parent: RowOf<T>): void;
  /** After a payment (not a reversal) is kept, in its transaction: what else it changes (a pending booking's first payment confirms it). */
  afterPayment?(tx: Tx, parent: RowOf<T>, user: UserRow): Promise<void>;
}

/** The rows of `table` whose `field` names a record of another resource: uses of that record. */
export interface Referrer {
  table: AnyTable | ReferenceCarrier['table'];
  field: string;
  /** The usage answer's key: the referring resource's name (or its carrier's). */
  name: string;
  singular: string;
  label: string;
}

/** What the registry knows of the other resources: their tables (reference checks) and who refers to whom (deletes). */
export interface CrudRegistry {
  tableOf(resourceName: string): AnyTable | undefined;
  /** Tables with a column naming `resourceName`'s records: the referring modules' own and their `referencesAlsoIn`. */
  referrers(resourceName: string): Referrer[];
  /** The tables whose records belong to a client, and the JSON stores that may name one (crud/personal-data.ts). */
  clientOwned(): readonly ClientOwned[];
  personalStores(): readonly PersonalJsonStore[];
}
/** A table whose records belong to a client. */
export interface ClientOwned {
  /** The resource's name (the activity log's `resource` of its records). */
  resource: string;
  /** Words for the history when the resource gives no presenter of its own. */
  label: string;
  table: AnyTable;
  /** The column naming the client. */
  client: string;
  /** The columns it was typed with (linked to a client by phone: the backfill). */
  name?: string;
  phone?: string;
  /** Each personal column and what an erasure writes over it. */
  erase: Readonly<Record<string, ErasedValue>>;
  /** The export's key for these records. */
  exportKey: string;
  /** Its payment lines (exported with each record; their notes are blanked by an erasure). */
  ledger?: LedgerTable;
  /** Lines under its records that hold free text about the person, blanked by an erasure (a sale's payment references). */
  children?: readonly { table: PgTable; parent: string; erase: Readonly<Record<string, ErasedValue>> }[];
  /** The export's rows when not the table's own (a sale with its items and payments). */
  exportRows?: (tx: DbOrTx, clientIds: number[]) => Promise<unknown[]>;
  /** Its date column, newest first in a generic history (default `created_at`). */
  date?: string;
}

/** A JSON column elsewhere that may hold a person's details in what it stored (an offline sale waiting for review). */
export interface PersonalJsonStore {
  table: PgTable;
  key: string;
  columns: readonly string[];
}

