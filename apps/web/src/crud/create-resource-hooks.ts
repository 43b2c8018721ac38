import { resourceCalls } from '../lib/resource-calls';
import type { CreateOf, ListSummary, Paged, RecordOf, ResourceDefinition, UpdateOf } from '@studio/shared';
import { PER_PAGE_DEFAULT, affectedByWrite } from '@studio/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type QueryValue, apiRequest, moneyPost, segment } from '../lib/api-client';
import { notify } from '../lib/notify';

export interface ListParams {
  page?: number;
  perPage?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  q?: string;
  /** Another list path of the same resource (e.g. `/api/extra-programs/list/office`). */
  path?: string;
  /** More query parameters for that path (e.g. `{ outlet: 'salon' }`); paging, sort and search win on a clash. */
  query?: Record<string, QueryValue>;
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  page: number;
  lastPage: number;
  perPage: number;
  /** The server's `summary` of the whole list (count and the resource's `totals`), when it declares totals. */
  summary?: ListSummary;
  /** The params this page answers: a placeholder shown while another list loads answers other ones. */
  params: ListParams;
}

/**
 * Query keys rooted at the resource name, so one invalidation refreshes every list and record of it.
 *
 * @example
 * resourceKeys('users').list({ page: 2 }) // ['users', 'list', { page: 2 }]
 */
export function resourceKeys(name: string) {
  return {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (params: ListParams) => [name, 'list', params] as const,
    details: () => [name, 'detail'] as const,
    detail: (id: number) => [name, 'detail', id] as const,
    search: (text: string) => [name, 'search', text] as const,
  };
}

type ListBody<T> = (Paged<T> | { data: T[] }) & { summary?: ListSummary };

function isPaged<T>(body: ListBody<T>): body is Paged<T> & { summary?: ListSummary } {
  return typeof (body as Paged<T>).current_page === 'number';
}

/** Search, sort and page a plain (unpaged) list the same way the API pages its own lists. */
export function pageLocally<T>(rows: readonly T[], params: ListParams, searchable: readonly string[]): Omit<ListResult<T>, 'params'> {
  const perPage = params.perPage ?? PER_PAGE_DEFAULT;
  let out = [...rows];
  const q = params.q?.trim().toLowerCase();
  if (q) {
    out = out.filter((row) => searchable.some((key) => String((row as Record<string, unknown>)[key] ?? '').toLowerCase().includes(q)));
  }
  if (params.sort) {
    const key = params.sort;
    const dir = params.order === 'desc' ? -1 : 1;
    out.sort((a, b) => compare((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]) * dir);
  }
  const total = out.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, params.page ?? 1), lastPage);
  return { rows: out.slice((page - 1) * perPage, page * perPage), total, page, lastPage, perPage };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

/**
 * Typed TanStack Query hooks for one resource declared with `defineResource`:
 * GET {path}?page=&per_page=&sort=&order=&q=, GET {path}/{id}, GET {path}/search/{text},
 * POST {path}, PUT {path}/{id} (the body carries the id), DELETE {path}/{id}.
 *
 * @example
 * const staff = createResourceHooks(users);
 * const { data } = staff.useList({ page: 1, q: 'ada' });
 * const create = staff.useCreate();
 * create.mutate({ name: 'Ada', username: 'ada', role: 'Sales', password: 'secret-123' });
 */
/**
 * A create or update: the record, after showing the answer's `warnings` (allowed, but worth a look:
 * "Ada already has a booking on 2026-12-05") as a warning toast.
 */
async function writeRecord<T>(method: 'POST' | 'PUT', path: string, body: unknown, retryKey = false): Promise<T> {
  // a create that may take money (its schema declares client_ref): one key for this write, retried on a lost answer
  const answer = retryKey
    ? await moneyPost<{ data: T; warnings?: string[] }>(path, body as Record<string, unknown>)
    : await apiRequest<{ data: T; warnings?: string[] }>(path, { method, body });
  if (answer.warnings?.length) notify.warning(answer.warnings.join(' '), 'Please check');
  return answer.data;
}

/**
 * What a write to `name` calls to refresh the cache: this resource and, from the declared references, what it
 * references (their "In use" counts) and what references it (their lists show its name): affectedByWrite in
 * packages/shared. Every write of a resource's records uses it, the generic ones and a feature's own (a restock).
 */
export function useRefreshAfterWrite(name: string) {
  const client = useQueryClient();
  return () => Promise.all(affectedByWrite(name).map((n) => client.invalidateQueries({ queryKey: resourceKeys(n).all })));
}

export function createResourceHooks<R extends ResourceDefinition>(resource: R) {
  type Row = RecordOf<R>;
  const keys = resourceKeys(resource.name);
  const takesClientRef = 'client_ref' in ((resource.create as unknown as { shape?: object }).shape ?? {});

  async function fetchList(params: ListParams, signal?: AbortSignal): Promise<ListResult<Row>> {
    const perPage = params.perPage ?? PER_PAGE_DEFAULT;
    const body: ListBody<Row> = await resourceCalls.list(
      resource,
      { ...params.query, page: params.page ?? 1, per_page: perPage, sort: params.sort, order: params.order, q: params.q?.trim() || undefined },
      signal,
      params.path ?? resource.path,
    );
    const summary = body.summary;
    if (isPaged(body)) {
      return { rows: body.data, total: body.total, page: body.current_page, lastPage: Math.max(1, body.last_page), perPage: body.per_page, summary, params };
    }
    // some extra list paths answer with the whole list; page it here the same way
    return { ...pageLocally(body.data, { ...params, perPage }, resource.searchable), summary, params };
  }

  /** One page of a list in the paging envelope (what `fetchEveryPage` and a CSV export read). */
  async function fetchPaged(params: ListParams, signal?: AbortSignal): Promise<Paged<Row>> {
    const page = await fetchList(params, signal);
    return { data: page.rows, current_page: page.page, last_page: page.lastPage, per_page: page.perPage, total: page.total };
  }

  const useInvalidate = () => useRefreshAfterWrite(resource.name);

  return {
    resource,
    keys,
    fetchList,
    fetchPaged,
    useList(params: ListParams = {}) {
      return useQuery({ queryKey: keys.list(params), queryFn: ({ signal }) => fetchList(params, signal), placeholderData: keepPreviousData });
    },
    useOne(id: number | null | undefined) {
      return useQuery({
        queryKey: keys.detail(id ?? 0),
        queryFn: ({ signal }) => resourceCalls.one(resource, id!, signal),
        enabled: typeof id === 'number',
      });
    },
    useSearch(text: string) {
      return useQuery({
        queryKey: keys.search(text),
        queryFn: ({ signal }) => resourceCalls.search(resource, text, signal),
        enabled: text.trim().length > 0,
      });
    },
    useCreate() {
      const invalidate = useInvalidate();
      return useMutation({ mutationFn: (body: CreateOf<R>) => writeRecord<Row>('POST', resource.path, body, takesClientRef), onSuccess: invalidate });
    },
    useUpdate() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: ({ id, body }: { id: number; body: UpdateOf<R> }) => writeRecord<Row>('PUT', `${resource.path}/${segment(id)}`, { ...body, id }),
        onSuccess: invalidate,
      });
    },
    useDelete() {
      const invalidate = useInvalidate();
      return useMutation({ mutationFn: (id: number) => resourceCalls.remove(resource, id), onSuccess: invalidate });
    },
    /**
     * POST {path}/{action path} of a declared action (`suspend { id, suspended }`), answered with the record;
     * every list and record of the resource is refreshed.
     */
    useAction(name: keyof R['actions'] & string) {
      const action = resource.actions[name];
      if (!action) throw new Error(`${resource.name} declares no action ${name}`);
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (body: { id: number } & Record<string, unknown>) => writeRecord<Row>('POST', `${resource.path}/${action.path}`, body),
        onSuccess: invalidate,
      });
    },
  };
}

export type ResourceHooks<R extends ResourceDefinition> = ReturnType<typeof createResourceHooks<R>>;

const cache = new Map<string, unknown>();

/** The one hooks object per resource (keeps query keys and functions stable across renders). */
export function hooksFor<R extends ResourceDefinition>(resource: R): ResourceHooks<R> {
  let hooks = cache.get(resource.name) as ResourceHooks<R> | undefined;
  if (!hooks) {
    hooks = createResourceHooks(resource);
    cache.set(resource.name, hooks);
  }
  return hooks;
}
