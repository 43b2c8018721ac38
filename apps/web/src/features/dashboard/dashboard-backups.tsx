import { Alert, Badge, Group, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { DashboardBackups } from '@studio/shared';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconDatabase, IconRefreshDot } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';

/** `just now`, `35 minutes ago`, `2.4 hours ago`, `3 days ago`. */
export function hoursAgo(hours: number): string {
  if (hours < 1) {
    const m = Math.max(0, Math.round(hours * 60));
    return m === 0 ? 'just now' : `${m} minute${m === 1 ? '' : 's'} ago`;
  }
  if (hours < 48) return `${hours.toFixed(1)} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

const since = (at: string) => hoursAgo((Date.now() - new Date(at).getTime()) / 3600_000);

function megabytes(bytes: number): string {
  return bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** One of the card's three facts: an icon in the state's colour, what it is, and the detail under it. */
function Fact({ icon, color, label, value, detail, testId }: { icon: ReactNode; color: string; label: string; value: ReactNode; detail?: ReactNode; testId: string }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid={testId}>
      <ThemeIcon variant="light" color={color} size={36} radius="md">
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
        <Text size="sm" fw={600}>
          {value}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        )}
      </div>
    </Group>
  );
}

/**
 * Whether the backups need the owner: a warning, or (whatever an older server's warnings say) no copy outside this
 * computer or no restore test passed. Backups on the computer's own disk alone, never restored, are not "all good".
 */
export function backupsNeedAttention(b: DashboardBackups): boolean {
  return b.warnings.length > 0 || !b.copy.configured || b.copy.ok === false || !b.drill?.ok;
}

/** The card's badge: all good, or that something needs the owner. */
export function BackupsBadge({ b }: { b: DashboardBackups }) {
  return backupsNeedAttention(b) ? (
    <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />} data-testid="backups-status">
      Needs attention
    </Badge>
  ) : (
    <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />} data-testid="backups-status">
      All good
    </Badge>
  );
}

/**
 * The backups (GET /api/dashboard `backups`): the last one, its copy outside the computer (BACKUP_COPY_DIR), the last
 * drill, and what needs doing (a backup more than 26 hours old, a failed backup, copy or drill).
 */
export function BackupsSummary({ b }: { b: DashboardBackups }) {
  const stale = b.age_hours !== null && b.age_hours > b.stale_after_hours;
  const copy = b.copy;
  return (
    <Stack gap="sm">
      {b.warnings.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" data-testid="backups-warnings">
          {b.warnings.length === 1 ? (
            <Text size="sm">{b.warnings[0]}</Text>
          ) : (
            <List size="sm" spacing={2}>
              {b.warnings.map((w) => (
                <List.Item key={w}>{w}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Fact
          testId="backups-last"
          icon={<IconDatabase size={20} />}
          color={!b.last || stale || b.last_failure ? 'orange' : 'teal'}
          label="Last backup"
          value={b.last ? `${formatDateTime(b.last.at)} · ${since(b.last.at)}` : 'None yet'}
          detail={b.last ? `${megabytes(b.last.size)}, ${b.last.database === 'postgres' ? 'PostgreSQL' : 'embedded database'}, hourly while the server runs` : 'The server makes one within minutes of starting.'}
        />
        <Fact
          testId="backups-copy"
          icon={<IconCloudUpload size={20} />}
          color={!copy.configured ? 'gray' : copy.ok ? 'teal' : 'orange'}
          label="Copy outside this computer"
          value={!copy.configured ? 'Not set up' : copy.ok ? `Copied ${copy.at ? since(copy.at) : ''}` : copy.ok === false ? 'The copy failed' : 'Not copied yet'}
          detail={
            !copy.configured ? (
              'Plug in a USB drive and set it as the backup copy folder (ask whoever installed the app).'
            ) : copy.ok === false ? (
              copy.error
            ) : (
              `to ${copy.dir}`
            )
          }
        />
        <Fact
          testId="backups-drill"
          icon={<IconRefreshDot size={20} />}
          color={!b.drill ? 'gray' : b.drill.ok ? 'teal' : 'orange'}
          label="Restore drill"
          value={!b.drill ? 'Never run' : `${b.drill.ok ? 'Passed' : 'Failed'} ${since(b.drill.at)}`}
          detail={
            b.drill?.ok
              ? 'The newest backup was brought back in a temporary place and checked. Run a restore test again after a big change.'
              : 'Run a restore test (ask whoever installed the app): it brings the newest backup back in a temporary place and checks it, without changing anything.'
          }
        />
      </SimpleGrid>
    </Stack>
  );
}
