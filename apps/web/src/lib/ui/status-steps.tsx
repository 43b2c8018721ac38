import { Button, Group, type MantineColor } from '@mantine/core';

/**
 * The buttons that move a record to its next statuses (a booking: confirmed, done, cancelled; an appointment:
 * arrived, done, no-show…): one per allowed step, cancelling in red, the one being sent shows it is busy.
 * `testIdPrefix` names each button `<prefix>-<status>`.
 */
export function StatusSteps<S extends string>({
  steps,
  colors,
  labels,
  sending,
  onStep,
  testIdPrefix,
}: {
  steps: readonly S[];
  colors: Record<S, MantineColor>;
  labels: Record<S, string>;
  /** the status a pending update is sending, if any */
  sending: S | undefined;
  onStep: (status: S) => Promise<unknown>;
  testIdPrefix: string;
}) {
  return (
    <Group gap="xs" wrap="wrap">
      {steps.map((s) => (
        <Button
          key={s}
          size="xs"
          variant="light"
          color={s === 'cancelled' ? 'red' : colors[s]}
          loading={sending === s}
          onClick={() => void onStep(s).catch(() => {})}
          data-testid={`${testIdPrefix}-${s}`}
        >
          {labels[s]}
        </Button>
      ))}
    </Group>
  );
}
