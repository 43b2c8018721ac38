import { Avatar, Badge, Group, Text } from '@mantine/core';
import { OUTLETS, OUTLET_LABELS, users, formatPhone } from '@studio/shared';
import { assetUrl } from '../../lib/config';
import { formatDate } from '../../lib/format';
import { defineResourceUi } from '../../crud/resource-ui';

/** Staff accounts: /users/profile-list (Manage Staff). */
export const usersUi = defineResourceUi({
  resource: users,
  columns: [
    {
      key: 'name',
      label: 'Name',
      render: (row) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={assetUrl(row.profile_photo)} name={row.name} color="initials" radius="xl" size={34} />
          <div>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {row.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.email ?? formatPhone(row.phone)}
            </Text>
          </div>
        </Group>
      ),
    },
    { key: 'username', label: 'Username', nowrap: true },
    { key: 'role', label: 'Role', nowrap: true },
    {
      key: 'is_admin',
      label: 'Access',
      render: (row) => (
        <Badge variant={row.is_admin === 1 ? 'filled' : 'light'} color={row.is_admin === 1 ? 'gold' : 'gray'} data-testid="badge-access">
          {row.is_admin === 1 ? 'Admin' : 'Staff'}
        </Badge>
      ),
    },
    {
      key: 'active',
      label: 'Status',
      render: (row) => (
        <Badge variant="light" color={row.active ? 'teal' : 'red'} data-testid="badge-active">
          {row.active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    { key: 'created_at', label: 'Added', render: (row) => formatDate(row.created_at), nowrap: true },
  ],
  fields: [
    { name: 'name', label: 'Full name', kind: 'text', required: true },
    { name: 'username', label: 'Username', kind: 'text', required: true, description: 'Letters, numbers, dots, dashes and underscores' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'phone', label: 'Phone', kind: 'text' },
    { name: 'role', label: 'Role', kind: 'text', required: true, placeholder: 'Sales Rep, Makeup Artist, Manager...' },
    {
      name: 'outlet',
      label: 'Works at',
      kind: 'select',
      options: OUTLETS.map((o) => ({ value: o, label: OUTLET_LABELS[o] })),
      placeholder: OUTLET_LABELS.store,
      description: 'The till this staff member opens on after signing in.',
    },
    { name: 'base_pay', label: 'Base pay (a month)', kind: 'money', description: 'Before commission, in each pay run. Never shown to staff.' },
    { name: 'password', label: 'Password', kind: 'password', required: true, only: 'create', description: 'At least 8 characters' },
    { name: 'is_admin', label: 'Administrator (full access)', kind: 'flag', defaultValue: 0 },
    { name: 'active', label: 'Active (may sign in)', kind: 'boolean', defaultValue: true },
  ],
});
