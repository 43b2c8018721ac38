import crypto from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers';
import { menuRoutes, openInApp, settle, trackRequests } from './in-app';
import { STUDIO_TZ, studioDay } from './seed';

// Issue 22, item 6: screens that behave. Phone dropdowns stay inside the screen; toasts open clear of the header's
// controls; another page opens at its top; the staff lists (In session, Owing, Vacated) search.

test.use({ timezoneId: STUDIO_TZ });

const PHONE = { width: 390, height: 844 };

/** What is wider than the screen, or outside it, while a dropdown is open. */
async function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    const width = document.scrollingElement!.scrollWidth;
    if (width > vw + 1) out.push(`the page is ${width} px wide`);
    for (const pop of document.querySelectorAll<HTMLElement>('.mantine-Popover-dropdown, .mantine-Menu-dropdown, .mantine-Combobox-dropdown')) {
      if (getComputedStyle(pop).display === 'none') continue;
      const box = pop.getBoundingClientRect();
      if (box.width > 0 && (box.left < -0.5 || box.right > vw + 0.5)) out.push(`a dropdown at ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return out;
  });
}

/** Opens each dropdown inside `scope` in turn (selects, date and month pickers, menus) and reports any that leaves the screen. */
async function checkDropdowns(page: Page, scope: string, where: string) {
  const triggers = page.locator(`${scope} :is(input[aria-haspopup=listbox], button[aria-haspopup=dialog], button[aria-haspopup=menu]):visible`);
  const count = await triggers.count();
  for (let i = 0; i < count; i += 1) {
    // what was counted may change while others open and close: stop at what is still there, never wait out the test
    if (i >= (await triggers.count())) break;
    const trigger = triggers.nth(i);
    if (!(await trigger.isEnabled({ timeout: 10_000 }))) continue;
    const label = (await trigger.getAttribute('aria-label')) ?? (await trigger.getAttribute('name')) ?? (await trigger.getAttribute('data-testid')) ?? `#${i}`;
    await trigger.scrollIntoViewIfNeeded();
    await trigger.click();
    await page.waitForTimeout(250);
    expect.soft(await offScreen(page), `${where}: the ${label} dropdown`).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(150);
  }
  return count;
}

test('phone dropdowns open inside the screen: every page’s filters and every create form', async ({ page }) => {
  test.setTimeout(400_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  trackRequests(page);
  await signIn(page);
  await settle(page);
  const routes = await menuRoutes(page, ['/dashboard/main', '/students/makeup/list', '/bookings/manage']);
  await page.setViewportSize(PHONE);
  // the shell reads the window's width 1 s after resizing stops (spec §9)
  await page.waitForTimeout(1500);
  let opened = 0;
  for (const route of routes) {
    await test.step(route, async () => {
      await openInApp(page, route);
      await settle(page);
      opened += await checkDropdowns(page, 'main', route);
      const create = page.getByTestId('create-button');
      if ((await create.count()) === 1 && (await create.isVisible())) {
        await create.click();
        const form = page.getByTestId('resource-form-body');
        await expect(form).toBeVisible();
        opened += await checkDropdowns(page, '[data-testid=resource-form-body]', `${route} create form`);
        // Create is on the screen with a dropdown closed, not cut off by a widened page
        const submit = (await page.getByTestId('form-submit').boundingBox())!;
        expect.soft(submit.x + submit.width, `${route}: Create inside the screen`).toBeLessThanOrEqual(PHONE.width);
        await page.keyboard.press('Escape');
        await expect(form).toBeHidden();
      }
    });
  }
  // the sweep opened dropdowns (selects, pickers, menus) on many pages, not none
  console.log(`screens.spec: ${opened} dropdowns opened at 390 px`);
  expect(opened).toBeGreaterThan(20);
});

test('a toast opens clear of the header’s controls, on a laptop and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  for (const size of [{ width: 1366, height: 900 }, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/bookings/packages');
    await page.getByTestId('create-button').click();
    const form = page.getByTestId('resource-form-body');
    await form.locator('input[name=name]').fill(`Toast Glam ${crypto.randomBytes(3).toString('hex')}`);
    await form.locator('input[data-field=price]').fill('150000');
    await form.getByTestId('form-submit').click();
    const toast = page.locator('.mantine-Notification-root').first();
    await expect(toast).toBeVisible();
    const header = (await page.locator('.mantine-AppShell-header').boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y, `at ${size.width} px the toast starts under the header`).toBeGreaterThanOrEqual(header.y + header.height);
    // the header's controls (the scheme toggle, the profile menu) stay clickable
    await page.getByTestId('color-scheme-toggle').click({ trial: true });
  }
});

test('another page opens at its top; back keeps the place', async ({ page }) => {
  // a short window: the page scrolls whatever this database holds
  await page.setViewportSize({ width: 1366, height: 420 });
  trackRequests(page);
  await signIn(page);
  await page.goto('/students/makeup/list');
  await settle(page);
  await page.evaluate(() => window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' }));
  const down = await page.evaluate(() => window.scrollY);
  expect(down).toBeGreaterThan(200);
  await page.getByTestId('sidebar').locator('[data-path="/users/hostel-users"]').click();
  await expect(page).toHaveURL(/\/users\/hostel-users$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // back returns to the list where it was left
  await page.goBack();
  await expect(page).toHaveURL(/\/students\/makeup\/list$/);
  await settle(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
});

test('the staff lists search: In session, Owing and Vacated', async ({ page, browser }) => {
  await signIn(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const post = async (url: string, body: unknown) => {
    const res = await apiAs<{ data: { id: number } }>(page, 'POST', url, body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.data;
  };
  const staff = { username: `sea${tag.toLowerCase()}`, password: 'search-pass-123' };
  await post('/api/users', { name: `Search Staff ${tag}`, username: staff.username, role: 'Sales Rep', password: staff.password, is_admin: 0, active: true });
  const program = await post('/api/training-programs', { name: `Search Class ${tag}`, duration: '3 months', fee: 300000 });
  const session = await post('/api/training-session', { name: `Search Intake ${tag}`, start_date: studioDay(-30), end_date: studioDay(60), active: true });
  // two in session and owing, so a search has one to leave out
  for (const who of ['Adaeze', 'Bolanle']) await post('/api/students', { name: `${who} Findme ${tag}`, phone: '0803 555 0909', program_id: program.id, session_id: session.id, start_date: studioDay(-10), end_date: studioDay(60), amount_paid: 1000, payment_method: 'cash' });
  const bed = await post('/api/extra-programs', { type: 'hostel', name: `Search room ${tag}`, price: 60000, duration: '1 month' });
  for (const who of ['Chidinma', 'Damilola']) await post('/api/hostel-students', { name: `${who} Findme ${tag}`, phone: '0803 555 0808', pricing_id: bed.id, room: 'C1', start_date: studioDay(-40), end_date: studioDay(-3) });

  const context = await browser.newContext({ timezoneId: STUDIO_TZ });
  const staffPage = await context.newPage();
  await signIn(staffPage, staff.username, staff.password);
  for (const [path, wanted, other] of [
    ['/students/makeup/insession', 'Adaeze', 'Bolanle'],
    ['/students/makeup/owe', 'Bolanle', 'Adaeze'],
    ['/users/hostel-users/owing', 'Chidinma', 'Damilola'],
  ] as const) {
    await staffPage.goto(path);
    const rows = staffPage.getByTestId('resource-row');
    await expect(rows.filter({ hasText: `${other} Findme ${tag}` })).toHaveCount(1);
    await staffPage.getByTestId('list-search').fill(`${wanted} Findme ${tag}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${wanted} Findme ${tag}`);
  }
  await context.close();
});
