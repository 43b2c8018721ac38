import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { studio } from '../../lib/config';
import { StudioMark } from '../../lib/ui/studio-logo';

const ERRORS: Record<string, string> = {
  '400': 'Bad request',
  '401': 'Not signed in',
  '403': 'Not allowed',
  '404': 'Page not found',
  '500': 'Something went wrong',
  '503': 'Service unavailable',
};

/**
 * The template leftovers of spec §2 (/pages/error/404, /pages/maintenance, /pages/coming-soon):
 * plain pages that lead back to the app. They are not product features.
 */
export function TemplatePage() {
  const { kind = '', code = '' } = useParams();
  const heading = kind === 'error' ? (ERRORS[code] ?? 'Error') : kind === 'maintenance' ? 'Down for maintenance' : 'Coming soon';
  useDocumentTitle(`${heading} | ${studio.name}`);
  return (
    <Center mih="100dvh" p="md" data-testid="template-page">
      <Stack align="center" gap="sm" maw={420}>
        <StudioMark size={56} />
        {kind === 'error' && ERRORS[code] && (
          <Text fz={64} fw={800} c="gold" lh={1}>
            {code}
          </Text>
        )}
        <Title order={2} ta="center">
          {heading}
        </Title>
        <Text c="dimmed" ta="center">
          {kind === 'maintenance' ? 'The back office is being updated and will be back shortly.' : 'This page is not part of the back office.'}
        </Text>
        <Button component={Link} to="/" mt="md">
          Back to the app
        </Button>
      </Stack>
    </Center>
  );
}
