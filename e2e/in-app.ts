import fs from 'node:fs';
import path from 'node:path';
import { type Page, type TestInfo, expect } from '@playwright/test';

// Moving around the running app as its menu does, and waiting until a page shows what it loaded: shared by the
// sweeps over every menu route (a11y.spec.ts, tables.spec.ts).

/** Colour transitions (and the loader's fade) end before anything is measured; a fixed pause was too short on a busy machine. */
export async function transitionsDone(page: Page) {
  await page.waitForTimeout(100);
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), undefined, { timeout: 15_000 });
}

const inFlight = new WeakMap<Page, number>();
/** Counts the page's requests still in flight, for `settle`. */
export function trackRequests(page: Page) {
  inFlight.set(page, 0);
  const done = () => inFlight.set(page, Math.max(0, (inFlight.get(page) ?? 0) - 1));
  page.on('request', () => inFlight.set(page, (inFlight.get(page) ?? 0) + 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Scrolls down the page half a screen at a time, then back where it was, and waits until nothing is left waiting to be
 * drawn: a long page draws its parts as they come near the screen (apps/web/src/lib/ui/near-viewport.tsx: the
 * dashboard's sections and charts), and a check of the whole page must see them all.
 */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    // back where it was found: a page restored by Back keeps its place (screens.spec)
    const found = window.scrollY;
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, found);
    await frame();
  });
  await expect(page.locator('[data-near=waiting]')).toHaveCount(0, { timeout: 15_000 });
}

/** Waits until the page has loaded what it shows: no loader, no pending request, no busy region, every part drawn. */
export async function settle(page: Page) {
  // the 3 s loader's timers run late on a busy machine
  await expect(page.getByTestId('app-loader')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await scrollThrough(page);
  // after an in-app navigation the load state is already reached: wait for the page's own requests instead
  await expect.poll(() => inFlight.get(page) ?? 0, { timeout: 15_000 }).toBe(0);
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0, { timeout: 15_000 });
  await transitionsDone(page);
}

/** Opens a route inside the running app (as a menu link does), so the 3 s start-up loader shows once per role, not per route. */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  // the last page stays on screen until the next one's chunk has loaded and it is drawn (apps/web/src/app/router.tsx, PageShown)
  await expect(page.locator('html')).toHaveAttribute('data-page', path, { timeout: 30_000 });
}

/**
 * Every route of the signed-in role's menu, read from the rendered sidebar (built from the page registry,
 * apps/web/src/app/page-routes.ts), after checking a few known ones are there (the menu really rendered).
 */
export async function menuRoutes(page: Page, known: readonly string[]): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  // the menu draws once the shell and the user are loaded: slow on a loaded CI machine
  for (const route of known) await expect(sidebar.locator(`[data-path="${route}"]`)).toBeAttached({ timeout: 30_000 });
  const routes = await sidebar.locator('[data-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
  expect(routes).toEqual(expect.arrayContaining([...known]));
  return routes;
}

/**
 * What a sweep's beforeAll seeds (records and signed-in states), once per run: a failed test starts a new worker,
 * which finds the first one's in this run's output folder instead of seeding again.
 */
export async function seededOnce<T>(testInfo: TestInfo, name: string, seed: () => Promise<T>): Promise<T> {
  const saved = path.join(testInfo.project.outputDir, `${name}-seeded.json`);
  if (fs.existsSync(saved)) return JSON.parse(fs.readFileSync(saved, 'utf8')) as T;
  const value = await seed();
  fs.mkdirSync(testInfo.project.outputDir, { recursive: true });
  fs.writeFileSync(saved, JSON.stringify(value));
  return value;
}
