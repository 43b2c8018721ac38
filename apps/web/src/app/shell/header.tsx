import { ActionIcon, Avatar, Burger, Group, Menu, SimpleGrid, Text, Tooltip, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconChevronDown, IconLogout, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { OUTLETS, OUTLET_LABELS } from '@studio/shared';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { type CurrentUser, isAdmin } from '../../lib/auth-store';
import { assetUrl } from '../../lib/config';
import { StudioLogo } from '../../lib/ui/studio-logo';
import { useLatch } from '../../lib/use-latch';
import type { LayoutStyle } from './layout-style';
import type { MenuItem } from './menu';
import { HeaderMenu } from './nav-menu';
import { SyncPillButton, useGuardedLogout } from './offline-sales';
import type { Viewport } from './use-viewport';
import classes from './app-shell.module.css';

export const DEFAULT_AVATAR = '/default-avatar.svg';

// 'My account' loads when it is first opened: its password form brings the list of common passwords (about 240 KB),
// which no screen behind the shell needs to draw (issue 20, item 5: the dashboard on a phone)
const MyAccountModal = lazy(() => import('../../features/users/my-account.modal').then((m) => ({ default: m.MyAccountModal })));

interface HeaderProps {
  user: CurrentUser;
  menu: readonly MenuItem[];
  layout: LayoutStyle;
  viewport: Viewport;
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Logo, sidebar toggle, light/dark toggle and the profile menu (spec §2 Shell). */
export function ShellHeader({ user, menu, layout, viewport, navOpened, onToggleNav }: HeaderProps) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // sales still on this device block the sign-out until they are downloaded (issue 18)
  const [logout, logoutBlocked] = useGuardedLogout();
  const [accountOpen, setAccountOpen] = useState(false);
  const accountMounted = useLatch(accountOpen);
  const dark = scheme === 'dark';
  const showMega = !viewport.megaCollapsed && layout.nav !== 'header';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm" data-testid="shell-header">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={navOpened} onClick={onToggleNav} size="sm" aria-label="Toggle sidebar" data-testid="sidebar-toggle" />
        <Link to="/" className={classes.logoLink}>
          <StudioLogo size={34} withName={!viewport.narrow || viewport.width > 420} />
        </Link>
        {layout.nav === 'header' && !viewport.narrow && <HeaderMenu menu={menu} />}
        {showMega && <MegaMenu admin={isAdmin(user)} />}
      </Group>
      <Group gap={6} wrap="nowrap">
        <SyncPillButton compact={viewport.narrow} />
        <Tooltip label={dark ? 'Light mode' : 'Dark mode'}>
          <ActionIcon variant="default" size="lg" radius="xl" onClick={() => setColorScheme(dark ? 'light' : 'dark')} aria-label="Toggle light and dark mode" data-testid="color-scheme-toggle" data-scheme={scheme}>
            {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" width={220} withArrow>
          <Menu.Target>
            <UnstyledButton className={classes.profileButton} data-testid="profile-menu">
              <Group gap={8} wrap="nowrap">
                <Avatar src={assetUrl(user.profile_photo) ?? DEFAULT_AVATAR} alt={user.name} radius="xl" size={36} data-testid="profile-photo" />
                {!viewport.narrow && (
                  <div style={{ minWidth: 0, maxWidth: 160 }}>
                    <Text size="sm" fw={600} truncate="end" data-testid="profile-name">
                      {user.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end" data-testid="profile-role">
                      {user.role}
                    </Text>
                  </div>
                )}
                {!viewport.narrow && <IconChevronDown size={14} />}
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              {user.name} · {user.role}
            </Menu.Label>
            <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => setAccountOpen(true)} data-testid="my-account">
              My account
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout} data-testid="logout">
              Log Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {viewport.narrow && (
          <ActionIcon variant="subtle" color="red" size="lg" onClick={logout} aria-label="Log Out" data-testid="mobile-logout">
            <IconLogout size={20} />
          </ActionIcon>
        )}
      </Group>
      {accountMounted && (
        <Suspense fallback={null}>
          <MyAccountModal opened={accountOpen} onClose={() => setAccountOpen(false)} />
        </Suspense>
      )}
      {logoutBlocked}
    </Group>
  );
}

/** A wide-screen shortcut panel to every outlet's till, invoices and stock; folds away under 1199 px. */
function MegaMenu({ admin }: { admin: boolean }) {
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
