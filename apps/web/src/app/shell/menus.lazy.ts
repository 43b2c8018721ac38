import { preloadable } from '../../lib/preloadable';

// The shell's menus are chunks of their own (Mantine's Menu, Tooltip, NavLink and ScrollArea, floating-ui and the
// focus trap come with them): a phone's first screen draws none of them (its menu is the drawer, its profile menu a
// button until the page has been drawn), so it does not wait for their code (issue 20, item 5: the dashboard on a
// phone). A wide screen, which draws the sidebar or the menu bar at once, fetches them with the shell (router.tsx:
// `preloadWideMenus`), and they are drawn with it, in the same render.
const navMenu = () => import('./nav-menu');
const headerMenus = () => import('./header-menus');

export const NavbarMenu = preloadable(() => navMenu().then((m) => m.NavbarMenu));
export const HorizontalMenu = preloadable(() => navMenu().then((m) => m.HorizontalMenu));
export const HeaderMenu = preloadable(() => navMenu().then((m) => m.HeaderMenu));
export const MegaMenu = preloadable(() => headerMenus().then((m) => m.MegaMenu));
export const ProfileMenu = preloadable(() => headerMenus().then((m) => m.ProfileMenu));

/** Fetches every menu's chunk; settles when they have come (or failed: the menus then load when drawn). */
export function preloadWideMenus(): Promise<unknown> {
  return Promise.all([NavbarMenu, HorizontalMenu, HeaderMenu, MegaMenu, ProfileMenu].map((menu) => menu.preload().catch(() => undefined)));
}
