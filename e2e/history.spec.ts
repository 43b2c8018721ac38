import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';

test.describe('record history', () => {
  test("an admin edits a program type's fee and reads the change in its history", async ({ page }) => {
    const name = `E2E Bridal Makeup ${crypto.randomBytes(2).toString('hex')}`;
    await signIn(page);
    await waitForLoader(page);
    const created = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/training-programs', { name, duration: '3 months', fee: 150000 });
    expect(created.status).toBe(201);

    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('Settings', { exact: true }).click();
    await sidebar.getByText('Program Types', { exact: true }).click();
    await expect(page).toHaveURL(/\/programs\/list-types$/);
    const row = page.getByTestId('resource-row').filter({ hasText: name });
    await expect(row).toContainText('₦150,000.00');

    await row.getByTestId('row-edit').click();
    const form = page.getByTestId('resource-form-body');
    await form.locator('[data-field=fee]').fill('175000');
    await page.getByTestId('form-submit').click();
    await expect(page.getByTestId('resource-form-body')).toHaveCount(0);
    await expect(row).toContainText('₦175,000.00');

    await row.getByRole('button', { name: `History of ${name}` }).click();
    const drawer = page.getByTestId('record-history');
    await expect(drawer.getByTestId('history-title')).toHaveText(name);
    const entries = drawer.getByTestId('history-entry');
    await expect(entries).toHaveCount(2);
    const adminName = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').name as string);
    // newest first: the edit, then the creation
    await expect(entries.nth(0).getByTestId('history-action')).toHaveText('Updated');
    await expect(entries.nth(0).getByTestId('history-who')).toHaveText(adminName);
    await expect(entries.nth(0).getByTestId('history-change')).toHaveText(['Fee: ₦150,000.00 → ₦175,000.00']);
    await expect(entries.nth(1).getByTestId('history-action')).toHaveText('Created');
  });
});
