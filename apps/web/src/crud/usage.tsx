import { resourceCalls } from '../lib/resource-calls';
import { Text } from '@mantine/core';
import { type ResourceDefinition, resources } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import { resourceKeys } from './create-resource-hooks';
import type { ColumnDef } from './resource-ui';

const registry: readonly ResourceDefinition[] = Object.values(resources);

/** Whether another resource refers to this one (so records can be "in use"), from the shared declarations. */
export function isReferenced(resource: ResourceDefinition): boolean {
  return registry.some((r) => Object.values(r.references ?? {}).includes(resource.name));
}

interface Usage {
  id: number;
  by: Record<string, number>;
  total: number;
}

/** How many of each resource use one record, in words: "3 Makeup Students · 1 Hostel Student". */
export function usageText(usage: Usage | undefined): string | null {
  if (!usage || usage.total === 0) return null;
  return Object.entries(usage.by)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => {
      // a resource by its words; another table carrying the reference (a restock's supplier) by its key, `restocks`
      const r = registry.find((x) => x.name === name);
      const label = r?.label ?? name[0]!.toUpperCase() + name.slice(1);
      return `${n} ${n === 1 ? (r?.singular ?? label.replace(/s$/, '')) : label}`;
    })
    .join(' · ');
}

/**
 * `GET {path}/usage` (records of other resources using each one), under the resource's query keys so a
 * change anywhere refreshes it, and the "In use" column that shows it (a record in use cannot be deleted).
 */
export function useUsageColumn<T extends { id: number }>(resource: ResourceDefinition, wanted: boolean): ColumnDef<T> | null {
  // the API has the call only for a resource another one refers to (crud/registry.ts `referrers`): a screen that asks
  // for it on one nothing refers to got a 404 toast on every open (service packages, e2e accessibility sweep)
  const enabled = wanted && isReferenced(resource);
  const usage = useQuery({
    queryKey: [...resourceKeys(resource.name).all, 'usage'],
    queryFn: ({ signal }) => resourceCalls.usage(resource, signal),
    enabled,
  });
  if (!enabled) return null;
  const byId = new Map((usage.data ?? []).map((u) => [u.id, u]));
  return {
    key: 'id',
    label: 'In use',
    render: (row) => usageText(byId.get(row.id)) ?? <Text span c="dimmed" fz="inherit">Not used</Text>,
  };
}
