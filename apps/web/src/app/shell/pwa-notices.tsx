import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { insecureTill, updateReady } from '../../lib/pwa/service-worker';
import { useSignal } from '../../lib/signal';
import classes from './pwa-notices.module.css';

/**
 * What the installed app must say on any page (issue 18): a new version is ready (reload to use it), and an address
 * where offline selling cannot work (plain HTTP from another machine; docs/deploy.md shows how to give tills HTTPS).
 */
export function PwaNotices() {
  const apply = useSignal(updateReady);
  const [insecureSeen, setInsecureSeen] = useState(() => sessionStorage.getItem('insecureSeen') === '1');
  const insecure = insecureTill() && !insecureSeen;
  if (!apply && !insecure) return null;
  return (
    <div className={classes.stack} role="region" aria-label="App notices">
      {apply && (
        <Paper withBorder shadow="md" p="sm" radius="md" data-testid="update-ready" role="status">
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Text size="sm" fw={600}>
              Update ready
            </Text>
            <Button size="xs" onClick={apply} data-testid="update-reload">
              Reload
            </Button>
          </Group>
        </Paper>
      )}
      {insecure && (
        <Paper withBorder shadow="md" p="sm" radius="md" data-testid="insecure-address" role="alert">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm">
              This address is not secure (plain HTTP), so this device cannot keep selling when the connection drops. Open
              the studio's https:// address instead (ask the admin).
            </Text>
            <CloseButton
              aria-label="Dismiss"
              onClick={() => {
                sessionStorage.setItem('insecureSeen', '1');
                setInsecureSeen(true);
              }}
            />
          </Group>
        </Paper>
      )}
    </div>
  );
}
