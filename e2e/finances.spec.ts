import crypto from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { scrollThrough } from './in-app';

interface Summary {
  income: number;
  expense: number;
  net: number;
  income_by_source: Record<string, number>;
  expense_by_category: Record<string, number>;
}

const STUDIO_TZ = 'Africa/Lagos';

/** The studio's today and its month's first and last days. */
function studioMonth() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const month = today.slice(0, 7);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { today, month, from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** A figure as the browser writes naira (₦1,234.50), so the check does not depend on this process's ICU. */
const naira = (page: Page, n: number) => page.evaluate((v) => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v), n);

async function summaryOf(page: Page, from: string, to: string): Promise<Summary> {
  const res = await apiAs<{ data: Summary }>(page, 'GET', `/api/finances/summary-range/${from}/${to}`);
  expect(res.status).toBe(200);
  return res.json.data;
}

/** A chart has drawn when its container holds the chart's svg (recharts' surface, not a tooltip's swatch) with shapes in it. */
async function expectChart(page: Page, testId: string) {
  const surface = page.getByTestId(testId).locator('svg.recharts-surface').first();
  await expect(surface).toBeVisible();
  await expect(surface.locator('path, rect').first()).toBeAttached();
}

// the browser's clock reads the studio's zone, so "today" in the form is the studio's today
test.use({ timezoneId: STUDIO_TZ });

test.describe('income and expenses', () => {
  test('adds an expense and an income on the page, finds them in the list and the figures; the charts draw here and on the dashboard', async ({ page }) => {
    await signIn(page);
    await waitForLoader(page);
    const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
    const { today, month, from, to } = studioMonth();

    // some money first: a paid sale at the store and a rent entry, through the API
    const product = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'store', name: `Ledger Lipstick ${tag}`, sku: `FIN-${tag}`, price: 12000, cost_price: 5000, quantity: 10 });
    expect(product.status).toBe(201);
    const sale = await apiAs(page, 'POST', '/api/orders', { outlet: 'store', customer_name: `Finance Buyer ${tag}`, items: [{ product_id: product.json.data.id, quantity: 2 }], payment_method: 'cash', amount_paid: 24000 });
    expect(sale.status).toBe(201);
    const rent = await apiAs(page, 'POST', '/api/finances', { type: 'expense', category: 'Rent', amount: 150000, date: today, description: `Shop rent ${tag}` });
    expect(rent.status).toBe(201);
    const before = await summaryOf(page, from, to);
    expect(before.income_by_source.sales_store).toBeGreaterThanOrEqual(24000);

    await page.goto('/finances/income-expenses');
    await expect(page.getByTestId('page-title')).toHaveText('Income & Expenses');
    await expect(page.getByTestId('finance-income-value')).toHaveText(await naira(page, before.income));
    await expect(page.getByTestId('finance-expense-value')).toHaveText(await naira(page, before.expense));
    await expect(page.getByTestId('entry-row').filter({ hasText: `Shop rent ${tag}` })).toHaveCount(1);

    // an expense under a category of its own, typed in
    const dieselCategory = `Diesel ${tag}`;
    await page.getByTestId('create-button').click();
    let form = page.getByTestId('resource-form-body');
    await expect(form).toBeVisible();
    await expect(form.locator('input[data-field=type]')).toHaveValue('Expense');
    await form.locator('input[data-field=category]').fill(dieselCategory);
    await form.locator('input[data-field=amount]').fill('35000.50');
    await form.locator('textarea[data-field=description]').fill('Generator, 50 litres');
    let created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/finances'));
    await form.getByTestId('form-submit').click();
    let res = await created;
    expect(res.status()).toBe(201);
    expect(((await res.json()) as { data: Record<string, unknown> }).data).toMatchObject({ type: 'expense', category: dieselCategory, amount: 35000.5, date: today, outlet: null });
    await expect(form).toHaveCount(0);

    // an income from the suggested categories of its type, at the salon
    await page.getByTestId('create-button').click();
    form = page.getByTestId('resource-form-body');
    await form.locator('input[data-field=type]').click();
    await page.getByRole('option', { name: 'Income', exact: true }).click();
    await expect(form.locator('input[data-field=type]')).toHaveValue('Income');
    await form.locator('input[data-field=category]').click();
    await page.getByRole('option', { name: 'Hall rental', exact: true }).click();
    await expect(form.locator('input[data-field=category]')).toHaveValue('Hall rental');
    await form.locator('input[data-field=amount]').fill('80000');
    await form.locator('input[data-field=outlet]').click();
    await page.getByRole('option', { name: 'Salon', exact: true }).click();
    await form.locator('textarea[data-field=description]').fill(`Hall for a class ${tag}`);
    created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/finances'));
    await form.getByTestId('form-submit').click();
    res = await created;
    expect(res.status()).toBe(201);
    await expect(form).toHaveCount(0);

    // both in the month's list
    const diesel = page.getByTestId('entry-row').filter({ hasText: dieselCategory });
    await expect(diesel).toHaveCount(1);
    await expect(diesel).toContainText('Expense');
    await expect(diesel).toContainText(await naira(page, 35000.5));
    const hall = page.getByTestId('entry-row').filter({ hasText: `Hall for a class ${tag}` });
    await expect(hall).toHaveCount(1);
    await expect(hall).toContainText('Income');
    await expect(hall).toContainText('Salon');

    // and in the figures, as the API sums them
    const after = await summaryOf(page, from, to);
    expect(after.income).toBeCloseTo(before.income + 80000, 2);
    expect(after.expense).toBeCloseTo(before.expense + 35000.5, 2);
    expect(after.expense_by_category[dieselCategory]).toBe(35000.5);
    await expect(page.getByTestId('finance-income-value')).toHaveText(await naira(page, after.income));
    await expect(page.getByTestId('finance-expense-value')).toHaveText(await naira(page, after.expense));
    await expect(page.getByTestId('finance-net-value')).toHaveText(await naira(page, after.net));
    await expect(page.getByTestId('source-manual')).toContainText(await naira(page, after.income_by_source.manual!));
    await expect(page.getByTestId('source-sales_store')).toContainText(await naira(page, after.income_by_source.sales_store!));
    await expect(page.getByTestId('expense-category').filter({ hasText: dieselCategory })).toContainText(await naira(page, 35000.5));

    // the charts: by source, by category, 12 months and 5 years
    await expectChart(page, 'income-sources-chart');
    await expectChart(page, 'expense-categories-chart');
    await expectChart(page, 'periods-chart-monthly');
    await expect(page.getByTestId('periods-table-monthly').getByTestId('period-row')).toHaveCount(12);
    await page.getByTestId('periods-tab-yearly').click();
    await expectChart(page, 'periods-chart-yearly');
    await expect(page.getByTestId('periods-table-yearly').getByTestId('period-row')).toHaveCount(5);

    // the period is in the address: a year shows the same entries from the range list
    await page.getByTestId('period-kind').getByText('Year', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`period=year&year=${month.slice(0, 4)}`));
    await expect(page.getByTestId('entry-row').filter({ hasText: dieselCategory })).toHaveCount(1);

    // the dashboard: this month's figures, its charts, and a card that opens the page behind it
    await page.goto('/dashboard/main');
    const dashboard = await apiAs<{ data: { finances: { income: number; expense: number; net: number } } }>(page, 'GET', '/api/dashboard');
    await expect(page.getByTestId('stat-income-value')).toHaveText(await naira(page, dashboard.json.data.finances.income));
    await expect(page.getByTestId('stat-expense-value')).toHaveText(await naira(page, dashboard.json.data.finances.expense));
    // the charts are drawn as they come near the screen
    await scrollThrough(page);
    await expectChart(page, 'daily-chart');
    await expectChart(page, 'monthly-chart');
    await expectChart(page, 'payment-methods');
    await page.getByTestId('stat-net').click();
    await expect(page).toHaveURL(/\/finances\/income-expenses$/);
    await expect(page.getByTestId('page-title')).toHaveText('Income & Expenses');
  });
});
