import {
  IconAddressBook,
  IconBed,
  IconBellRinging,
  IconBedFilled,
  IconBook,
  IconBookFilled,
  IconBox,
  IconBuildingBank,
  IconCash,
  IconCoinFilled,
  IconFileInvoice,
  IconFileInvoiceFilled,
  IconHeart,
  IconHeartFilled,
  IconLayoutDashboard,
  IconLayoutDashboardFilled,
  IconSchool,
  IconSchoolFilled,
  IconSettings,
  IconSettingsFilled,
  IconShoppingCart,
  IconShoppingCartFilled,
  IconTrophy,
  IconTrophyFilled,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { PAGE_ROUTES, type PageRoute } from '../page-routes';

export type MenuIcon = Icon;

interface MenuBase {
  title: string;
  icon?: MenuIcon;
  /** The filled variant, for the Rome layout. */
  filledIcon?: MenuIcon;
  badge?: { value: string; color?: string };
}
/** A group that opens to show its children. */
export interface SubItem extends MenuBase {
  type: 'sub';
  children: MenuItem[];
}
/** A route inside the app. */
export interface LinkItem extends MenuBase {
  type: 'link';
  path: string;
}
/** An outside address opened in the same tab. */
export interface ExtLinkItem extends MenuBase {
  type: 'extLink';
  url: string;
}
/** An outside address opened in a new tab. */
export interface ExtTabLinkItem extends MenuBase {
  type: 'extTabLink';
  url: string;
}
/** A section title above the next items. */
export interface HeadItem {
  type: 'head';
  title: string;
}
export type MenuItem = SubItem | LinkItem | ExtLinkItem | ExtTabLinkItem | HeadItem;

/** One entry of a menu's outline: a section title, a group, or a slot for top-level links. */
type OutlineItem =
  | HeadItem
  | { type: 'group'; title: string; icon?: MenuIcon; filledIcon?: MenuIcon; badge?: MenuBase['badge'] }
  | { type: 'slot'; key: string; icon?: MenuIcon; filledIcon?: MenuIcon };

const group = (title: string, icon?: MenuIcon, filledIcon?: MenuIcon, extra: Partial<MenuBase> = {}): OutlineItem => ({ type: 'group', title, icon, filledIcon, ...extra });
const slot = (key: string, icon?: MenuIcon, filledIcon?: MenuIcon): OutlineItem => ({ type: 'slot', key, icon, filledIcon });
const head = (title: string): OutlineItem => ({ type: 'head', title });

// no badge: the template's static pink "3" counted nothing (it was the three tills); a badge shows a real count or nothing
const pointOfSales = group('Point of Sales', IconShoppingCart, IconShoppingCartFilled);
const invoices = group('Invoices', IconFileInvoice, IconFileInvoiceFilled);
const products = group('Products', IconBox);
const clientsGroup = group('Clients', IconAddressBook);

/**
 * The outline of each menu (spec §2): sections, groups and slots in order. The links themselves come from the
 * pages (`menu` on each entry of PAGE_ROUTES, app/page-routes.ts); a group or slot no page fills is not shown.
 */
export const MENU_OUTLINES: Record<'admin' | 'staff', readonly OutlineItem[]> = {
  admin: [
    head('General'),
    slot('dashboard', IconLayoutDashboard, IconLayoutDashboardFilled),
    pointOfSales,
    invoices,
    clientsGroup,
    head('Studio'),
    group('Students', IconSchool, IconSchoolFilled),
    products,
    slot('income', IconCash, IconCoinFilled),
    slot('transfers', IconBuildingBank),
    slot('payment-reminders', IconBellRinging),
    slot('hostel', IconBed, IconBedFilled),
    group('Bookings', IconHeart, IconHeartFilled),
    slot('staff', IconUsersGroup),
    head('Setup'),
    group('Settings', IconSettings, IconSettingsFilled),
  ],
  staff: [
    head('General'),
    pointOfSales,
    invoices,
    clientsGroup,
    products,
    head('Students'),
    group('Makeup Students', IconSchool, IconSchoolFilled),
    group('Office Students', IconBook, IconBookFilled),
    group('Hostel', IconBed, IconBedFilled),
  ],
};

/** Icons of links inside a group (most have a dot). */
const LINK_ICONS: Record<string, Pick<MenuBase, 'icon' | 'filledIcon'>> = {
  '/invoices/my-performance': { icon: IconTrophy, filledIcon: IconTrophyFilled },
};

/** A role's menu: its outline filled with the pages placed in it, in the order of `pages`. */
export function buildMenu(role: 'admin' | 'staff', pages: readonly PageRoute[] = PAGE_ROUTES): MenuItem[] {
  const placed = pages.flatMap((p) => {
    const place = p.menu[role];
    return place ? [{ at: place.in, link: { type: 'link' as const, title: place.title ?? p.title, path: p.path, ...LINK_ICONS[p.path] } }] : [];
  });
  const at = (key: string): LinkItem[] => placed.filter((x) => x.at === key).map((x) => x.link);
  const items = MENU_OUTLINES[role].flatMap((o): MenuItem[] => {
    if (o.type === 'head') return [o];
    if (o.type === 'slot') return at(o.key).map((l) => ({ ...l, icon: o.icon, filledIcon: o.filledIcon }));
    const children = at(o.title);
    const { type: _t, ...base } = o;
    return children.length ? [{ ...base, type: 'sub', children }] : [];
  });
  // a section title with nothing under it (every page of it left out) is dropped
  return items.filter((item, i) => item.type !== 'head' || (items[i + 1] !== undefined && items[i + 1]!.type !== 'head'));
}

/** Where each page's `menu` points that its role's outline does not have (menu.test.ts expects none). */
export function unplacedPages(role: 'admin' | 'staff', pages: readonly PageRoute[] = PAGE_ROUTES): string[] {
  const keys = new Set(MENU_OUTLINES[role].flatMap((o) => (o.type === 'slot' ? [o.key] : o.type === 'group' ? [o.title] : [])));
  return pages.filter((p) => p.menu[role] && !keys.has(p.menu[role]!.in)).map((p) => `${p.path} -> ${p.menu[role]!.in}`);
}

/** The admin menu (spec §2 "Admin menu"). */
export const ADMIN_MENU: readonly MenuItem[] = buildMenu('admin');

/** The non-admin menu (spec §2 "Non-admin menu"). */
export const STAFF_MENU: readonly MenuItem[] = buildMenu('staff');

export function menuFor(user: { is_admin: number | string | boolean } | null | undefined): readonly MenuItem[] {
  return Number(user?.is_admin) === 1 ? ADMIN_MENU : STAFF_MENU;
}

/** Every in-app path a menu links to, in menu order. */
export function menuPaths(menu: readonly MenuItem[]): string[] {
  return menu.flatMap((item) => (item.type === 'link' ? [item.path] : item.type === 'sub' ? menuPaths(item.children) : []));
}

/** Whether a group (or link) leads to the current path: opens the right group on arrival. */
export function containsPath(item: MenuItem, pathname: string): boolean {
  if (item.type === 'link') return pathname === item.path;
  if (item.type === 'sub') return item.children.some((c) => containsPath(c, pathname));
  return false;
}

/** A stable key for a top-level item (only one top-level group is open at a time). */
export function menuKey(item: MenuItem, index: number): string {
  return `${index}:${item.title}`;
}
