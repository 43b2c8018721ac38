import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconPlayerTrackNext } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { whatsappLink, whatsappNumber } from '../receipt/receipt-text';

type Key = string | number;

export interface ReminderRunProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Who the reminder goes to, as the step buttons name them. */
  name: (row: T) => string;
  phone: (row: T) => string | null | undefined;
  /** The message, typed into WhatsApp by the wa.me link. */
  text: (row: T) => string;
  /** The rows sent in this run. */
  sent: ReadonlySet<Key>;
  /** Records a reminder as sent. */
  onSent: (row: T) => void | Promise<void>;
  /**
   * Opening WhatsApp is not yet sending it: the run waits on "Mark sent" (or "Skip") before the next one. Without
   * it, opening a reminder marks it sent (the appointments' day-before reminders).
   */
  confirm?: boolean;
  /** A row's first line (a link to its record, say) and the line under it. */
  title: (row: T) => ReactNode;
  detail: (row: T) => ReactNode;
  /** Badges beside the buttons (sent, last reminded...). */
  status?: (row: T) => ReactNode;
  /** The run's own controls (a day, a window), left of the step buttons. */
  controls?: ReactNode;
  loading?: boolean;
  failed?: boolean;
  failedText?: string;
  emptyText: string;
}

/**
 * A run of WhatsApp reminders stepped through one after another: "Open next" opens the next one not sent yet (wa.me,
 * the message typed in), and with `confirm` the run then waits on "Mark sent" or "Skip"; every row can also be sent
 * on its own. The appointments' reminders and the payment reminders are both this run.
 *
 * Test ids: `reminders-count`, `reminders-next`, `reminders-mark-sent`, `reminders-skip`, `reminders-message`,
 * `reminders-list`, `reminders-empty`, `reminder-row` (with `data-key`), `reminder-send`, `reminder-mark-sent`.
 */
/** A button's words cut with an ellipsis where a long name would widen a phone's page (the whole words in its title). */
function Clipped({ children }: { children: ReactNode }) {
  return <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{children}</span>;
}

export function ReminderRun<T>(p: ReminderRunProps<T>) {
  const [opened, setOpened] = useState<Key | null>(null);
  const [passed, setPassed] = useState<ReadonlySet<Key>>(new Set());
  const [saving, setSaving] = useState<Key | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reachable = (r: T) => whatsappNumber(p.phone(r)) !== undefined;
  const current = opened === null ? undefined : p.rows.find((r) => p.rowKey(r) === opened && !p.sent.has(opened));
  const next = p.rows.find((r) => !p.sent.has(p.rowKey(r)) && !passed.has(p.rowKey(r)) && reachable(r));
  const step = current ?? next;
  const sentHere = p.rows.filter((r) => p.sent.has(p.rowKey(r))).length;

  const open = (row: T) => {
    if (p.confirm) setOpened(p.rowKey(row));
    else void markSent(row);
  };
  async function markSent(row: T) {
    const key = p.rowKey(row);
    setError(null);
    setSaving(key);
    try {
      await p.onSent(row);
      if (opened === key) setOpened(null);
    } catch (err) {
      setError(`The reminder to ${p.name(row)} was not recorded: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setSaving(null);
    }
  }
  const skip = (row: T) => {
    setPassed((s) => new Set(s).add(p.rowKey(row)));
    setOpened(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {p.controls}
          <Text fz="sm" c="dimmed" data-testid="reminders-count">
            {sentHere} of {p.rows.length} sent
          </Text>
        </Group>
        {/* no wider than the page: a long name in the button is cut, never widens a phone's screen */}
        <Group gap="xs" wrap="wrap" maw="100%" miw={0}>
          {current ? (
            <>
              <Button variant="default" leftSection={<IconPlayerTrackNext size={16} />} onClick={() => skip(current)} data-testid="reminders-skip">
                Skip
              </Button>
              <Button color="teal" leftSection={<IconCheck size={16} />} loading={saving === p.rowKey(current)} onClick={() => void markSent(current)} maw="100%" title={`Mark sent: ${p.name(current)}`} data-testid="reminders-mark-sent">
                <Clipped>Mark sent: {p.name(current)}</Clipped>
              </Button>
            </>
          ) : (
            <Button
              component="a"
              href={next ? whatsappLink(p.phone(next), p.text(next)) : undefined}
              target="_blank"
              rel="noreferrer"
              disabled={!next}
              leftSection={<IconBrandWhatsapp size={16} />}
              onClick={() => next && open(next)}
              maw="100%"
              title={next ? `Open next: ${p.name(next)}` : undefined}
              data-testid="reminders-next"
            >
              <Clipped>{next ? `Open next: ${p.name(next)}` : p.rows.length ? 'All sent' : 'Nothing to send'}</Clipped>
            </Button>
          )}
        </Group>
      </Group>
      {p.confirm && step && (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Text fz="xs" c="dimmed" mb={4}>
            {current ? `Opened in WhatsApp for ${p.name(current)}: once it is sent, mark it sent.` : `The message to ${p.name(step)}:`}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="reminders-message">
            {p.text(step)}
          </Text>
        </Paper>
      )}
      {error && (
        <Alert color="red" variant="light" withCloseButton onClose={() => setError(null)} data-testid="reminders-error">
          {error}
        </Alert>
      )}
      {p.failed && <Alert color="red">{p.failedText ?? 'The reminders could not be loaded.'}</Alert>}
      <Stack gap="xs" data-testid="reminders-list">
        {!p.loading && !p.failed && p.rows.length === 0 && (
          <Text c="dimmed" data-testid="reminders-empty">
            {p.emptyText}
          </Text>
        )}
        {p.rows.map((r) => {
          const key = p.rowKey(r);
          const done = p.sent.has(key);
          return (
            <Group
              key={key}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              p="sm"
              style={{ border: `1px solid ${key === opened ? 'var(--mantine-color-teal-filled)' : 'var(--mantine-color-default-border)'}`, borderRadius: 8 }}
              data-testid="reminder-row"
              data-key={key}
            >
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                {p.title(r)}
                <Text fz="xs" c="dimmed" component="div">
                  {p.detail(r)}
                </Text>
              </Stack>
              <Group gap="xs">
                {p.status?.(r)}
                <Button
                  size="xs"
                  variant={done ? 'default' : 'light'}
                  color="green"
                  component="a"
                  href={whatsappLink(p.phone(r), p.text(r))}
                  target="_blank"
                  rel="noreferrer"
                  disabled={!p.phone(r)}
                  leftSection={<IconBrandWhatsapp size={14} />}
                  onClick={() => open(r)}
                  data-testid="reminder-send"
                >
                  {done ? 'Send again' : 'WhatsApp'}
                </Button>
                {p.confirm && !done && (
                  <Button size="xs" variant="default" loading={saving === key} onClick={() => void markSent(r)} data-testid="reminder-mark-sent">
                    Mark sent
                  </Button>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
