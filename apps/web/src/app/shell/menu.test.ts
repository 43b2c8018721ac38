import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, lazyPage } from '../page-routes';
import { ADMIN_MENU, type MenuItem, STAFF_MENU, buildMenu, containsPath, menuFor, menuPaths, unplacedPages } from './menu';
import type { PageRoute } from '../page-routes';

/** spec §2 "Admin menu", route by route. */
const SPEC_ADMIN_ROUTES = [
  '/dashboard/main',
  '/dashboard/point-of-sales/store',
  '/dashboard/point-of-sales/office',
  '/dashboard/point-of-sales/salon',
  '/invoices/product-invoices/store',
  '/invoices/product-invoices/office',
  '/invoices/product-invoices/salon',
  '/invoices/staff-performances',
  // issue 21: clients and the appointment book
  '/appointments/book',
  '/appointments/reminders',
  '/clients/list',
  '/students/makeup/list',
  '/students/office-students/list',
  '/products/manage/store',
  '/products/manage/office',
  '/products/manage/salon',
  '/finances/income-expenses',
  // issue 17, item 5: beyond spec §2
  '/finances/transfers',
  '/finances/reminders',
  '/users/hostel-users',
  '/bookings/manage',
  '/users/profile-list',
  '/programs/list-types',
  '/training-session/list-sessions',
  '/bookings/packages',
  '/programs/extra-list/office',
  '/programs/extra-list/hostel',
];

/** spec §2 "Non-admin menu". */
const SPEC_STAFF_ROUTES = [
  '/dashboard/point-of-sales/store',
  '/dashboard/point-of-sales/office',
  '/dashboard/point-of-sales/salon',
  '/invoices/product-invoices/store',
  '/invoices/product-invoices/office',
  '/invoices/product-invoices/salon',
  '/invoices/my-performance',
  '/appointments/book',
  '/appointments/reminders',
  '/clients/list',
  '/products/manage/store',
  '/products/manage/office',
  '/products/manage/salon',
  '/students/makeup/insession',
  '/students/makeup/owe',
  '/students/office-students/insession',
  '/students/office-students/owing',
  '/users/hostel-users/insession',
  '/users/hostel-users/owing',
];

/** Routes only in the admin menu: staff must never see them. */
const ADMIN_ONLY = SPEC_ADMIN_ROUTES.filter((p) => !SPEC_STAFF_ROUTES.includes(p));

const sorted = (xs: readonly string[]) => [...xs].sort();
/**
 * Links beyond spec §2: pages declared since (a resource added by `npm run new:resource`, placed by its `menu`).
 * The spec's routes are all there; a new page needs no edit here (the registry tests below hold it to PAGE_ROUTES).
 */
const beyondSpec = (paths: readonly string[], spec: readonly string[]) => paths.filter((p) => !spec.includes(p));

function findLink(menu: readonly MenuItem[], path: string): MenuItem | undefined {
  for (const item of menu) {
    if (item.type === 'link' && item.path === path) return item;
    if (item.type === 'sub') {
      const found = findLink(item.children, path);
      if (found) return found;
    }
  }
  return undefined;
}

describe('ADMIN_MENU', () => {
  it('links every admin route of spec §2, each once; any other link is a page declared since (suppliers)', () => {
    const paths = menuPaths(ADMIN_MENU);
    expect(sorted(paths.filter((p) => SPEC_ADMIN_ROUTES.includes(p)))).toEqual(sorted(SPEC_ADMIN_ROUTES));
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of beyondSpec(paths, SPEC_ADMIN_ROUTES)) expect(PAGE_ROUTES.map((r) => r.path), path).toContain(path);
  });

  it('uses the spec titles for the single pages', () => {
    const titles: Record<string, string> = {
      '/dashboard/main': 'Dashboard',
      '/invoices/staff-performances': 'Staff Performances',
      '/students/makeup/list': 'Makeup Students',
      '/students/office-students/list': 'Office Students',
      '/finances/income-expenses': 'Income & Expenses',
      '/users/hostel-users': 'Manage Hostel',
      '/bookings/manage': 'Manage Bookings',
      '/users/profile-list': 'Manage Staff',
      '/programs/list-types': 'Program Types',
      '/training-session/list-sessions': 'Training Sessions',
      '/bookings/packages': 'Booking Packages',
      '/programs/extra-list/office': 'PMU Packages',
      '/programs/extra-list/hostel': 'Hostel Pricing',
    };
    for (const [path, title] of Object.entries(titles)) expect(findLink(ADMIN_MENU, path)?.title, path).toBe(title);
  });

  it('groups the point-of-sale tills under "Point of Sales"', () => {
    const group = ADMIN_MENU.find((i) => i.type === 'sub' && i.title === 'Point of Sales');
    expect(group && group.type === 'sub' ? sorted(menuPaths(group.children)) : []).toEqual(
      sorted(['/dashboard/point-of-sales/store', '/dashboard/point-of-sales/office', '/dashboard/point-of-sales/salon']),
    );
  });
});

describe('STAFF_MENU', () => {
  it('links every non-admin route of spec §2, each once; any other link is a staff page declared since', () => {
    const paths = menuPaths(STAFF_MENU);
    expect(sorted(paths.filter((p) => SPEC_STAFF_ROUTES.includes(p)))).toEqual(sorted(SPEC_STAFF_ROUTES));
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of beyondSpec(paths, SPEC_STAFF_ROUTES)) expect(PAGE_ROUTES.find((r) => r.path === path)?.access, path).toBe('staff');
  });

  it('has no admin-only path', () => {
    const paths = menuPaths(STAFF_MENU);
    for (const adminPath of ADMIN_ONLY) expect(paths).not.toContain(adminPath);
    const adminOnlyPages = PAGE_ROUTES.filter((r) => r.access === 'admin').map((r) => r.path);
    expect(paths.filter((p) => adminOnlyPages.includes(p))).toEqual([]);
  });

  it('labels the hostel owing list "Vacated" and has "My Performance"', () => {
    expect(findLink(STAFF_MENU, '/users/hostel-users/owing')?.title).toBe('Vacated');
    expect(findLink(STAFF_MENU, '/invoices/my-performance')?.title).toBe('My Performance');
  });
});

describe('menus and routes', () => {
  it('every menu path is a page route', () => {
    const routePaths = PAGE_ROUTES.map((r) => r.path);
    for (const path of [...menuPaths(ADMIN_MENU), ...menuPaths(STAFF_MENU)]) expect(routePaths, path).toContain(path);
  });

  it('every staff menu path is open to staff', () => {
    for (const path of menuPaths(STAFF_MENU)) expect(PAGE_ROUTES.find((r) => r.path === path)?.access, path).toBe('staff');
  });

  it('menuFor picks the menu by is_admin', () => {
    expect(menuFor({ is_admin: 1 })).toBe(ADMIN_MENU);
    expect(menuFor({ is_admin: 0 })).toBe(STAFF_MENU);
    expect(menuFor(null)).toBe(STAFF_MENU);
  });

  it('containsPath finds a route inside a group', () => {
    const invoices = STAFF_MENU.find((i) => i.type === 'sub' && i.title === 'Invoices')!;
    expect(containsPath(invoices, '/invoices/my-performance')).toBe(true);
    expect(containsPath(invoices, '/dashboard/point-of-sales/store')).toBe(false);
  });
});

describe('one list of pages: routes and both menus come from PAGE_ROUTES', () => {
  const roles = [
    { role: 'admin' as const, menu: ADMIN_MENU, opens: (r: PageRoute) => r.access === 'admin' || r.access === 'staff' },
    { role: 'staff' as const, menu: STAFF_MENU, opens: (r: PageRoute) => r.access === 'staff' },
  ];
  for (const { role, menu, opens } of roles) {
    it(`${role}: every page it may open is in its menu, unless the page says null (left out by spec §2)`, () => {
      const paths = menuPaths(menu);
      for (const page of PAGE_ROUTES.filter(opens)) {
        // a page open to the role says where it goes for it: undefined is a page someone forgot to place
        expect(page.menu[role], `${page.path}: menu.${role}`).not.toBeUndefined();
        if (page.menu[role] !== null) expect(paths, page.path).toContain(page.path);
      }
      expect(unplacedPages(role)).toEqual([]);
    });
    it(`${role}: every menu link has a page the role may open`, () => {
      for (const path of menuPaths(menu)) {
        const page = PAGE_ROUTES.find((r) => r.path === path);
        expect(page, path).toBeDefined();
        expect(opens(page!), path).toBe(true);
      }
    });
  }
  it('adding a page is one declaration: it shows in the menus it names, in its group', () => {
    const page: PageRoute = { path: '/suppliers/list', title: 'Suppliers', access: 'admin', page: lazyPage(async () => () => null), menu: { admin: { in: 'Settings' } } };
    const admin = buildMenu('admin', [...PAGE_ROUTES, page]);
    const settings = admin.find((i) => i.type === 'sub' && i.title === 'Settings');
    expect(settings && settings.type === 'sub' ? menuPaths(settings.children) : []).toContain('/suppliers/list');
    expect(menuPaths(buildMenu('staff', [...PAGE_ROUTES, page]))).not.toContain('/suppliers/list');
    // a place the outline does not have is reported, not silently dropped
    expect(unplacedPages('admin', [...PAGE_ROUTES, { ...page, menu: { admin: { in: 'Nowhere' } } }])).toEqual(['/suppliers/list -> Nowhere']);
  });
});

describe('menu badges', () => {
  const items = (menu: readonly MenuItem[]): MenuItem[] => menu.flatMap((item) => (item.type === 'sub' ? [item, ...items(item.children)] : [item]));

  it('show a real count or nothing: no item of either menu carries a fixed one (the template’s pink "3" counted nothing)', () => {
    for (const menu of [ADMIN_MENU, STAFF_MENU]) {
      const badged = items(menu).filter((item) => item.type !== 'head' && item.badge !== undefined);
      expect(badged.map((item) => (item.type === 'head' ? item.title : `${item.title}: ${item.badge?.value}`))).toEqual([]);
    }
  });
});
