import { z } from 'zod';

/** Who may call a route: anyone, any signed-in staff member, or admins only. */
export type RouteRole = 'public' | 'staff' | 'admin';

export interface ResourceDefinition<
  TRecord extends z.ZodObject = z.ZodObject,
  TCreate extends z.ZodObject = z.ZodObject,
  TUpdate extends z.ZodObject = z.ZodObject,
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
  /** Text columns `search/{text}` and `?q=` look in (case-insensitive substring). */
  searchable: readonly string[];
  /** Columns a list may be sorted by. */
  sortable: readonly string[];
  /** Optional equality filters every list and search accepts as query parameters (e.g. `?outlet=store`). */
  filters?: z.ZodObject;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Who may read (list, get, search) and who may write (create, update, delete). */
  roles: { read: RouteRole; write: RouteRole };
}

/**
 * Declares a resource once; the API derives its CRUD routes and the web app its
 * list page, form and typed client from this one object.
 *
 * @example
 * export const trainingPrograms = defineResource({
 *   name: 'training-programs', path: '/api/training-programs',
 *   label: 'Program Types', singular: 'Program Type',
 *   record: trainingProgramSchema, create: trainingProgramInputSchema,
 *   searchable: ['name'], sortable: ['name', 'fee', 'created_at'],
 *   roles: { read: 'admin', write: 'admin' },
 * });
 */
export function defineResource<TRecord extends z.ZodObject, TCreate extends z.ZodObject, TUpdate extends z.ZodObject = TCreate>(def: {
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
}): ResourceDefinition<TRecord, TCreate, TUpdate> {
  return {
    ...def,
    update: (def.update ?? def.create.partial()) as TUpdate,
    defaultSort: def.defaultSort ?? { field: 'id', order: 'desc' },
  };
}

export type RecordOf<R extends ResourceDefinition> = z.infer<R['record']>;
export type CreateOf<R extends ResourceDefinition> = z.input<R['create']>;
export type UpdateOf<R extends ResourceDefinition> = z.input<R['update']>;
