import { Button, Group, Modal, Text } from '@mantine/core';
import { dismissSessionTimeout, sessionTimedOut } from '../../lib/api-client';
import { useSignal } from '../../lib/signal';
import { useLogout } from '../../lib/use-logout';

/** Opens on any 401 (spec §8). 'Close' or the cross dismisses it; 'Login' closes it and logs out. */
export function SessionTimeoutModal() {
  const opened = useSignal(sessionTimedOut);
  const logout = useLogout();
  const close = dismissSessionTimeout;
  return (
    <Modal opened={opened} onClose={close} title="Session TimeOut" centered zIndex={3000} data-testid="session-timeout-modal" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Text>It seems you have been logged out automatically from the server. Please go to the sign-in page to log in again.</Text>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={close} data-testid="session-timeout-close">
          Close
        </Button>
        <Button
          onClick={() => {
            close();
            logout();
          }}
          data-testid="session-timeout-login"
        >
          Login
        </Button>
      </Group>
    </Modal>
  );
}
