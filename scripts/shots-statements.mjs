// `node scripts/shots-statements.mjs`: the screenshots of Bank statements (issue 30) in docs/screenshots/issue30-*.png,
// on the production build (build first: `npm run build -w apps/web`): a statement just imported (three confirmed, one
// to choose, one with no record), at 1366 and 390 px, light and dark. Options: SHOTS_PORT (3517).
import path from 'node:path';
import { chromium } from '@playwright/test';
import { root, startServer } from './measure-server.mjs';

const PORT = Number(process.env.SHOTS_PORT ?? 3517);
const ADMIN = { username: 'admin', password: 'shots-admin-pass' };
const OUT = path.join(root, 'docs/screenshots');
const { base, stop, ready } = startServer({ name: 'shots-statements', port: PORT, admin: ADMIN, env: { API_PROCESSES: '1' } });

const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: '2-digit', month: 'short', year: 'numeric' }).format(new Date()).replace(/ /g, '-');
const SALES = [
  [48500, 'Adaeze Okoro', 'GTB-4471'],
  [26000, 'Blessing Ibe', 'ACC-2210'],
  [15000, 'Chiamaka Nwosu', null],
  [9500, 'Walk-in Customer', 'OPY-0042'],
];
const csv = [
  'Guaranty Trust Bank Plc',
  'Account Name:,GLAM STUDIO PH',
  '',
  'Trans. Date,Value Date,Reference,Debits,Credits,Balance,Originating Branch,Remarks',
  `${today},${today},FT1,,"48,500.00","148,500.00",PH,TRF FROM ADAEZE OKORO GTB-4471`,
  `${today},${today},FT2,,"26,000.00","174,500.00",PH,NIP/ACC-2210/BLESSING`,
  `${today},${today},FT3,,"15,000.00","189,500.00",PH,NIP FROM CHIAMAKA NWOSU`,
  `${today},${today},FT4,,"9,500.00","199,000.00",PH,TRANSFER`,
  `${today},${today},FT5,,"12,000.00","211,000.00",PH,TRANSFER FROM UNKNOWN`,
  `${today},${today},FT6,"3,200.00",,"207,800.00",PH,POS PURCHASE SHOPRITE`,
].join('\n');

let browser;
try {
  await ready();
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...ADMIN, deviceId: 'shots', deviceInfo: '' }) });
  const token = (await login.json()).data.tokens[0].api_token;
  const post = (url, body) => fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  let n = 0;
  for (const [amount, customer, reference] of SALES) {
    const p = await (await post('/api/products', { outlet: 'store', name: `Bridal kit ${++n}`, sku: `BK-${n}`, price: amount, quantity: 5 })).json();
    const sale = await post('/api/orders', { outlet: 'store', customer_name: customer, items: [{ product_id: p.data.id, quantity: 1 }], payments: [{ method: 'transfer', amount, reference }] });
    if (sale.status !== 201) throw new Error(`sale ${sale.status}`);
  }
  const imported = await post('/api/bank-statements', { filename: 'gtbank-november.csv', content: csv, account: '0123456789' });
  if (imported.status !== 201) throw new Error(`import ${imported.status} ${await imported.text()}`);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const [width, height] of [[1366, 900], [390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      const context = await browser.newContext({ baseURL: base, viewport: { width, height }, colorScheme: scheme, timezoneId: 'Africa/Lagos' });
      const page = await context.newPage();
      await page.goto('/auth/login');
      await page.locator('input[name=username]').fill(ADMIN.username);
      await page.locator('input[name=password]').fill(ADMIN.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
      await page.goto('/finances/bank-statements');
      await page.getByTestId('stat-matched-value').filter({ hasText: '3' }).waitFor();
      if (scheme === 'dark' && (await page.locator('html').getAttribute('data-mantine-color-scheme')) !== 'dark') {
        await page.getByTestId('color-scheme-toggle').click();
        await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
      }
      await page.waitForTimeout(3500);
      const name = `issue30-statement-${width}${scheme === 'dark' ? '-dark' : ''}.png`;
      await page.screenshot({ path: path.join(OUT, name), fullPage: true });
      console.log(`[shots-statements] ${name}`);
      await context.close();
    }
  }
} finally {
  await browser?.close();
  stop();
}
