import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { menuRoutes, openInApp, seededOnce, settle, trackRequests, transitionsDone } from './in-app';
import { STUDIO_TZ, type SeededStudio, seedStudio } from './seed';

// Every route of both menus is read from the rendered sidebar (apps/web/src/app/shell/menu.ts, which
// apps/web/src/app/shell/menu.test.ts holds to spec §2), so a route added to a menu is checked here without a list to keep.
const HOME = { admin: '/dashboard/main', staff: '/dashboard/point-of-sales/store' } as const;
const SOME_ROUTES = { admin: ['/finances/income-expenses', '/bookings/manage', '/users/profile-list'], staff: ['/invoices/my-performance', '/students/makeup/owe'] } as const;

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
async function seriousFindings(page: Page, only?: readonly string[]): Promise<Finding[]> {
  // resultTypes: only the violations carry their elements (axe skips the details of passes and incomplete
  // checks), which is what this spec reads, at a fraction of the time per run
  let axe = new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] });
  if (only) axe = axe.withRules([...only]);
  const results = await axe.analyze();
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

const strip = (problems: Record<string, Finding[]>) => Object.fromEntries(Object.entries(problems).map(([k, list]) => [k, list.map(({ all: _all, ...f }) => f)]));

async function schemeOf(page: Page): Promise<Scheme> {
  return ((await page.locator('html').getAttribute('data-mantine-color-scheme')) ?? 'light') as Scheme;
}

/**
 * The rules whose outcome depends on colours. The page's elements, names, roles and labels are the same in both
 * schemes (the scheme only changes CSS variables), so the second scheme is checked with these rules alone.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** Checks the page in the scheme it is in with every rule, switches the scheme with the header's toggle and checks its colours again. */
async function checkBothSchemes(page: Page, key: string, path: string) {
  await settle(page);
  const problems: Record<string, Finding[]> = {};
  for (let i = 0; i < 2; i += 1) {
    const scheme = await schemeOf(page);
    const findings = await seriousFindings(page, i === 0 ? undefined : COLOUR_RULES);
    record(key, scheme, findings);
    if (findings.length) problems[scheme] = findings;
    if (i === 0) {
      await page.getByTestId('color-scheme-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme === 'light' ? 'dark' : 'light');
      await transitionsDone(page);
    }
  }
  expect.soft(strip(problems), `serious or critical axe findings on ${path}`).toEqual({});
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
// two full axe runs on each of up to 22 routes, on two shared cores
test.describe.configure({ timeout: 900_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  states = await seededOnce(testInfo, 'a11y', async () => {
    const admin = await browser.newPage({ timezoneId: STUDIO_TZ });
    await signIn(admin);
    const seeded = await seedStudio(admin);
    const adminState = JSON.stringify(await admin.context().storageState());
    const staff = await browser.newPage({ timezoneId: STUDIO_TZ });
    await signIn(staff, seeded.staff.username, seeded.staff.password);
    // a sale of the staff member's own, for My Performance
    const sale = await apiAs(staff, 'POST', '/api/orders', { outlet: 'store', customer_name: `Staff buyer ${seeded.tag}`, items: [{ product_id: seeded.products.store.id, quantity: 1 }], payment_method: 'pos', amount_paid: 4500 });
    expect(sale.status).toBe(201);
    const value = { studio: seeded, admin: adminState, staff: JSON.stringify(await staff.context().storageState()) };
    await admin.context().close();
    await staff.context().close();
    return value;
  });
});

test.describe('axe-core: no serious or critical findings, light and dark', () => {
  test('the login page', async ({ page }) => {
    const problems: Record<string, Finding[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.addInitScript((s) => localStorage.setItem('color-scheme', s), scheme);
      await page.goto('/auth/login');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.getByRole('heading', { name: 'Sign in to account' })).toBeVisible();
      // the start-up loader lies over the page for 3 s and then fades: checked halfway through its fade (a loaded CI
      // machine), its name's colour is a blend of the loader's and the page's
      await waitForLoader(page);
      await transitionsDone(page);
      const findings = await seriousFindings(page);
      record('login /auth/login', scheme, findings);
      if (findings.length) problems[scheme] = findings;
    }
    expect(strip(problems), 'serious or critical axe findings on the login page').toEqual({});
  });

  for (const who of ['admin', 'staff'] as const) {
    test(`every route of the ${who} menu`, async ({ browser }) => {
      const context = await contextFor(browser, who);
      const page = await context.newPage();
      trackRequests(page);
      await page.goto(HOME[who]);
      await expect(page.getByTestId('app-loader')).toHaveCount(0, { timeout: 20_000 });
      // the menu really rendered: its home and a few routes from different groups are in it
      const routes = await menuRoutes(page, [HOME[who], ...SOME_ROUTES[who]]);
      for (const path of routes) {
        await test.step(path, async () => {
          await openInApp(page, path);
          await checkBothSchemes(page, `${who} ${path}`, path);
        });
      }
      await context.close();
    });
  }

  // pages opened from a list rather than the menu
  test('a client’s page, for both roles', async ({ browser }) => {
    for (const who of ['admin', 'staff'] as const) {
      const context = await contextFor(browser, who);
      const page = await context.newPage();
      trackRequests(page);
      const path = `/clients/${states.studio.client.id}`;
      await page.goto(path);
      await expect(page.getByTestId('client-history-table')).toBeVisible({ timeout: 20_000 });
      await checkBothSchemes(page, `${who} /clients/:id`, path);
      await context.close();
    }
  });
});
