// `node scripts/shots-money.mjs`: screenshots of this stop's money screens in docs/screenshots/money-*.png, on the
// production build (build first: `npm run build -w apps/web`), at 1366 and 390 px, light and dark: gift vouchers (issue
// 31), a month's pay run and a payslip whose commission names its sale (issue 32), Paystack on Manage Staff (issue 30).
// Options: SHOTS_PORT (3519).
import { chromium } from '@playwright/test';
import { startServer } from './measure-server.mjs';
import { adminApi, shooter } from './shots-lib.mjs';

const PORT = Number(process.env.SHOTS_PORT ?? 3519);
const ADMIN = { username: 'admin', password: 'shots-admin-pass' };
const { base, stop, ready } = startServer({ name: 'shots-money', port: PORT, admin: ADMIN, env: { API_PROCESSES: '1' } });
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
const monthStart = `${today.slice(0, 8)}01`;

let browser;
try {
  await ready();
  const send = await adminApi(base, ADMIN);
  await send('PUT', '/api/settings', { bank_account: { bank: 'GTBank', number: '0123456789', name: 'Glam Studio Ltd' } });
  await send('PUT', '/api/integrations/paystack', { secret_key: `sk_test_${'shots0demo'.repeat(4)}` });
  const ada = await send('POST', '/api/users', { name: 'Ada Obi', username: 'ada', role: 'Makeup Artist', password: 'long-enough-pass' });
  const ify = await send('POST', '/api/users', { name: 'Ify Eze', username: 'ify', role: 'Braider', password: 'long-enough-pass' });
  const braids = await send('POST', '/api/products', { outlet: 'salon', kind: 'service', name: 'Knotless braids', price: 25000, cost_price: 0, quantity: null });
  const glam = await send('POST', '/api/products', { outlet: 'salon', kind: 'service', name: 'Bridal glam', price: 60000, cost_price: 0, quantity: null });
  await send('POST', '/api/commission-rules', { name: 'Artists: 10% of services', role: 'Makeup Artist', applies_to: 'service', kind: 'percentage', rate: 10, effective_from: monthStart });
  await send('POST', '/api/commission-rules', { name: 'Braiders: ₦2,000 a head', role: 'Braider', applies_to: 'service', kind: 'flat', rate: 2000, effective_from: monthStart });
  const customers = ['Chioma Nwosu', 'Bimpe Adeyemi', 'Ngozi Okafor', 'Zainab Musa'];
  for (let i = 0; i < 8; i++) {
    const who = i % 2 ? ify : ada;
    const item = i % 2 ? braids : glam;
    await send('POST', '/api/orders', { outlet: 'salon', customer_name: customers[i % 4], customer_phone: `0803${String(1000000 + i)}`, payment_method: i % 3 ? 'cash' : 'transfer', ...(i % 3 ? {} : { payment_reference: `GTB-${i}` }), items: [{ product_id: item.id, quantity: 1, staff_id: who.id }] });
  }
  for (const [face, name] of [[25000, 'Mama Ada'], [50000, 'Uche Obi'], [10000, 'Kemi A.']]) {
    await send('POST', '/api/gift-vouchers', { face_value: face, buyer_name: name, buyer_phone: '08031230001', recipient_name: 'For you', payment_method: 'cash', client_ref: crypto.randomUUID() });
  }
  const run = await send('POST', '/api/pay-runs', { from: monthStart, to: today });

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const shot = shooter({ browser, base, admin: ADMIN, label: 'shots-money' });
  await shot({ width: 1366, height: 900, url: '/finances/gift-vouchers', ready: 'voucher-sell-open', name: 'money-vouchers-1366.png' });
  await shot({ width: 390, height: 844, url: '/finances/gift-vouchers', ready: 'voucher-sell-open', name: 'money-vouchers-390-dark.png', dark: true });
  await shot({ width: 1366, height: 900, url: '/staff/pay-runs', ready: 'pay-runs-page', name: 'money-pay-runs-1366.png' });
  await shot({ width: 390, height: 844, url: '/staff/pay-runs', ready: 'pay-runs-page', name: 'money-pay-runs-390.png' });
  await shot({ width: 1366, height: 1000, url: `/staff/pay-runs/${run.id}/payslip/${ada.id}`, ready: 'payslip-page', name: 'money-payslip-1366.png' });
  await shot({ width: 1366, height: 900, url: '/users/profile-list', ready: 'paystack-settings', name: 'money-paystack-1366-dark.png', dark: true });
  await shot({ width: 390, height: 844, url: '/users/profile-list', ready: 'paystack-settings', name: 'money-paystack-390.png' });
} finally {
  await browser?.close();
  stop();
}
