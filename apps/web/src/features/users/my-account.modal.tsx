import { Avatar, Badge, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../../lib/auth-store';
import { assetUrl } from '../../lib/config';
import { ChangePasswordForm } from './change-password.modal';

/** 'My account' from the profile menu: who is signed in, and a change of one's own password. */
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
        </Stack>
      )}
    </Modal>
  );
}
