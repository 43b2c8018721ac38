import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ } from './seed';

/**
 * Issue 34, item 3: merge is hard to get wrong. On a client's page the merge dialog offers the likely duplicate first
 * (the same name, a phone two digits swapped), and no stranger; the chosen record's history
 * shows before Merge; once merged, the page offers Undo, and undoing it makes the two records separate again.
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });

test('the likely duplicate is offered first, its history shown before merging, and the merge is undone from the page', async ({ page }) => {
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const digits = String(crypto.randomInt(10_000, 99_999));
  const name = `Halima Bello ${tag}`;
  const make = async (n: string, phone: string) => {
    const res = await apiAs<{ data: { id: number; phone: string } }>(page, 'POST', '/api/clients', { name: n, phone });
    expect(res.status).toBe(201);
    return res.json.data;
  };
  const keep = await make(name, `0817${digits}12`);
  const dup = await make(name, `0817${digits}21`);
  await make(`Stranger ${tag}`, `0706${digits}55`);
  const product = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'store', name: `Lip Oil ${tag}`, sku: `LO-${tag}`, price: 2000, quantity: 5 });
  const sale = await apiAs<{ data: { id: number; invoice_no: string; client_id: number } }>(page, 'POST', '/api/orders', {
    outlet: 'store',
    customer_name: name,
    customer_phone: dup.phone,
    items: [{ product_id: product.json.data.id, quantity: 1 }],
    payments: [{ method: 'cash', amount: 2000 }],
    client_ref: crypto.randomUUID(),
  });
  expect(sale.json.data.client_id).toBe(dup.id);

  await page.goto(`/clients/${keep.id}`);
  await waitForLoader(page);
  await page.getByTestId('client-merge').click();
  const dialog = page.getByTestId('merge-modal');
  const likely = dialog.getByTestId('merge-likely-row');
  await expect(likely).toHaveCount(1);
  await expect(likely.first()).toContainText(name);
  await expect(likely.first()).toContainText('Same name');
  await expect(likely.first()).toContainText('Similar phone');
  await likely.first().click();
  // the candidate's history before confirming
  const candidate = dialog.getByTestId('merge-candidate');
  await expect(candidate.getByTestId('merge-candidate-entry').filter({ hasText: `Sale ${sale.json.data.invoice_no}` })).toHaveCount(1);
  await expect(dialog.getByTestId('merge-summary')).toContainText('undo it from this page for 7 days');
  const merged = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/clients/merge'));
  await dialog.getByTestId('merge-confirm').click();
  expect((await merged).status()).toBe(200);
  await expect(dialog).toBeHidden();

  // the sale is now the kept client's, and the page offers the undo
  await expect(page.getByText(`Sale ${sale.json.data.invoice_no}`).first()).toBeVisible();
  const undo = page.getByTestId('client-merge-undo');
  await expect(undo).toContainText(`Client #${dup.id} was merged into this one`);
  await undo.getByTestId('client-merge-undo-button').click();
  await expect(page.getByTestId('client-merge-undo')).toHaveCount(0);
  const back = await apiAs<{ data: { merged_into_id: number | null } }>(page, 'GET', `/api/clients/${dup.id}`);
  expect(back.json.data.merged_into_id).toBeNull();
  const order = await apiAs<{ data: { client_id: number } }>(page, 'GET', `/api/orders/${sale.json.data.id}`);
  expect(order.json.data.client_id).toBe(dup.id);
});
