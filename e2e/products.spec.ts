import crypto from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';

/** Opens a products page through the menu (no reload, so no start-up loader in the way). */
async function openSalonProducts(page: Page) {
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('Products', { exact: true }).click();
  await sidebar.getByText('Salon Products', { exact: true }).click();
  await expect(page).toHaveURL(/\/products\/manage\/salon$/);
  await expect(page.getByTestId('page-title')).toHaveText('Salon Products');
}

async function stockAction(page: Page, name: string, item: 'row-restock' | 'row-stock-history' | 'row-transfer') {
  await page.getByTestId('resource-row').filter({ hasText: name }).getByTestId('row-stock').click();
  await page.getByTestId(item).click();
}

async function changeStock(page: Page, name: string, direction: 'restock' | 'write_off', count: number, note = '') {
  await stockAction(page, name, 'row-restock');
  const form = page.getByTestId('restock-form');
  if (direction === 'write_off') await form.getByText('Write off (remove)').click();
  await form.locator('[data-field=quantity]').fill(String(count));
  if (note) await form.locator('[data-field=note]').fill(note);
  await form.getByTestId('restock-submit').click();
}

test.describe('product stock', () => {
  test('an admin adds a salon product, restocks it, filters it by stock and reads its history; staff see it without cost', async ({ page, browser }) => {
    // one long journey through two sessions
    test.slow();
    const tag = crypto.randomBytes(2).toString('hex');
    const name = `E2E Lash Glue ${tag}`;
    await signIn(page);
    await waitForLoader(page);
    await openSalonProducts(page);

    // create, with no opening stock
    await page.getByTestId('create-button').click();
    const form = page.getByTestId('resource-form-body');
    await form.locator('[data-field=name]').fill(name);
    await form.locator('[data-field=sku]').fill(`LSH-${tag}`);
    await form.locator('[data-field=category]').fill('Lashes');
    await form.locator('[data-field=price]').fill('2500');
    await form.locator('[data-field=cost_price]').fill('1200.50');
    await expect(form.locator('[data-field=quantity]')).toHaveValue('0');
    await expect(form.locator('[data-field=reorder_level]')).toHaveValue('5');
    await page.getByTestId('form-submit').click();
    await expect(page.getByTestId('resource-form-body')).toHaveCount(0);

    await page.getByTestId('list-search').fill(name);
    const row = page.getByTestId('resource-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('resource-row')).toHaveCount(1);
    await expect(row.getByTestId('stock-badge')).toHaveText('Finished');
    await expect(row).toContainText('₦2,500.00');
    await expect(row).toContainText('₦1,200.50');

    // restock 3: at or under the reorder level (5) is low stock
    await changeStock(page, name, 'restock', 3, 'First delivery');
    await expect(page.getByTestId('restock-form')).toHaveCount(0);
    await expect(row.getByTestId('stock-badge')).toHaveText('Low stock');
    await page.getByRole('tab', { name: 'Low stock' }).click();
    await expect(page.getByTestId('resource-row').filter({ hasText: name })).toHaveCount(1);
    await page.getByRole('tab', { name: 'Stocked' }).click();
    await expect(page.getByTestId('list-empty')).toBeVisible();
    await page.getByRole('tab', { name: 'Finished' }).click();
    await expect(page.getByTestId('list-empty')).toBeVisible();

    // restock 10 more: stocked
    await page.getByRole('tab', { name: 'All' }).click();
    await changeStock(page, name, 'restock', 10, 'Second delivery');
    await expect(page.getByTestId('restock-form')).toHaveCount(0);
    await expect(row.getByTestId('stock-badge')).toHaveText('Stocked');
    await page.getByRole('tab', { name: 'Stocked' }).click();
    await expect(page.getByTestId('resource-row').filter({ hasText: name })).toHaveCount(1);
    await page.getByRole('tab', { name: 'Low stock' }).click();
    await expect(page.getByTestId('list-empty')).toBeVisible();
    await page.getByRole('tab', { name: 'All' }).click();

    // a write-off below zero is refused with the server's sentence, in the modal
    await changeStock(page, name, 'write_off', 99);
    // the server's sentence stands under the quantity it is about
    await expect(page.getByTestId('restock-form').getByText('Only 13 in stock: the quantity cannot go below 0.')).toBeVisible();
    await page.getByTestId('restock-form').getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('13');

    // the ledger: newest first
    await stockAction(page, name, 'row-stock-history');
    const history = page.getByTestId('stock-history');
    await expect(history.getByTestId('movement-row')).toHaveCount(2);
    await expect(history.getByTestId('movement-reason')).toHaveText(['Restock', 'Restock']);
    await expect(history.getByTestId('movement-change')).toHaveText(['+10', '+3']);
    await expect(history.getByTestId('movement-after')).toHaveText(['13', '3']);
    await expect(history.getByTestId('movement-row').first()).toContainText('Second delivery');
    await expect(history.getByTestId('movement-row').first()).toContainText('Studio Admin');
    await page.keyboard.press('Escape');
    await expect(history.getByTestId('movements-table')).toBeHidden();

    // a staff member sees the product, without cost price and without write buttons
    const username = `stock${tag}`;
    const created = await apiAs(page, 'POST', '/api/users', { name: 'Stock Viewer', username, role: 'Sales Rep', password: 'stock-pass-1', is_admin: 0, active: true });
    expect(created.status).toBe(201);
    const context = await browser.newContext();
    const staff = await context.newPage();
    await signIn(staff, username, 'stock-pass-1');
    await waitForLoader(staff);
    await openSalonProducts(staff);
    await staff.getByTestId('list-search').fill(name);
    const staffRow = staff.getByTestId('resource-row').filter({ hasText: name });
    await expect(staffRow).toHaveCount(1);
    await expect(staffRow.getByTestId('stock-badge')).toHaveText('Stocked');
    await expect(staffRow).toContainText('₦2,500.00');
    await expect(staffRow).not.toContainText('₦1,200.50');
    await expect(staff.getByTestId('resource-table').locator('thead')).not.toContainText('Cost price');
    await expect(staff.getByTestId('create-button')).toHaveCount(0);
    await expect(staff.getByTestId('row-stock')).toHaveCount(0);
    await expect(staff.getByTestId('row-edit')).toHaveCount(0);
    await expect(staff.getByTestId('stat-value')).toHaveCount(0);
    // the filters still work for staff
    await staff.getByRole('tab', { name: 'Stocked' }).click();
    await expect(staff.getByTestId('resource-row').filter({ hasText: name })).toHaveCount(1);
    // and the API leaves the cost out too
    const seen = await apiAs<{ data: Record<string, unknown>[] }>(staff, 'GET', `/api/products/search/${encodeURIComponent(name)}?outlet=salon`);
    expect(seen.status).toBe(200);
    expect(seen.json.data).toHaveLength(1);
    expect(seen.json.data[0]).not.toHaveProperty('cost_price');
    await context.close();
  });
});
