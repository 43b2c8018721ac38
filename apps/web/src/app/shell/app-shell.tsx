import { AppShell, Box } from '@mantine/core';
import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { afterPaint } from '../../lib/after-load';
import { useStudioSettings } from '../../lib/settings-queries';
import { refreshCurrentUser, useCurrentUser } from '../../lib/auth-store';
import { registerServiceWorker } from '../../lib/pwa/service-worker';
import { useLatch } from '../../lib/use-latch';
import { BackToTop } from './back-to-top';
import { ShellFooter } from './footer';
import { ShellHeader } from './header';
import { LAYOUT_STYLES, chooseLayout } from './layout-style';
import { menuFor } from './menu';
import { HorizontalMenu, NavbarMenu } from './menus.lazy';
import { useOfflineSync } from './offline-sales';
import { PwaNotices } from './pwa-notices';
import { useViewport } from './use-viewport';
import classes from './app-shell.module.css';

const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

const HEADER_HEIGHT = 64;
const HORIZONTAL_MENU_HEIGHT = 48;

/**
 * The shell around every signed-in screen (spec §2): header, sidebar (or the layout's own menu),
 * content, footer and back-to-top. `?layout=NAME` picks the arrangement (contract §6); under 991 px
 * every layout uses the slide-over sidebar.
 */
export { preloadWideMenus } from './menus.lazy';

export function ShellLayout() {
  const user = useCurrentUser()!;
  const location = useLocation();
  const viewport = useViewport();
  const [layoutName, setLayoutName] = useState(() => chooseLayout(location.search));
  const [seenSearch, setSeenSearch] = useState(location.search);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menu = menuFor(user);
  const layout = LAYOUT_STYLES[layoutName];
  // the studio's settings are read once a signed-in page is drawn: every time is written on the studio's clock (issue 34,
  // item 7), and a device that learns a clock other than the one it kept draws the page again on it
  const clock = useStudioSettings().settings.time_format;

  // a new ?layout= in the address switches the layout; adjusted while rendering, not in an effect (one render, not two)
  if (seenSearch !== location.search) {
    setSeenSearch(location.search);
    if (new URLSearchParams(location.search).has('layout')) setLayoutName(chooseLayout(location.search));
  }

  // another page opens at its top (a sidebar click must not land 1,100 px down); back and forward keep the browser's place
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.pathname, navigationType]);

  // the till's outbox is sent whenever the server answers, from any page (issue 18)
  useOfflineSync();
  // name, role and photo may have changed since sign-in; a revoked token shows the 'Session TimeOut' modal.
  // The stored user is the session: an offline start shows the app without waiting for this.
  // Asked once the shell is on screen, so that the request does not hold up its first paint.
  useEffect(() => {
    const cancel = afterPaint(() => void refreshCurrentUser().catch(() => undefined));
    // the installable, offline app (issue 18): precached files, an update offered when a new deploy is ready
    registerServiceWorker();
    return cancel;
  }, []);

  const nav = viewport.narrow ? 'drawer' : layout.nav;
  const hasNavbar = nav === 'sidebar' || nav === 'icons';
  const navWidth = nav === 'icons' ? 84 : layout.sidebarWidth;
  const navOpened = hasNavbar ? !collapsed : drawerOpen;
  const drawerShown = nav !== 'sidebar' && nav !== 'icons' && drawerOpen;
  // the drawer's chunk loads when it is first opened, and it stays mounted to close with its transition
  const drawerWanted = useLatch(drawerShown);
  const toggleNav = () => (hasNavbar ? setCollapsed((c) => !c) : setDrawerOpen((o) => !o));
  const headerHeight = HEADER_HEIGHT + (nav === 'horizontal' ? HORIZONTAL_MENU_HEIGHT : 0);

  return (
    <AppShell
      header={{ height: headerHeight }}
      navbar={hasNavbar ? { width: navWidth, breakpoint: 0, collapsed: { desktop: collapsed, mobile: collapsed } } : undefined}
      padding={layout.compact ? 'sm' : 'md'}
      className={classes.shell}
      data-layout={layout.name}
      data-tone={layout.tone}
      data-nav={nav}
      data-boxed={layout.boxed || undefined}
      data-testid="app-shell"
    >
      <AppShell.Header className={classes.header}>
        <Box h={HEADER_HEIGHT}>
          <ShellHeader user={user} menu={menu} layout={layout} viewport={viewport} navOpened={navOpened} onToggleNav={toggleNav} />
        </Box>
        {nav === 'horizontal' && (
          <Box h={HORIZONTAL_MENU_HEIGHT} className={classes.horizontalBar}>
            <Suspense fallback={null}>
              <HorizontalMenu menu={menu} filledIcons={layout.filledIcons} />
            </Suspense>
          </Box>
        )}
      </AppShell.Header>

      {hasNavbar && (
        <AppShell.Navbar className={classes.navbar} data-testid="sidebar">
          <Suspense fallback={null}>
            <NavbarMenu icons={nav === 'icons'} menu={menu} filledIcons={layout.filledIcons} />
          </Suspense>
        </AppShell.Navbar>
      )}

      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerShown} onClose={() => setDrawerOpen(false)} menu={menu} filledIcons={layout.filledIcons} tone={layout.tone} />
        </Suspense>
      )}

      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <Outlet key={clock} />
        </div>
        <ShellFooter />
      </AppShell.Main>
      <PwaNotices />
      <BackToTop />
    </AppShell>
  );
}
