import { Text } from '@mantine/core';

/** A small label over a bold figure (price, paid, balance) in a detail or a drawer; `caps` for an uppercase label. */
export function Figure({ label, value, testId, caps }: { label: string; value: string; testId?: string; caps?: boolean }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" {...(caps ? { tt: 'uppercase', fw: 700 } : {})}>
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
