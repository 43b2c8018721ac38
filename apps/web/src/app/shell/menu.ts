import {
  IconBed,
  IconBedFilled,
  IconBook,
  IconBookFilled,
  IconBox,
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
import { ADMIN_HOME } from '../../lib/config';

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

const link = (title: string, path: string, extra: Partial<MenuBase> = {}): LinkItem => ({ type: 'link', title, path, ...extra });
const outlets = (prefix: string, words: [string, string, string]): LinkItem[] => [
  link(words[0], `${prefix}/store`),
  link(words[1], `${prefix}/office`),
  link(words[2], `${prefix}/salon`),
];

const pointOfSales: SubItem = {
  type: 'sub',
  title: 'Point of Sales',
  icon: IconShoppingCart,
  filledIcon: IconShoppingCartFilled,
  badge: { value: '3', color: 'blush' },
  children: outlets('/dashboard/point-of-sales', ['Makeup', 'PMU', 'Salon']),
};
const invoices = (extra: LinkItem[]): SubItem => ({
  type: 'sub',
  title: 'Invoices',
  icon: IconFileInvoice,
  filledIcon: IconFileInvoiceFilled,
  children: [...outlets('/invoices/product-invoices', ['Makeup', 'PMU', 'Salon']), ...extra],
});
const products: SubItem = {
  type: 'sub',
  title: 'Products',
  icon: IconBox,
  children: outlets('/products/manage', ['Makeup Products', 'PMU Products', 'Salon Products']),
};

/** The admin menu, exactly spec §2 "Admin menu". */
export const ADMIN_MENU: readonly MenuItem[] = [
  { type: 'head', title: 'General' },
  link('Dashboard', ADMIN_HOME, { icon: IconLayoutDashboard, filledIcon: IconLayoutDashboardFilled }),
  pointOfSales,
  invoices([link('Staff Performances', '/invoices/staff-performances')]),
  { type: 'head', title: 'Studio' },
  {
    type: 'sub',
    title: 'Students',
    icon: IconSchool,
    filledIcon: IconSchoolFilled,
    children: [link('Makeup Students', '/students/makeup/list'), link('Office Students', '/students/office-students/list')],
  },
  products,
  link('Income & Expenses', '/finances/income-expenses', { icon: IconCash, filledIcon: IconCoinFilled }),
  link('Manage Hostel', '/users/hostel-users', { icon: IconBed, filledIcon: IconBedFilled }),
  {
    type: 'sub',
    title: 'Bookings',
    icon: IconHeart,
    filledIcon: IconHeartFilled,
    children: [link('Manage Bookings', '/bookings/manage'), link('Booking Packages', '/bookings/packages')],
  },
  link('Manage Staff', '/users/profile-list', { icon: IconUsersGroup }),
  { type: 'head', title: 'Setup' },
  {
    type: 'sub',
    title: 'Settings',
    icon: IconSettings,
    filledIcon: IconSettingsFilled,
    children: [
      link('Program Types', '/programs/list-types'),
      link('Training Sessions', '/training-session/list-sessions'),
      link('PMU Packages', '/programs/extra-list/office'),
      link('Hostel Pricing', '/programs/extra-list/hostel'),
    ],
  },
];

/** The non-admin menu, exactly spec §2 "Non-admin menu". */
export const STAFF_MENU: readonly MenuItem[] = [
  { type: 'head', title: 'General' },
  pointOfSales,
  invoices([link('My Performance', '/invoices/my-performance', { icon: IconTrophy, filledIcon: IconTrophyFilled })]),
  products,
  { type: 'head', title: 'Students' },
  {
    type: 'sub',
    title: 'Makeup Students',
    icon: IconSchool,
    filledIcon: IconSchoolFilled,
    children: [link('In Session', '/students/makeup/insession'), link('Owing', '/students/makeup/owe')],
  },
  {
    type: 'sub',
    title: 'Office Students',
    icon: IconBook,
    filledIcon: IconBookFilled,
    children: [link('In Session', '/students/office-students/insession'), link('Owing', '/students/office-students/owing')],
  },
  {
    type: 'sub',
    title: 'Hostel',
    icon: IconBed,
    filledIcon: IconBedFilled,
    children: [link('In Session', '/users/hostel-users/insession'), link('Vacated', '/users/hostel-users/owing')],
  },
];

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
