import { Anchor, Group, Text } from '@mantine/core';
import { studio } from '../../lib/config';

/** The copyright line with the current year (spec §2), and the studio's contacts from build-time configuration. */
export function ShellFooter() {
  const year = new Date().getFullYear();
  return (
    <Group justify="space-between" gap="xs" px="md" py="sm" wrap="wrap" data-testid="shell-footer">
      <Text size="xs" c="dimmed">
        Copyright © {year} {studio.name}. All rights reserved.
      </Text>
      <Text size="xs" c="dimmed">
        {studio.address} · <Anchor href={`tel:${studio.phone.replace(/\s+/g, '')}`} size="xs">{studio.phone}</Anchor> · {studio.instagram}
      </Text>
    </Group>
  );
}
