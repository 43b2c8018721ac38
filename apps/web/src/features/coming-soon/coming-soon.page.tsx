import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { PageHeader } from '../../lib/ui/page-header';

/** A menu entry whose screen is not built yet: the route exists and says so plainly. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div data-testid="coming-soon">
      <PageHeader title={title} />
      <Card withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={64} radius={64} variant="light">
            <IconHourglassHigh size={34} />
          </ThemeIcon>
          <Title order={3} ta="center">
            Coming soon
          </Title>
          <Text c="dimmed" ta="center" maw={460}>
            The {title} screen is being built and will appear here in a coming update.
          </Text>
        </Stack>
      </Card>
    </div>
  );
}
