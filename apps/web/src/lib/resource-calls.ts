import type { LedgerPayment, Paged, RecordOf, ResourceDefinition } from '@studio/shared';
import { listPath } from '@studio/shared';
import { apiRequest, segment, type QueryValue } from './api-client';

/**
 * A resource's generic calls, typed from its declaration (decision 037): the API answers them with the schemas it
 * builds from the same record (apps/api/src/crud/register-crud-routes.ts, shared `resourceAnswers`), so the
 * record type here and the answer there are one definition. The other calls are typed from the route table
 * (`api` in api-client.ts, shared routes.ts).
 */
type Query = Record<string, QueryValue>;
/** A record as a resource's answers carry it: every record has its id (shared `recordBase`; the API's answer schema says so). */
type Answered<R extends ResourceDefinition> = RecordOf<R> & { id: number };
const dataOf = <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<{ data: T }>(path, { query, signal }).then((r) => r.data);

/** `GET {path}/usage`: how many records of each referring resource use each record. */
export interface RecordUsage {
  id: number;
  by: Record<string, number>;
  total: number;
}

/** A list's answer: the paged envelope with `?page=`, else the whole list; `summary` when the resource declares totals. */
export type ListAnswer<T> = (Paged<T> | { data: T[] }) & { summary?: { count: number } & Record<string, number> };

export const resourceCalls = {
  /** `GET {path}` (or one of its list calls' paths) with the list's query: paged when `query.page` is given. */
  list: <R extends ResourceDefinition>(resource: R, query?: Query, signal?: AbortSignal, path: string = resource.path) =>
    apiRequest<ListAnswer<Answered<R>>>(path, { query, signal }),
  /** `GET {path}` unpaged: every record the query selects. */
  all: <R extends ResourceDefinition>(resource: R, query?: Query, signal?: AbortSignal, path: string = resource.path) => dataOf<Answered<R>[]>(path, query, signal),
  /** A declared list call (`getmonth/:month`, `insession`), unpaged. */
  listCall: <R extends ResourceDefinition>(resource: R, call: (keyof R['lists'] & string) | (string & {}), params: Record<string, string | number> = {}, query?: Query, signal?: AbortSignal) =>
    dataOf<Answered<R>[]>(listPath(resource, call, params), query, signal),
  /** `GET {path}/{id}`. */
  one: <R extends ResourceDefinition>(resource: R, id: number, signal?: AbortSignal) => dataOf<Answered<R>>(`${resource.path}/${segment(id)}`, undefined, signal),
  /** `GET {path}/search/{text}`. */
  search: <R extends ResourceDefinition>(resource: R, text: string, signal?: AbortSignal) => dataOf<Answered<R>[]>(`${resource.path}/search/${segment(text)}`, undefined, signal),
  /** `GET {path}/usage`. */
  usage: (resource: ResourceDefinition, signal?: AbortSignal) => dataOf<RecordUsage[]>(`${resource.path}/usage`, undefined, signal),
  /** `GET {path}/{id}/payments`: the record's ledger lines. */
  payments: (resource: ResourceDefinition, parentId: number, signal?: AbortSignal) => {
    if (!resource.ledger) throw new Error(`${resource.name} declares no payment ledger`);
    return dataOf<LedgerPayment[]>(`${resource.path}/${segment(parentId)}/payments`, undefined, signal);
  },
  /** `DELETE {path}/{id}` → `{ id }`. */
  remove: (resource: ResourceDefinition, id: number) => apiRequest<{ data: { id: number } }>(`${resource.path}/${segment(id)}`, { method: 'DELETE' }).then((r) => r.data),
};
