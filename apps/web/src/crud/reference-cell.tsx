import { Skeleton, Text } from '@mantine/core';
import type { ResourceDefinition } from '@studio/shared';
import { useReferenceOptions } from './reference-options';

/** The referenced record's name (a booking's package), from the same cached list the form's select uses; never the raw id. */
export function ReferenceCell({ referenced, id, labelField }: { referenced: ResourceDefinition; id: unknown; labelField?: string }) {
  const list = useReferenceOptions(referenced, { labelField });
  if (id === null || id === undefined || id === '') return <Text span c="dimmed" fz="inherit">—</Text>;
  const label = list.labelOf(id);
  if (label !== undefined) return label;
  if (list.isPending) return <Skeleton height={12} width={80} radius="sm" data-testid="reference-loading" />;
  // a record the list does not have (deleted, or not visible to this user)
  return <Text span c="dimmed" fz="inherit">—</Text>;
}
