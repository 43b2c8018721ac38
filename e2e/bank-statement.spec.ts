import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';
import { STUDIO_TZ, studioDay } from './seed';

/**
 * Issue 30: an admin drops the statement her bank app exported on Bank statements (from Transfers to confirm) and sees
 * three transfers confirmed with their evidence, one to choose, and one credit with no record.
 */
test.use({ timezoneId: STUDIO_TZ, viewport: { width: 1366, height: 900 } });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const naira = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 });

test('a statement confirms three transfers with their evidence, offers one to choose, and lists one credit with no record', async ({ page }) => {
  const [y, m, d] = studioDay().split('-');
  const day = `${d}-${MONTHS[Number(m) - 1]}-${y}`;
  await signIn(page);
  await waitForLoader(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  // amounts no other spec uses, so only these sales can match
  const base = 70_000 + crypto.randomInt(20_000);
  let n = 0;
  const sell = async (amount: number, customer: string, reference: string | null) => {
    const made = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', { outlet: 'store', name: `Statement Kit ${tag} ${++n}`, sku: `SK-${tag}-${n}`, price: amount, quantity: 5 });
    expect(made.status).toBe(201);
    const sale = await apiAs<{ data: { invoice_no: string; payments: { id: number }[] } }>(page, 'POST', '/api/orders', {
      outlet: 'store',
      customer_name: customer,
      items: [{ product_id: made.json.data.id, quantity: 1 }],
      payments: [{ method: 'transfer', amount, reference }],
    });
    expect(sale.status).toBe(201);
    return sale.json.data;
  };
  await sell(base + 1, `Adaeze Okoro ${tag}`, `REF${tag}1`);
  await sell(base + 2, `Blessing Ibe ${tag}`, `REF${tag}2`);
  await sell(base + 3, 'Chiamaka Nwosu', null);
  await sell(base + 4, 'Walk-in Customer', `OTHER${tag}`);

  const csv = [
    'Guaranty Trust Bank Plc',
    'Account Name:,GLAM STUDIO PH',
    '',
    'Trans. Date,Value Date,Reference,Debits,Credits,Balance,Originating Branch,Remarks',
    `${day},${day},FT1,,"${naira(base + 1)}","1.00",PH,TRF REF${tag}1`,
    `${day},${day},FT2,,"${naira(base + 2)}","2.00",PH,TRF REF${tag}2 FROM BLESSING`,
    `${day},${day},FT3,,"${naira(base + 3)}","3.00",PH,NIP FROM CHIAMAKA NWOSU`,
    `${day},${day},FT4,,"${naira(base + 4)}","4.00",PH,TRANSFER`,
    `${day},${day},FT5,,"${naira(base + 5)}","5.00",PH,TRANSFER FROM STRANGER ${tag}`,
    `${day},${day},FT6,"1,000.00",,"6.00",PH,POS PURCHASE`,
  ].join('\n');

  await page.goto('/finances/transfers');
  await waitForLoader(page);
  await page.getByTestId('open-bank-statements').click();
  await expect(page).toHaveURL(/\/finances\/bank-statements$/);
  await page.locator('input[type=file]').setInputFiles({ name: `gtbank-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('import-statement').click();

  await expect(page.getByTestId('stat-matched-value')).toHaveText('3');
  await expect(page.getByTestId('stat-suggested-value')).toHaveText('1');
  await expect(page.getByTestId('stat-unmatched-value')).toHaveText('1');
  const rows = page.getByTestId('statement-lines-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toContainText('Confirmed');
  await expect(rows.nth(0)).toContainText(`its reference REF${tag}1 is in the narration`);
  await expect(rows.nth(2)).toContainText('the payer\'s name "Chiamaka Nwosu" is in the narration');
  await expect(rows.nth(3)).toContainText('Choose');
  await expect(rows.nth(4)).toContainText('No record');
  await expect(page.getByTestId('unmatched-credits-row').filter({ hasText: `STRANGER ${tag}` })).toHaveCount(1);

  // one click on the suggestion confirms it
  await rows.nth(3).getByTestId('confirm-candidate').click();
  await expect(page.getByTestId('stat-matched-value')).toHaveText('4');
  const waiting = await apiAs<{ data: { amount: number }[] }>(page, 'GET', '/api/transfers/unconfirmed');
  expect(waiting.json.data.filter((w) => w.amount > base && w.amount <= base + 5)).toEqual([]);
});
