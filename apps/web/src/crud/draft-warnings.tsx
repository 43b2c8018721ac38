import { Alert, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ResourceDefinition } from '@studio/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { resourceKeys } from './create-resource-hooks';
import type { FormMode } from './form-values';

/** How long the form rests before the draft is checked (typing a time, a phone). */
export const DRAFT_WARNINGS_DEBOUNCE_MS = 400;

/** `POST {path}/warnings`'s answer: every sentence the save would answer, and those to show in red. */
export interface DraftWarningsAnswer {
  warnings: string[];
  danger: string[];
}

/** Fields that are no part of what a save warns of: a deposit, a retry key. */
const NOT_WARNED_OF = ['amount_paid', 'payment_method', 'client_ref'];

/**
 * The warnings the save would give (an artist booked twice, a patch test that showed a reaction), shown in the form
 * before Save, as the fields change: `POST {path}/warnings` (a new record) or `POST {path}/{id}/warnings` (an edit)
 * with the body the form would send, once it passes the shared schema. Nothing is shown while the draft is
 * incomplete; a danger (a reaction) is red, the rest orange.
 */
export function DraftWarnings({ resource, mode, id, body, valid }: { resource: ResourceDefinition; mode: FormMode; id?: number; body: Record<string, unknown>; valid: boolean }) {
  const draft = valid ? JSON.stringify(Object.fromEntries(Object.entries(body).filter(([k]) => !NOT_WARNED_OF.includes(k)))) : null;
  const [settled] = useDebouncedValue(draft, DRAFT_WARNINGS_DEBOUNCE_MS);
  const path = mode === 'edit' ? `${resource.path}/${id}/warnings` : `${resource.path}/warnings`;
  const answer = useQuery<DraftWarningsAnswer>({
    queryKey: [...resourceKeys(resource.name).all, 'draft-warnings', path, settled],
    queryFn: async ({ signal }) => (await apiRequest<{ data: DraftWarningsAnswer }>(path, { method: 'POST', body: JSON.parse(settled!) as unknown, signal, quiet: true, background: true })).data,
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
  const shown = draft !== null && settled !== null ? answer.data : undefined;
  if (!shown || shown.warnings.length === 0) return null;
  const danger = new Set(shown.danger);
  const anyDanger = shown.warnings.some((w) => danger.has(w));
  return (
    <Alert
      color={anyDanger ? 'red' : 'orange'}
      variant="light"
      mt="md"
      icon={<IconAlertTriangle size={18} />}
      title="Before you save"
      role="alert"
      data-testid="draft-warnings"
    >
      <List size="sm" spacing={4}>
        {shown.warnings.map((w) => (
          <List.Item key={w} data-testid={danger.has(w) ? 'draft-warning-danger' : 'draft-warning'}>
            <Text size="sm" c={danger.has(w) ? 'var(--mantine-color-red-text)' : undefined} fw={danger.has(w) ? 700 : undefined}>
              {w}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
