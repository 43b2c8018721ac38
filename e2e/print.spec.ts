import crypto from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { apiAs, signIn, waitForLoader } from './helpers';

/**
 * Issue 9 item 8: the A4 print of a sale is an invoice laid out for A4, and the 80 mm receipt keeps a
 * payment reference whole on one line. Both are looked at as the browser prints them (print media).
 */

const MM = 96 / 25.4;
/** A4 less the 15 mm page margins on each side. */
const A4_CONTENT_PX = 180 * MM;
const SHORT_REF = 'GTB-TRF-20261124-0001234567';
const LONG_REF = 'ZENITH-TRANSFER-REF-20261124-000987654';

async function saleToPrint(page: Page) {
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const made = async (body: Record<string, unknown>) => {
    const res = await apiAs<{ data: { id: number } }>(page, 'POST', '/api/products', body);
    expect(res.status).toBe(201);
    return res.json.data.id;
  };
  const lipstick = await made({ outlet: 'store', name: `Velvet Lipstick Ruby ${tag}`, sku: `PR-L-${tag}`, price: 4500, quantity: 10 });
  const palette = await made({ outlet: 'store', name: `Eyeshadow Palette Nude Matte Collection ${tag}`, sku: `PR-P-${tag}`, price: 12500, quantity: 10 });
  const sale = await apiAs<{ data: { id: number; invoice_no: string } }>(page, 'POST', '/api/orders', {
    outlet: 'store',
    customer_name: 'Chioma Eze',
    customer_phone: '0803 123 4567',
    items: [
      { product_id: lipstick, quantity: 2 },
      { product_id: palette, quantity: 1 },
    ],
    discount: 500,
    payments: [
      { method: 'transfer', amount: 10000, reference: SHORT_REF },
      { method: 'transfer', amount: 5000, reference: LONG_REF },
      { method: 'cash', amount: 7000 },
    ],
  });
  expect(sale.status).toBe(201);
  return sale.json.data;
}

/** Opens the invoice from the month's invoices, then Reprint. */
async function openReprint(page: Page, invoiceNo: string) {
  await page.goto('/invoices/product-invoices/store');
  await page.getByText(invoiceNo, { exact: true }).first().click();
  await page.getByTestId('order-reprint').click();
  await expect(page.getByTestId('receipt-print')).toBeVisible();
}

test.describe('printing a sale', () => {
  test('A4 is an invoice that fits the page; the 80 mm roll keeps each transfer reference on one line', async ({ page }, info) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page);
    await waitForLoader(page);
    const sale = await saleToPrint(page);
    await openReprint(page, sale.invoice_no);

    // A4
    await page.getByTestId('receipt-format').getByText('A4 page').click();
    await page.emulateMedia({ media: 'print' });
    const root = page.getByTestId('print-root');
    await expect(root).toBeVisible();
    await expect(page.getByTestId('app-shell')).toBeHidden();
    const invoice = root.getByTestId('invoice-a4');
    await expect(invoice).toBeVisible();
    await expect(invoice.getByTestId('invoice-no')).toHaveText(sale.invoice_no);
    await expect(invoice.getByTestId('invoice-bill-to')).toHaveText('Chioma Eze');
    await expect(invoice.getByTestId('invoice-item')).toHaveCount(2);
    await expect(invoice.getByTestId('invoice-subtotal')).toHaveText('₦21,500.00');
    await expect(invoice.getByTestId('invoice-discount')).toHaveText('-₦500.00');
    await expect(invoice.getByTestId('invoice-total')).toHaveText('₦21,000.00');
    await expect(invoice.getByTestId('invoice-paid')).toHaveText('₦22,000.00');
    await expect(invoice.getByTestId('invoice-balance')).toHaveText('₦1,000.00');
    await expect(invoice.getByTestId('invoice-payment')).toHaveCount(3);
    await expect(invoice.getByTestId('invoice-staff')).not.toBeEmpty();
    // the page rule is A4 and the invoice is no wider than A4's printable width, nothing spilling out of it
    expect(await page.evaluate(() => [...document.querySelectorAll('style[data-receipt-page]')].map((s) => s.textContent).join(' '))).toContain('size: A4');
    const box = (await invoice.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(A4_CONTENT_PX + 0.5);
    expect(box.width).toBeGreaterThan(A4_CONTENT_PX * 0.9);
    expect(await invoice.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // the items table spans the invoice; nothing in it sticks out of its sides; the payments come below the totals
    const table = (await invoice.getByTestId('invoice-items').boundingBox())!;
    expect(table.width).toBeGreaterThan(box.width * 0.95);
    const spilling = await invoice.evaluate((el) => {
      const frame = el.getBoundingClientRect();
      return [...el.querySelectorAll<HTMLElement>('*:not([aria-hidden])')]
        .filter((c) => {
          const b = c.getBoundingClientRect();
          return b.width > 0 && (b.right > frame.right + 1 || b.left < frame.left - 1);
        })
        .map((c) => c.textContent?.slice(0, 40));
    });
    expect(spilling).toEqual([]);
    const totals = (await invoice.getByTestId('invoice-totals').boundingBox())!;
    const payments = (await invoice.getByTestId('invoice-payments').boundingBox())!;
    expect(payments.y).toBeGreaterThanOrEqual(totals.y + totals.height);
    // each reference on one line: its text's line boxes all share one top (the cell itself may be taller, as the
    // method cell beside it can carry a transfer's check line)
    for (const cell of await invoice.locator('[data-testid=invoice-payment] td:nth-child(2)').all()) {
      const lineTops = await cell.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lineTops).toBe(1);
    }
    await page.screenshot({ path: info.outputPath('invoice-a4.png'), fullPage: true });
    await page.pdf({ path: info.outputPath('invoice-a4.pdf'), format: 'A4', preferCSSPageSize: true, printBackground: true });

    // 80 mm
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId('receipt-format').getByText('80 mm roll').click();
    await page.emulateMedia({ media: 'print' });
    const receipt = root.getByTestId('receipt');
    await expect(receipt).toBeVisible();
    expect(await page.evaluate(() => [...document.querySelectorAll('style[data-receipt-page]')].map((s) => s.textContent).join(' '))).toContain('size: 80mm');
    const paper = (await receipt.boundingBox())!;
    expect(paper.width).toBeLessThanOrEqual(72 * MM + 0.5);
    const refs = receipt.getByTestId('receipt-reference');
    await expect(refs).toHaveText([`Ref ${SHORT_REF}`, `Ref ${LONG_REF}`]);
    for (const ref of await refs.all()) {
      const layout = await ref.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const paperBox = el.closest('[data-testid=receipt]')!.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        return { lines: lines.size, right: own.left + el.scrollWidth, paperRight: paperBox.right };
      });
      // one line, and that line is inside the paper (nothing cut off at the roll's edge)
      expect(layout.lines).toBe(1);
      expect(layout.right).toBeLessThanOrEqual(layout.paperRight);
    }
    await page.screenshot({ path: info.outputPath('receipt-80mm.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });
});
