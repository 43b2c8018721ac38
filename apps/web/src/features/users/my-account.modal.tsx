import { Avatar, Badge, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDevicesOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { assetUrl } from '../../lib/config';
import { notify } from '../../lib/notify';
import { ChangePasswordForm } from './change-password.modal';

/** POST /api/logout-others: every other device of this person signs in again; this one stays signed in. */
function SignOutOtherDevices() {
  const signOut = useMutation({
    mutationFn: () => api.post('/api/logout-others'),
    onSuccess: (done) => notify.success(done.message),
  });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }}>
        Signed in on a phone or computer you no longer use, or lost one? Sign it out from here.
      </Text>
      <Button variant="default" leftSection={<IconDevicesOff size={16} />} loading={signOut.isPending} onClick={() => signOut.mutate()} data-testid="logout-others">
        Sign out other devices
      </Button>
    </Group>
  );
}

/** 'My account' from the profile menu: who is signed in, a change of one's own password, signing out other devices. */
export function MyAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  return (
    <Modal opened={opened} onClose={onClose} title="My account" centered data-testid="my-account-modal">
      {user && opened && (
        <Stack>
          <Group wrap="nowrap">
            <Avatar src={assetUrl(user.profile_photo)} name={user.name} color="initials" size={64} radius={64} />
            <div>
              <Text fw={700}>{user.name}</Text>
              <Text size="sm" c="dimmed">
                @{user.username}
              </Text>
              <Group gap={6} mt={4}>
                <Badge variant="light">{user.role}</Badge>
                {user.is_admin === 1 && <Badge>Admin</Badge>}
              </Group>
            </div>
          </Group>
          <Divider label="Change password" labelPosition="left" />
          <ChangePasswordForm userId={user.id} name={user.name} own onDone={onClose} />
          <Divider label="Other devices" labelPosition="left" />
          <SignOutOtherDevices />
        </Stack>
      )}
    </Modal>
  );
}
