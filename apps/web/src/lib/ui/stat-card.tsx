import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface StatCardProps {
  label: string;
  /** `null`: no figure (its load failed): a dash, never a zero that reads as "nothing". */
  value: ReactNode | null;
  /** A smaller line under the figure, e.g. '12 invoices'. */
  hint?: ReactNode;
  icon?: ReactNode;
  color?: string;
  loading?: boolean;
  /** While loading, a line in the hint's place (for a card that always has one): it keeps its height when the figure comes. */
  loadingHint?: boolean;
  testId?: string;
  /** The page behind the figure: the whole card is a link to it (the dashboard's cards). */
  to?: string;
}

/** One figure of a summary row (a month's sales, a staff member's total); cards stack on a phone. */
export function StatCard({ label, value, hint, icon, color = 'gold', loading, loadingHint, testId, to }: StatCardProps) {
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
        {/* while loading, the skeletons sit in lines of the figure's and the hint's own height: nothing moves when they come */}
        {loading ? (
          <Text component="div" fz={22} mt={4}>
            <Skeleton height={26} width={140} radius="sm" display="inline-block" style={{ verticalAlign: 'middle' }} />
          </Text>
        ) : (
          <Text fw={700} fz={22} mt={4} style={{ whiteSpace: 'nowrap' }} data-testid={testId ? `${testId}-value` : undefined}>
            {value ?? '—'}
          </Text>
        )}
        {hint && !loading && (
          <Text size="xs" c="dimmed" mt={2}>
            {hint}
          </Text>
        )}
        {loading && loadingHint && (
          <Text component="div" size="xs" mt={2}>
            <Skeleton height={12} width={180} radius="sm" display="inline-block" style={{ verticalAlign: 'middle' }} />
          </Text>
        )}
      </div>
      {icon && (
        <ThemeIcon size={42} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      )}
    </Group>
  );
  return to ? (
    <Card withBorder radius="md" padding="md" component={Link} to={to} data-testid={testId}>
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      {body}
    </Card>
  );
}
