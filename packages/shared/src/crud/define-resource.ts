import { z } from 'zod';

/** Who may call a route: anyone, any signed-in staff member, or admins only. */
export type RouteRole = 'public' | 'staff' | 'admin';

export type SortOrder = { field: string; order: 'asc' | 'desc' };

/**
 * An extra list call of a resource, declared beside its fields: `getmonth/:month`, `list/:type`, `low`.
 * The API answers it through the same list response as the plain list (role view, filters, `?q=`,
 * sorting, paging envelope and the resource's totals); the module gives only its condition.
 */
export interface ListCallDef {
  /** Under the resource's path (`getmonth/:month`), or absolute (`/api/students-owing`). `:name` segments are params. */
  path: string;
  /** Zod schema of the path params: a bad value is a 422 on the param, never a 500. */
  params?: z.ZodObject;
  /** Who may call it; default the resource's read role. */
  role?: RouteRole;
  /** Order when the caller gives no `sort`; default the resource's. */
  order?: SortOrder;
  /** What the list shows, for docs and screens ("Bookings of a month"). */
  label?: string;
}

/**
 * A payment ledger under each record (bridal bookings, trainees' fees): `GET|POST {path}/{id}/payments`
 * and `POST {path}/{id}/payments/{paymentId}/reverse`. The record keeps `amount_paid` (the ledger's sum,
 * kept in the same transaction) and `balance` (its `charge` field less `amount_paid`, derived in SQL).
 */
export interface LedgerDef {
  /** The field the balance is measured against: a booking's `price`, a trainee's `fee`. */
  charge: string;
  /** Words for the screens: "Payment", "Fee payment". */
  singular: string;
}

/**
 * A one-record action posted to `{path}/{action path}` with the record's id in the body, answered like a PUT
 * (same checks, activity log and role view): `suspend { id, suspended }`, `change-session { id, session_id }`.
 */
export interface ActionDef<B extends z.ZodObject = z.ZodObject> {
  path: string;
  /** The body, with the record's `id`. */
  body: B;
  /** The fields the action changes. */
  toUpdate: (body: z.infer<B>) => Record<string, unknown>;
  /** Default the resource's write role. */
  role?: RouteRole;
  label?: string;
  /** The activity log's word for it (`check-out`); default `update`. */
  log?: string;
}

/**
 * Sample records of a resource, beside its declaration: the contract tests (`apps/api/test/resources.contract.test.ts`)
 * walk the registry and build every record they need from these, so a new resource gets the CRUD, role, sort,
 * search, reference and usage tests with no hand list (a resource without one fails those tests).
 */
export interface ResourceFixture {
  /**
   * At least three valid create bodies that differ in every sortable field (strings in one letter case, so the
   * order is the same under any collation). `n` is new on every call: put it in what must be unique (a username,
   * a phone, a SKU). Leave the reference fields out: the tests fill them with records made from the referenced
   * resource's own fixture.
   */
  examples: (n: number) => readonly Record<string, unknown>[];
  /** Which example of the referenced resource a reference takes, when not the first: `{ service_id: 2 }` (a service). */
  refs?: Readonly<Record<string, number>>;
}

/** What an erasure writes over a personal field: the words "Erased client", an empty text, or nothing (null). */
export type ErasedValue = 'erased-name' | '' | null;

/**
 * A person's data on a resource's records (NDPA 2023), declared where it lives: which column links a record to its
 * client, and what an erasure blanks. Merge, erase, export and the client's history are built from these
 * declarations (apps/api/src/crud/personal-data.ts): a resource that refers to clients is in all four with no edit of
 * the clients code. A resource whose `references` name `clients` is linked by that field even without this block.
 *
 * @example
 * personal: { client: 'client_id', name: 'client_name', phone: 'phone', erase: { client_name: 'erased-name', phone: '', email: null } }
 */
export interface PersonalDataDef {
  /** The column naming the record's client; default the `references` field that names `clients`. */
  client?: string;
  /** The columns the record was typed with (a database trigger links it to a client by this phone). */
  name?: string;
  phone?: string;
  /** Each personal column and what an erasure writes over it. Money and dates are never personal. */
  erase: Readonly<Record<string, ErasedValue>>;
  /** The key of the client's export that holds these records; default the resource's name. */
  exportKey?: string;
}

export interface ResourceDefinition<
  TRecord extends z.ZodObject = z.ZodObject,
  TCreate extends z.ZodObject = z.ZodObject,
  TUpdate extends z.ZodObject = z.ZodObject,
  TLists extends Record<string, ListCallDef> = Record<string, ListCallDef>,
> {
  /** URL and query-key root, e.g. `training-programs`. */
  name: string;
  /** API path, e.g. `/api/training-programs`. */
  path: string;
  /** Plural and singular words the screens use. */
  label: string;
  singular: string;
  /** Shape of a stored record as the API returns it. */
  record: TRecord;
  /** Body of POST. */
  create: TCreate;
  /** Body of PUT {id}: by default every create field, each optional. */
  update: TUpdate;
  /** Text columns `search/{text}` and `?q=` look in (case-insensitive substring). Checked against the table at start. */
  searchable: readonly string[];
  /** Columns a list may be sorted by. Checked against the table at start. */
  sortable: readonly string[];
  /**
   * Filters every list accepts as query parameters: `status=confirmed` (equal), `balance_min=0.01` (≥),
   * `event_date_to=2026-12-31` (≤): a key ending in `_min`/`_from` or `_max`/`_to` bounds the column it names.
   */
  filters?: z.ZodObject;
  defaultSort: SortOrder;
  /** Who may read (list, get, search) and who may write (create, update, delete). */
  roles: { read: RouteRole; write: RouteRole };
  /** Extra list calls, by name. */
  lists: TLists;
  /** Money fields every list also sums, over the whole list (not the page): `summary: { count, price, ... }`. */
  totals: readonly string[];
  /** Fields only admins receive (cost prices, profit); removed from every answer to staff. */
  adminOnly: readonly string[];
  /** Id fields naming a record of another resource, by that resource's `name`: `{ package_id: 'bridalpackages' }`. */
  references: Readonly<Record<string, string>>;
  ledger?: LedgerDef;
  /** One-record actions by name. */
  actions: Readonly<Record<string, ActionDef>>;
  /** `GET {path}/{countPath}` → `{ data: N }`, the number of records (`totalnumber`). */
  countPath?: string;
  /**
   * The order a picker (every select of this resource's records) offers them in, given the studio's today, when not
   * the list's: training sessions put the current one first.
   */
  pickerOrder?: (a: Record<string, unknown>, b: Record<string, unknown>, today: string) => number;
  /** Sample records for the contract tests. */
  fixture?: ResourceFixture;
  /** The person's data on its records (NDPA): what links a record to its client and what an erasure blanks. */
  personal?: PersonalDataDef;
}

/** The field linking a resource's records to a client: its declared `personal.client`, else a reference to `clients`. */
export function clientFieldOf(resource: Pick<ResourceDefinition, 'personal' | 'references'>): string | undefined {
  return resource.personal?.client ?? Object.entries(resource.references).find(([, target]) => target === 'clients')?.[0];
}

/**
 * Declares a resource once; the API derives its CRUD routes, list calls and ledger, and the web app
 * its list page, form and typed client from this one object.
 *
 * @example
 * export const bridalBookings = defineResource({
 *   name: 'bridalbookings', path: '/api/bridalbookings', label: 'Bookings', singular: 'Booking',
 *   record: bookingSchema, create: bookingInputSchema,
 *   searchable: ['client_name', 'phone'], sortable: ['event_date', 'balance'],
 *   lists: { getmonth: { path: 'getmonth/:month', params: z.object({ month: isoMonth() }) } },
 *   totals: ['price', 'amount_paid', 'balance'],
 *   references: { package_id: 'bridalpackages' },
 *   ledger: { charge: 'price', singular: 'Payment' },
 *   roles: { read: 'admin', write: 'admin' },
 * });
 */
export function defineResource<
  TRecord extends z.ZodObject,
  TCreate extends z.ZodObject,
  TUpdate extends z.ZodObject = TCreate,
  TLists extends Record<string, ListCallDef> = Record<never, ListCallDef>,
>(def: {
  name: string;
  path: string;
  label: string;
  singular: string;
  record: TRecord;
  create: TCreate;
  update?: TUpdate;
  searchable: readonly (keyof z.infer<TRecord> & string)[];
  sortable: readonly (keyof z.infer<TRecord> & string)[];
  filters?: z.ZodObject;
  defaultSort?: { field: keyof z.infer<TRecord> & string; order: 'asc' | 'desc' };
  roles: { read: RouteRole; write: RouteRole };
  lists?: TLists;
  /** Record fields or module-computed fields (checked when the app starts). */
  totals?: readonly string[];
  adminOnly?: readonly (keyof z.infer<TRecord> & string)[];
  references?: Partial<Record<(keyof z.infer<TCreate> | keyof z.infer<TRecord>) & string, string>>;
  ledger?: { charge: keyof z.infer<TRecord> & string; singular: string };
  actions?: Record<string, ActionDef>;
  countPath?: string;
  pickerOrder?: (a: Record<string, unknown>, b: Record<string, unknown>, today: string) => number;
  /** Checked by the contract tests against `create` (a body it refuses fails them). */
  fixture?: ResourceFixture;
  personal?: PersonalDataDef;
}): ResourceDefinition<TRecord, TCreate, TUpdate, TLists> {
  return {
    ...def,
    update: (def.update ?? def.create.partial()) as TUpdate,
    defaultSort: def.defaultSort ?? { field: 'id', order: 'desc' },
    lists: def.lists ?? ({} as TLists),
    totals: def.totals ?? [],
    adminOnly: def.adminOnly ?? [],
    references: (def.references ?? {}) as Record<string, string>,
    actions: def.actions ?? {},
    fixture: def.fixture,
    personal: def.personal,
  };
}

/** The full path of a declared list call, params filled in: `listPath(bookings, 'getmonth', { month: '2026-12' })`. */
export function listPath(resource: ResourceDefinition, call: string, params: Record<string, string | number> = {}): string {
  const def = resource.lists[call];
  if (!def) throw new Error(`${resource.name} declares no list call ${call}`);
  const path = def.path.startsWith('/') ? def.path : `${resource.path}/${def.path}`;
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${resource.name}.${call} needs ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** An action with its body's type kept (for `toUpdate`). */
export function defineAction<B extends z.ZodObject>(action: ActionDef<B>): ActionDef {
  return action as unknown as ActionDef;
}

export type RecordOf<R extends ResourceDefinition> = z.infer<R['record']>;
export type CreateOf<R extends ResourceDefinition> = z.input<R['create']>;
export type UpdateOf<R extends ResourceDefinition> = z.input<R['update']>;
