import { ActionIcon, Group, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { studio } from '../config';
import { useGoBack } from '../use-go-back';

/** A page's title row: back button (previous route, or the dashboard), the menu title, and actions. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const goBack = useGoBack();
  useDocumentTitle(`${title} | ${studio.name}`);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Tooltip label="Back">
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={goBack} aria-label="Back" data-testid="back-button">
            <IconArrowLeft size={20} />
          </ActionIcon>
        </Tooltip>
        <Title order={2} size="h3" data-testid="page-title">
          {title}
        </Title>
      </Group>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
