import { ActionIcon, Avatar, Burger, Group, Text, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconChevronDown, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { type CurrentUser, isAdmin } from '../../lib/auth-store';
import { assetUrl } from '../../lib/config';
import { useLoadedAfterPaint } from '../../lib/preloadable';
import { LaterTooltip } from '../../lib/ui/later-tooltip';
import { StudioLogo } from '../../lib/ui/studio-logo';
import { useLatch } from '../../lib/use-latch';
import type { LayoutStyle } from './layout-style';
import type { MenuItem } from './menu';
import { HeaderMenu, MegaMenu, ProfileMenu } from './menus.lazy';
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
        {layout.nav === 'header' && !viewport.narrow && (
          <Suspense fallback={null}>
            <HeaderMenu menu={menu} />
          </Suspense>
        )}
        {showMega && (
          <Suspense fallback={null}>
            <MegaMenu admin={isAdmin(user)} />
          </Suspense>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <SyncPillButton compact={viewport.narrow} />
        <LaterTooltip label={dark ? 'Light mode' : 'Dark mode'}>
          <ActionIcon variant="default" size="lg" radius="xl" onClick={() => setColorScheme(dark ? 'light' : 'dark')} aria-label="Toggle light and dark mode" data-testid="color-scheme-toggle" data-scheme={scheme}>
            {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
          </ActionIcon>
        </LaterTooltip>
        <ProfileMenuSlot user={user} narrow={viewport.narrow} onAccount={() => setAccountOpen(true)} onLogout={logout} />
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

/** The avatar's button; with the profile menu once its chunk has come (a press before that opens it when it comes). */
function ProfileMenuSlot({ user, narrow, onAccount, onLogout }: { user: CurrentUser; narrow: boolean; onAccount: () => void; onLogout: () => void }) {
  const [pressed, setPressed] = useState(false);
  const ready = useLoadedAfterPaint(ProfileMenu, pressed);
  const target = (
    <UnstyledButton className={classes.profileButton} data-testid="profile-menu" onClick={ready ? undefined : () => setPressed(true)}>
      <Group gap={8} wrap="nowrap">
        <Avatar src={assetUrl(user.profile_photo) ?? DEFAULT_AVATAR} alt={user.name} radius="xl" size={36} data-testid="profile-photo" />
        {!narrow && (
          <div style={{ minWidth: 0, maxWidth: 160 }}>
            <Text size="sm" fw={600} truncate="end" data-testid="profile-name">
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" data-testid="profile-role">
              {user.role}
            </Text>
          </div>
        )}
        {!narrow && <IconChevronDown size={14} />}
      </Group>
    </UnstyledButton>
  );
  if (!ready) return target;
  return <ProfileMenu target={target} user={user} opened={pressed} onAccount={onAccount} onLogout={onLogout} />;
}
