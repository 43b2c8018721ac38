import { ActionIcon, Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { studio } from '../config';
import { useGoBack } from '../use-go-back';
import { LaterTooltip } from './later-tooltip';

/** A page's title row: back button (previous route, or the dashboard), the menu title, and actions. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const goBack = useGoBack();
  useDocumentTitle(`${title} | ${studio.name}`);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <LaterTooltip label="Back">
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={goBack} aria-label="Back" data-testid="back-button">
            <IconArrowLeft size={20} />
          </ActionIcon>
        </LaterTooltip>
        <Title order={2} size="h3" data-testid="page-title">
          {title}
        </Title>
      </Group>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
