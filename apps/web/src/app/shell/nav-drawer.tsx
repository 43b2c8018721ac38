import { Drawer } from '@mantine/core';
import { StudioLogo } from '../../lib/ui/studio-logo';
import type { NavTone } from './layout-style';
import type { MenuItem } from './menu';
import { SidebarMenu } from './nav-menu';
import classes from './app-shell.module.css';

/**
 * The slide-over sidebar (phones, and the layouts without a sidebar): a chunk of its own, loaded when the menu is first
 * opened (app-shell.tsx), so that no page waits for the drawer's code to be drawn (issue 20, item 5).
 */
export function NavDrawer({ opened, onClose, menu, filledIcons, tone }: { opened: boolean; onClose: () => void; menu: readonly MenuItem[]; filledIcons: boolean; tone: NavTone }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={290}
      padding="sm"
      title={<StudioLogo size={30} />}
      classNames={{ content: classes.navbar, header: classes.navbar }}
      data-tone={tone}
      data-testid="sidebar-drawer"
    >
      <SidebarMenu menu={menu} filledIcons={filledIcons} onNavigate={onClose} />
    </Drawer>
  );
}
