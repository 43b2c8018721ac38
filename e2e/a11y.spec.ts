import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers';
import { STUDIO_TZ, type SeededStudio, seedStudio } from './seed';

// Every route of both menus (spec §2; apps/web/src/app/shell/menu.ts), checked against the rendered menu below.
const ADMIN_ROUTES = [
  '/dashboard/main',
  '/dashboard/point-of-sales/store',
  '/dashboard/point-of-sales/office',
  '/dashboard/point-of-sales/salon',
  '/invoices/product-invoices/store',
  '/invoices/product-invoices/office',
  '/invoices/product-invoices/salon',
  '/invoices/staff-performances',
  '/students/makeup/list',
  '/students/office-students/list',
  '/products/manage/store',
  '/products/manage/office',
  '/products/manage/salon',
  '/finances/income-expenses',
  '/users/hostel-users',
  '/bookings/manage',
  '/bookings/packages',
  '/users/profile-list',
  '/programs/list-types',
  '/training-session/list-sessions',
  '/programs/extra-list/office',
  '/programs/extra-list/hostel',
];
const STAFF_ROUTES = [
  '/dashboard/point-of-sales/store',
  '/dashboard/point-of-sales/office',
  '/dashboard/point-of-sales/salon',
  '/invoices/product-invoices/store',
  '/invoices/product-invoices/office',
  '/invoices/product-invoices/salon',
  '/invoices/my-performance',
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

type Scheme = 'light' | 'dark';
interface Finding {
  rule: string;
  impact: string;
  nodes: number;
  /** The first few elements, for the failure message; `all` goes to A11Y_COUNTS_FILE. */
  targets: string[];
  all: string[];
}

/** Serious and critical axe-core findings on the page as it is now (WCAG 2.x A/AA and best practices, plus the label-in-name rule). */
async function seriousFindings(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const all = v.nodes.map((n) => `${n.target.join(' ')} :: ${n.html.slice(0, 160)} :: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
      return { rule: v.id, impact: v.impact!, nodes: v.nodes.length, targets: all.slice(0, 5), all };
    });
}

/**
 * Figures per route and scheme (elements with a serious or critical finding), added to A11Y_COUNTS_FILE when it is
 * set, for the report. Read and written each time: Playwright starts a new worker after a failed test.
 */
function record(key: string, scheme: Scheme, findings: Finding[]) {
  const file = process.env.A11Y_COUNTS_FILE;
  if (!file) return;
  const counts = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}) as Record<string, Partial<Record<Scheme, { elements: number; rules: string[]; nodes: string[] }>>>;
  (counts[key] ??= {})[scheme] = { elements: findings.reduce((n, f) => n + f.nodes, 0), rules: findings.map((f) => `${f.rule} ×${f.nodes}`), nodes: findings.flatMap((f) => f.all.map((a) => `${f.rule} ${a}`)) };
  fs.writeFileSync(file, JSON.stringify(counts, null, 2));
}

/** Waits until the page has loaded what it shows: no loader, no pending request, no busy region. */
async function settle(page: Page) {
  // the 3 s loader's timers run late on a busy machine
  await expect(page.getByTestId('app-loader')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0, { timeout: 15_000 });
  // colour transitions end before contrast is measured
  await page.waitForTimeout(350);
}

const strip = (problems: Record<string, Finding[]>) => Object.fromEntries(Object.entries(problems).map(([k, list]) => [k, list.map(({ all: _all, ...f }) => f)]));

async function schemeOf(page: Page): Promise<Scheme> {
  return ((await page.locator('html').getAttribute('data-mantine-color-scheme')) ?? 'light') as Scheme;
}

/** Checks the route in the scheme it opens in, switches the scheme with the header's toggle and checks again. */
async function checkRoute(page: Page, key: string, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await settle(page);
  const problems: Record<string, Finding[]> = {};
  for (let i = 0; i < 2; i += 1) {
    const scheme = await schemeOf(page);
    const findings = await seriousFindings(page);
    record(key, scheme, findings);
    if (findings.length) problems[scheme] = findings;
    if (i === 0) {
      await page.getByTestId('color-scheme-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme === 'light' ? 'dark' : 'light');
      await page.waitForTimeout(350);
    }
  }
  expect(strip(problems), `serious or critical axe findings on ${path}`).toEqual({});
}

interface Seeded {
  studio: SeededStudio;
  admin: string;
  staff: string;
}
let states: Seeded;

async function contextFor(browser: Browser, who: 'admin' | 'staff') {
  return browser.newContext({ storageState: JSON.parse(states[who]!), timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });
}

test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });
// two full axe runs a route, on two shared cores
test.describe.configure({ timeout: 180_000 });

// seeded once per run: a failed test starts a new worker, which finds the signed-in states in this run's output folder
test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const saved = path.join(testInfo.project.outputDir, 'a11y-seeded.json');
  if (fs.existsSync(saved)) {
    states = JSON.parse(fs.readFileSync(saved, 'utf8')) as Seeded;
    return;
  }
  const admin = await browser.newPage({ timezoneId: STUDIO_TZ });
  await signIn(admin);
  const seeded = await seedStudio(admin);
  const adminState = JSON.stringify(await admin.context().storageState());
  const staff = await browser.newPage({ timezoneId: STUDIO_TZ });
  await signIn(staff, seeded.staff.username, seeded.staff.password);
  // a sale of the staff member's own, for My Performance
  const sale = await apiAs(staff, 'POST', '/api/orders', { outlet: 'store', customer_name: `Staff buyer ${seeded.tag}`, items: [{ product_id: seeded.products.store.id, quantity: 1 }], payment_method: 'pos', amount_paid: 4500 });
  expect(sale.status).toBe(201);
  states = { studio: seeded, admin: adminState, staff: JSON.stringify(await staff.context().storageState()) };
  fs.mkdirSync(testInfo.project.outputDir, { recursive: true });
  fs.writeFileSync(saved, JSON.stringify(states));
  await admin.context().close();
  await staff.context().close();
});

test.describe('axe-core: no serious or critical findings, light and dark', () => {
  test('the login page', async ({ page }) => {
    const problems: Record<string, Finding[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.addInitScript((s) => localStorage.setItem('color-scheme', s), scheme);
      await page.goto('/auth/login');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.getByRole('heading', { name: 'Sign in to account' })).toBeVisible();
      await page.waitForTimeout(350);
      const findings = await seriousFindings(page);
      record('login /auth/login', scheme, findings);
      if (findings.length) problems[scheme] = findings;
    }
    expect(strip(problems), 'serious or critical axe findings on the login page').toEqual({});
  });

  test('the menus list exactly the routes checked here', async ({ browser }) => {
    for (const [who, routes] of [
      ['admin', ADMIN_ROUTES],
      ['staff', STAFF_ROUTES],
    ] as const) {
      const context = await contextFor(browser, who);
      const page = await context.newPage();
      await page.goto(routes[0]!);
      await expect(page.getByTestId('app-loader')).toHaveCount(0, { timeout: 20_000 });
      const paths = await page.getByTestId('sidebar').locator('[data-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
      expect(paths.sort()).toEqual([...routes].sort());
      await context.close();
    }
  });

  for (const [who, routes] of [
    ['admin', ADMIN_ROUTES],
    ['staff', STAFF_ROUTES],
  ] as const) {
    for (const path of routes) {
      test(`${who} ${path}`, async ({ browser }) => {
        const context = await contextFor(browser, who);
        const page = await context.newPage();
        await checkRoute(page, `${who} ${path}`, path);
        await context.close();
      });
    }
  }
});
