import { screen, waitFor, within } from '@testing-library/react';
import type { DueReminder, DueReminders, RemindersSentResult } from '@studio/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { studio } from '../../lib/config';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { PaymentRemindersPage, dueReminderText } from './payment-reminders.page';

const saved = vi.hoisted(() => ({ files: [] as { name: string; csv: string }[] }));
vi.mock('../../lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/csv')>()),
  downloadCsv: (name: string, csv: string) => saved.files.push({ name, csv }),
}));

const due = (over: Partial<DueReminder>): DueReminder => ({
  kind: 'booking',
  id: 1,
  name: 'Ada Obi',
  phone: '0803 123 4567',
  charge: 300000,
  amount_paid: 100000,
  balance: 200000,
  about: 'Bridal booking Dec 5, 2026, Gold',
  date: '2026-12-05',
  last_reminder: null,
  recently_reminded: false,
  ...over,
});

const ADA = due({});
const AMAKA = due({ kind: 'student', id: 4, name: 'Amaka Eze', phone: '+234 809 777 4242', charge: 150000.5, amount_paid: 0, balance: 150000.5, about: 'Makeup training, Professional Makeup, January class', date: '2027-01-31' });
const BOLA = due({
  kind: 'hostel-student',
  id: 9,
  name: 'Bola Ade',
  phone: '08091234567',
  charge: 60000,
  amount_paid: 20000,
  balance: 40000,
  about: 'Hostel, Shared room, room B2',
  date: '2026-12-20',
  last_reminder: { at: '2026-11-27T09:30:00.000Z', by: { id: 2, name: 'Blessing' }, balance: 40000 },
  recently_reminded: true,
});

function renderPage() {
  storeUser(makeUser({ id: 1, name: 'Studio Admin', is_admin: 1 }));
  const fetchMock = mockFetch(({ url, method, body }) => {
    if (method === 'GET' && url.pathname === '/api/reminders/dues') {
      const include = url.searchParams.get('include_reminded') === 'true';
      const data = include ? [ADA, AMAKA, BOLA] : [ADA, AMAKA];
      const answer: DueReminders = { data, summary: { count: data.length, balance: data.reduce((k, r) => k + Math.round(r.balance * 100), 0) / 100, skipped: include ? 0 : 1, skip_days: 3, days: Number(url.searchParams.get('days')) } };
      return jsonResponse(200, answer);
    }
    if (method === 'POST' && url.pathname === '/api/reminders/sent') {
      const items = (body as { items: { kind: DueReminder['kind']; id: number }[] }).items;
      const answer: RemindersSentResult = { data: items.map((i) => ({ ...i, last_reminder: { at: '2026-11-28T10:00:00.000Z', by: { id: 1, name: 'Studio Admin' }, balance: 200000 } })) };
      return jsonResponse(200, answer);
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderRoutes([{ path: '/finances/reminders', element: <PaymentRemindersPage title="Payment reminders" /> }], '/finances/reminders');
  return fetchMock;
}

beforeEach(() => {
  resetSession();
  saved.files = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('dueReminderText', () => {
  it("gives the studio's bank account from Settings, and none when none is set", () => {
    const account = { bank: 'GTBank', number: '0123456789', name: 'Glam Studio Ltd' };
    expect(dueReminderText(ADA, account)).toContain('You can pay by transfer to GTBank 0123456789 (Glam Studio Ltd).');
    expect(dueReminderText(ADA)).not.toContain('pay by transfer');
  });

  it("says who, what is due for what in naira, what is paid, and the studio's name", () => {
    const text = dueReminderText(ADA);
    expect(text).toContain('Hello Ada Obi');
    expect(text).toContain(`reminder from ${studio.name}`);
    expect(text).toContain('a balance of ₦200,000.00 is due for Bridal booking Dec 5, 2026, Gold (₦100,000.00 paid of ₦300,000.00).');
    expect(text.endsWith(`Thank you, ${studio.name}.`)).toBe(true);
    // nothing paid yet: no "paid of"
    expect(dueReminderText(AMAKA)).toContain('a balance of ₦150,000.50 is due for Makeup training, Professional Makeup, January class.');
  });
});

describe('PaymentRemindersPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('steps through the run: open in WhatsApp, mark sent (recorded on the server), then the next', async () => {
    const user = setupUser();
    const fetchMock = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('reminder-row')).toHaveLength(2));
    const first = callsOf(fetchMock).find((c) => c.url.pathname === '/api/reminders/dues')!;
    expect(first.url.searchParams.get('days')).toBe('14');
    expect(first.url.searchParams.get('include_reminded')).toBe('false');
    expect(screen.getByTestId('reminders-owing-value').textContent).toContain('₦350,000.50');
    expect(screen.getByTestId('reminders-skipped-value').textContent).toContain('1');
    expect(screen.getByTestId('reminders-count').textContent).toContain('0 of 2 sent');

    // the next one is Ada's, to her phone in the 234 form, with her message
    const next = screen.getByTestId('reminders-next');
    expect(next.textContent).toContain('Open next: Ada Obi');
    const href = new URL(next.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/2348031234567');
    expect(href.searchParams.get('text')).toBe(dueReminderText(ADA));
    expect(screen.getByTestId('reminders-message').textContent).toContain('₦200,000.00 is due for Bridal booking Dec 5, 2026, Gold');

    // opening is not sending: nothing is recorded until "Mark sent"
    await user.click(next);
    expect(callsOf(fetchMock).some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByTestId('reminders-mark-sent'));
    await waitFor(() => expect(screen.getByTestId('reminders-count').textContent).toContain('1 of 2 sent'));
    const post = callsOf(fetchMock).find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/reminders/sent');
    expect(post.body).toEqual({ items: [{ kind: 'booking', id: 1 }] });
    const ada = screen.getAllByTestId('reminder-row')[0]!;
    expect(within(ada).getByText('Sent')).toBeTruthy();
    expect(within(ada).getByTestId('reminder-last').textContent).toContain('by Studio Admin');

    // next: Amaka, whose +234 number is dialled as is; Skip leaves her unsent
    expect(screen.getByTestId('reminders-next').textContent).toContain('Open next: Amaka Eze');
    expect(screen.getByTestId('reminders-next').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348097774242\?text=/);
    await user.click(screen.getByTestId('reminders-next'));
    await user.click(screen.getByTestId('reminders-skip'));
    expect(screen.getByTestId('reminders-next').textContent).toContain('All sent');
    expect(callsOf(fetchMock).filter((c) => c.method === 'POST')).toHaveLength(1);

    // the run as CSV: both rows, who was sent
    await user.click(screen.getByTestId('reminders-csv'));
    expect(saved.files).toHaveLength(1);
    const [header, adaLine, amakaLine] = saved.files[0]!.csv.split('\r\n');
    expect(header).toBe('Kind,Name,Phone,For,Date,Charge,Paid,Balance,Sent in this run,Last reminded,By');
    expect(adaLine).toMatch(/^Booking,Ada Obi,0803 123 4567,"Bridal booking Dec 5, 2026, Gold",2026-12-05,300000.00,100000.00,200000.00,yes,.+,Studio Admin$/);
    expect(amakaLine).toMatch(/^Makeup student,Amaka Eze,.*,150000.50,0.00,150000.50,no,,$/);
  });

  it('leaves out those reminded lately, with their count, and lists them flagged when asked', async () => {
    const user = setupUser();
    const fetchMock = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('reminder-row')).toHaveLength(2));
    expect(screen.queryByText('Bola Ade')).toBeNull();
    expect(screen.getByText('Reminded in the last 3 days')).toBeTruthy();

    await user.click(screen.getByTestId('reminders-include'));
    await waitFor(() => expect(screen.getAllByTestId('reminder-row')).toHaveLength(3));
    expect(callsOf(fetchMock).some((c) => c.url.searchParams.get('include_reminded') === 'true')).toBe(true);
    const bola = screen.getAllByTestId('reminder-row')[2]!;
    expect(within(bola).getByText('Reminded lately')).toBeTruthy();
    expect(within(bola).getByTestId('reminder-last').textContent).toMatch(/^Reminded Nov 27, 2026, 10:30 by Blessing$/);
  });

  it('asks for a wider window of bookings', async () => {
    const user = setupUser();
    const fetchMock = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('reminder-row')).toHaveLength(2));
    await user.click(screen.getByTestId('reminders-days'));
    await user.click(await screen.findByRole('option', { name: '30 days', hidden: true }));
    await waitFor(() => expect(callsOf(fetchMock).some((c) => c.url.searchParams.get('days') === '30')).toBe(true));
  });
});
