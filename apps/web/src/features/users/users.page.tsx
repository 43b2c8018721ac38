import { ActionIcon, Tooltip } from '@mantine/core';
import type { User } from '@studio/shared';
import { IconKey, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { ResourceListPage } from '../../crud/resource-list-page';
import { ChangePasswordModal } from './change-password.modal';
import { ProfilePhotoModal } from './profile-photo.modal';
import { StaffDiscountLimit } from './staff-discount-limit';
import { usersUi } from './users.ui';

/** /users/profile-list: the till rules (staff discount limit), then the generic list plus two staff-only actions (password, photo). */
export function UsersPage({ title }: { title: string }) {
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const [photoFor, setPhotoFor] = useState<User | null>(null);
  return (
    <>
      <ResourceListPage
        ui={usersUi}
        title={title}
        summary={<StaffDiscountLimit />}
        rowActions={(row) => (
          <>
            <Tooltip label="Change password">
              <ActionIcon variant="subtle" color="gray" aria-label={`Change password of ${row.name}`} onClick={() => setPasswordFor(row)} data-testid="row-password">
                <IconKey size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Upload photo">
              <ActionIcon variant="subtle" color="gray" aria-label={`Upload photo of ${row.name}`} onClick={() => setPhotoFor(row)} data-testid="row-photo">
                <IconPhoto size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
      />
      <ChangePasswordModal opened={passwordFor !== null} onClose={() => setPasswordFor(null)} userId={passwordFor?.id ?? 0} name={passwordFor?.name ?? ''} own={false} />
      <ProfilePhotoModal opened={photoFor !== null} user={photoFor} onClose={() => setPhotoFor(null)} />
    </>
  );
}
