import { resourceCalls } from '../lib/resource-calls';
import { type ResourceDefinition, resources } from '@studio/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type QueryValue } from '../lib/api-client';
import { studioDate } from '../lib/studio-time';
import { resourceKeys } from './create-resource-hooks';
import type { ReferencedRecord } from './resource-ui';

const registry: readonly ResourceDefinition[] = Object.values(resources);

/**
 * The resource a reference field names, from the shared declaration: `bridalBookings.references.package_id`
 * is `'bridalpackages'`, the registry's `bridalPackages`. Throws on a field the resource does not declare as a
 * reference (a wrong declaration, found on the first render of its form or table).
 *
 * @example
 * referencedResource(bridalBookings, 'artist_id') // users
 */
export function referencedResource(resource: ResourceDefinition, field: string): ResourceDefinition {
  const name = resource.references[field];
  if (!name) throw new Error(`${resource.name}.${field} is not declared in ${resource.name}.references`);
  const found = registry.find((r) => r.name === name);
  if (!found) throw new Error(`${resource.name}.${field} references ${name}, which is not in the resources registry`);
  return found;
}

export interface ReferenceOption {
  value: string;
  label: string;
}

export interface ReferenceOptions {
  /** Every record of the referenced resource, in the list's order. */
  records: readonly ReferencedRecord[];
  /** `{ value: '3', label: 'Bridal Gold' }` per record, for a Select. */
  options: ReferenceOption[];
  /** The record with this id, if the list has it. */
  recordOf: (id: unknown) => ReferencedRecord | undefined;
  /** The name of the record with this id; undefined while loading or when the list does not have it. */
  labelOf: (id: unknown) => string | undefined;
  isPending: boolean;
  isError: boolean;
}

/** A record's name in a select or a cell: its `labelField`, else `#id`. */
export function labelOfRecord(record: ReferencedRecord, labelField = 'name'): string {
  const label = record[labelField];
  return label === null || label === undefined || label === '' ? `#${record.id}` : String(label);
}

/**
 * May this user read the resource (and so the names a reference column shows)? Staff reading the trainees in
 * session may not read the program types: their reference columns stay off their screen, unasked (the API
 * would answer 403).
 */
export function canRead(resource: ResourceDefinition, admin: boolean): boolean {
  return admin || resource.roles.read !== 'admin';
}

/** The one query of a referenced resource's whole list, shared by the hook, the cells and a CSV export. */
function referenceListQuery(resource: ResourceDefinition, query?: Record<string, QueryValue>, path = resource.path) {
  return {
    queryKey: [...resourceKeys(resource.name).lists(), 'all', query ?? {}, ...(path === resource.path ? [] : [path])],
    queryFn: ({ signal }: { signal?: AbortSignal }) => resourceCalls.all(resource, query, signal, path),
    staleTime: 60_000,
  };
}

/**
 * The names of a resource's reference fields, for a file written outside React (a CSV export): each referenced
 * list fetched once (from the cache when the screen already has it), as `field → (id) → name`.
 *
 * @example
 * const names = await fetchReferenceLabels(queryClient, students, [{ key: 'program_id' }]);
 * names.program_id?.(3) // 'Professional makeup'
 */
export async function fetchReferenceLabels(
  client: QueryClient,
  resource: ResourceDefinition,
  fields: readonly { key: string; labelField?: string }[],
): Promise<Record<string, (id: unknown) => string | undefined>> {
  const entries = await Promise.all(
    fields.map(async ({ key, labelField }) => {
      const records = await client.fetchQuery(referenceListQuery(referencedResource(resource, key)));
      const byId = new Map(records.map((r) => [r.id, r]));
      const labelOf = (id: unknown) => {
        const record = id === null || id === undefined || id === '' ? undefined : byId.get(Number(id));
        return record ? labelOfRecord(record, labelField) : undefined;
      };
      return [key, labelOf] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The whole list of a referenced resource (GET {path} without `page`), cached once per resource under its
 * query-key root, so every select and every table cell naming a package shares one request, and saving a
 * package refreshes them. Offered in the resource's `pickerOrder` when it declares one (sessions: the current first).
 *
 * @example
 * const packages = useReferenceOptions(bridalPackages);
 * <Select data={packages.options} searchable />
 * packages.labelOf(booking.package_id) // 'Bridal Gold'
 */
export function useReferenceOptions(
  resource: ResourceDefinition,
  { labelField = 'name', query, path }: { labelField?: string; query?: Record<string, QueryValue>; path?: string } = {},
): ReferenceOptions {
  const list = useQuery(referenceListQuery(resource, query, path));
  const order = resource.pickerOrder;
  return useMemo(() => {
    const today = studioDate();
    const records = order ? [...(list.data ?? [])].sort((a, b) => order(a, b, today)) : (list.data ?? []);
    const byId = new Map(records.map((r) => [r.id, r]));
    const recordOf = (id: unknown) => (id === null || id === undefined || id === '' ? undefined : byId.get(Number(id)));
    return {
      records,
      options: records.map((r) => ({ value: String(r.id), label: labelOfRecord(r, labelField) })),
      recordOf,
      labelOf: (id: unknown) => {
        const record = recordOf(id);
        return record ? labelOfRecord(record, labelField) : undefined;
      },
      isPending: list.isPending,
      isError: list.isError,
    };
  }, [list.data, list.isPending, list.isError, labelField, order]);
}
