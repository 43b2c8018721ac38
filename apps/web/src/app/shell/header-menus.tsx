import { Group, Menu, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { OUTLETS, OUTLET_LABELS } from '@studio/shared';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../lib/auth-store';
import classes from './app-shell.module.css';

// The header's drop-down menus (Mantine's Menu: floating-ui, the focus trap, portals), a chunk of their own (header.tsx):
// a phone's first screen shows their buttons at once and loads the menus once it has been drawn (issue 20, item 5).

/** The profile menu: 'My account' and 'Log Out' under the avatar (spec §2 Shell); `target` is the avatar's button. */
export function ProfileMenu({ target, user, opened, onAccount, onLogout }: { target: ReactElement; user: CurrentUser; opened: boolean; onAccount: () => void; onLogout: () => void }) {
  return (
    <Menu position="bottom-end" width={220} withArrow defaultOpened={opened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user.name} · {user.role}
        </Menu.Label>
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={onAccount} data-testid="my-account">
          My account
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout} data-testid="logout">
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A wide-screen shortcut panel to every outlet's till, invoices and stock; folds away under 1199 px. */
export function MegaMenu({ admin }: { admin: boolean }) {
  return (
    <Menu position="bottom-start" width={560} trigger="click-hover" openDelay={80} closeDelay={200}>
      <Menu.Target>
        <UnstyledButton className={classes.megaButton} data-testid="mega-menu">
          <Group gap={4}>
            <Text size="sm" fw={600}>
              Outlets
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown p="sm">
        <SimpleGrid cols={3} spacing="xs">
          {OUTLETS.map((outlet) => (
            <div key={outlet}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs" mb={4}>
                {OUTLET_LABELS[outlet]}
              </Text>
              <Menu.Item component={Link} to={`/dashboard/point-of-sales/${outlet}`}>
                Point of sale
              </Menu.Item>
              <Menu.Item component={Link} to={`/invoices/product-invoices/${outlet}`}>
                Invoices
              </Menu.Item>
              <Menu.Item component={Link} to={`/products/manage/${outlet}`}>
                {admin ? 'Manage products' : 'Products'}
              </Menu.Item>
            </div>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}
