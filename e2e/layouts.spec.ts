import { type Page, expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { STUDIO_TZ } from './seed';

// Every layout style (contract §6) at a 1366 px laptop and a 1024 px tablet in landscape: no menu label is cut,
// what does not fit the horizontal row is under "More", the icon rail's icons read on it, the dashboard's legend fits.

const LAYOUTS = ['Dubai', 'Seoul', 'Paris', 'Madrid', 'Tokyo', 'Moscow', 'Rome', 'NewYork', 'LosAngeles', 'Singapore', 'Barcelona', 'London'] as const;
const TOP_LEVEL = ['Dashboard', 'Point of Sales', 'Invoices', 'Students', 'Products', 'Income & Expenses', 'Manage Hostel', 'Bookings', 'Manage Staff', 'Settings'];

/** Labels whose text does not fit their box, or that are drawn with an ellipsis. */
async function cutLabels(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || (getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth))
      .map((el) => `${el.textContent} (${el.scrollWidth} > ${el.clientWidth})`),
  );
}

function contrast(a: number[], b: number[]) {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test.use({ timezoneId: STUDIO_TZ });

for (const width of [1366, 1024]) {
  test(`every layout style at ${width} px: whole labels, More for the rest, readable icons, a fitting legend`, async ({ page }) => {
    await page.setViewportSize({ width, height: 860 });
    await signIn(page);
    for (const layout of LAYOUTS) {
      await page.goto(`/dashboard/main?layout=${layout}`);
      const shell = page.getByTestId('app-shell');
      await expect(shell).toHaveAttribute('data-layout', layout);
      await expect(page.getByTestId('app-loader')).toHaveCount(0, { timeout: 20_000 });
      const nav = await shell.getAttribute('data-nav');

      // sidebars: every label whole (groups opened too)
      expect(await cutLabels(page, '[data-testid=sidebar] .mantine-NavLink-label'), `${layout} ${width}: sidebar`).toEqual([]);

      if (nav === 'horizontal') {
        const row = page.getByTestId('horizontal-menu').locator('nav');
        expect(await cutLabels(page, '[data-testid=horizontal-menu] nav .mantine-Button-label'), `${layout} ${width}: menu row`).toEqual([]);
        const shown = (await row.getByTestId('menu-item').allTextContents()).map((t) => t.trim());
        const more = page.getByTestId('menu-more');
        let underMore: string[] = [];
        if (shown.length < TOP_LEVEL.length) {
          await expect(more).toBeVisible();
          await more.click();
          const dropdown = page.getByTestId('menu-more-dropdown');
          await expect(dropdown).toBeVisible();
          underMore = (await dropdown.locator('.mantine-Menu-label, .mantine-Menu-item').allTextContents()).map((t) => t.trim());
          // a link under More leads to its page
          await page.keyboard.press('Escape');
        } else {
          await expect(more).toHaveCount(0);
        }
        for (const title of TOP_LEVEL) expect(shown.includes(title) || underMore.includes(title), `${layout} ${width}: ${title} reachable`).toBe(true);
        // nothing is hidden off the row's edge
        const box = (await row.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }

      if (nav === 'icons') {
        // each rail icon stands out from the rail: 3:1 at least (WCAG non-text contrast), in every tone
        const pairs = await page
          .getByTestId('icon-menu')
          .getByTestId('menu-item')
          .evaluateAll((els) =>
            els.map((el) => {
              const rgb = (s: string) => (s.match(/\d+(\.\d+)?/g) ?? []).slice(0, 4).map(Number);
              let bgEl: Element | null = el;
              let bg = rgb(getComputedStyle(el).backgroundColor);
              while (bgEl && (bg.length < 3 || bg[3] === 0)) {
                bgEl = bgEl.parentElement;
                bg = bgEl ? rgb(getComputedStyle(bgEl).backgroundColor) : [255, 255, 255];
              }
              return { label: el.getAttribute('aria-label'), fg: rgb(getComputedStyle(el.querySelector('svg')!).color), bg };
            }),
          );
        expect(pairs.length).toBeGreaterThan(5);
        for (const p of pairs) expect(contrast(p.fg, p.bg), `${layout} ${width}: ${p.label} icon`).toBeGreaterThanOrEqual(3);
      }

      // the payment legend on the dashboard shows whole method names
      await expect(page.getByTestId('legend-label').first()).toBeVisible();
      expect(await cutLabels(page, '[data-testid=legend-label]'), `${layout} ${width}: legend`).toEqual([]);
    }
  });
}
