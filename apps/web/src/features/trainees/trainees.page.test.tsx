import { screen, waitFor, within } from '@testing-library/react';
import type { HostelStudent, Student } from '@studio/shared';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { type FetchCall, COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, quietApiClient, renderRoutes, setupUser, storeUser } from '../../test/helpers';
import { HostelVacatedPage, ManageHostelPage } from './hostel-students.ui';
import { OfficeStudentsPage } from './office-students.ui';
import { MakeupStudentsInSessionPage, MakeupStudentsPage } from './students.ui';
import { bedsTakenByPricing } from './hostel-beds';
import { studioDate } from '../../lib/studio-time';

const stamp = '2026-03-01T09:00:00.000Z';
const base = { phone: '0803 111 2222', start_date: '2026-01-05', end_date: '2026-06-30', fee: 350000, amount_paid: 50000, balance: 300000, status: 'active' as const, created_at: stamp, updated_at: stamp };
const STUDENTS: Student[] = [
  { ...base, id: 1, name: 'Amaka Nwosu', email: null, address: null, program_id: 3, session_id: 9 },
  { ...base, id: 2, name: 'Bisi Alade', email: null, address: null, program_id: 4, session_id: 9, status: 'suspended' },
  { ...base, id: 3, name: 'Chi Okoro', email: null, address: null, program_id: 3, session_id: 10, amount_paid: 350000, balance: 0 },
];
const HOSTEL: HostelStudent[] = [
  { ...base, id: 21, name: 'Ada in B2', student_id: null, pricing_id: 31, session_id: null, room: 'B2', fee: 60000, amount_paid: 0, balance: 60000, checked_out: false },
  { ...base, id: 22, name: 'Ngozi in B3', student_id: 1, pricing_id: 31, session_id: 9, room: 'B3', fee: 60000, amount_paid: 0, balance: 60000, checked_out: false },
  // booked, not yet checked in
  { ...base, id: 23, name: 'Funke in A1', start_date: '2099-01-10', end_date: '2099-03-10', student_id: null, pricing_id: 32, session_id: null, room: 'A1', fee: 90000, amount_paid: 0, balance: 90000, checked_out: false },
];
const PROGRAMS = [
  { id: 3, name: 'Professional makeup', duration: '3 months', fee: 350000, description: null, created_at: stamp, updated_at: stamp },
  { id: 4, name: 'Gele tying', duration: '2 weeks', fee: 50000, description: null, created_at: stamp, updated_at: stamp },
];
const SESSIONS = [
  { id: 9, name: 'January class', start_date: '2026-01-05', end_date: '2026-06-30', active: true, created_at: stamp, updated_at: stamp },
  { id: 10, name: 'May class', start_date: '2026-05-04', end_date: '2026-10-30', active: true, created_at: stamp, updated_at: stamp },
  { id: 11, name: 'Old class', start_date: '2025-01-05', end_date: '2025-06-30', active: false, created_at: stamp, updated_at: stamp },
];
const EXTRA = [
  { id: 31, type: 'hostel', name: 'Shared room', price: 60000, duration: 'per month', description: null, created_at: stamp, updated_at: stamp },
  { id: 32, type: 'hostel', name: 'Single room', price: 90000, duration: 'per month', description: null, created_at: stamp, updated_at: stamp },
  { id: 33, type: 'hostel', name: 'Suite', price: 150000, duration: 'per month', description: null, created_at: stamp, updated_at: stamp },
  { id: 41, type: 'office', name: 'Microblading', price: 250000, duration: '2 weeks', description: null, created_at: stamp, updated_at: stamp },
];

const paged = <T,>(rows: T[]) => ({ data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length, summary: { count: rows.length * 100, fee: 1234.5, amount_paid: 1000, balance: 234.5 } });

/** The trainee lists (every path answers with its rows and the server's summary), the reference lists, and the writes. */
function serve(admin: boolean) {
  storeUser(makeUser(admin ? { id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 } : {}));
  const writes: FetchCall[] = [];
  const lists: Record<string, unknown[]> = {
    '/api/students': STUDENTS,
    '/api/students-insession': STUDENTS.slice(0, 1),
    '/api/students-owing': STUDENTS.slice(0, 2),
    '/api/hostel-students': HOSTEL,
    '/api/hostel-students-insession': HOSTEL,
    '/api/hostel-students-owing': HOSTEL,
    '/api/hostel-students-vacated': HOSTEL.slice(2),
    '/api/office-students': [],
  };
  const whole: Record<string, unknown[]> = { '/api/training-programs': PROGRAMS, '/api/training-session': SESSIONS, '/api/extra-programs': EXTRA, '/api/students': STUDENTS };
  const fetchMock = mockFetch((call) => {
    const path = call.url.pathname;
    if (call.method === 'POST') {
      writes.push(call);
      if (path === '/api/students') return jsonResponse(201, { data: { ...STUDENTS[0], ...(call.body as object), id: 99 } });
      if (path === '/api/hostel-students' || path === '/api/office-students') return jsonResponse(201, { data: { ...HOSTEL[0], ...(call.body as object), id: 98 } });
      if (path === '/api/hostel-students/check-out') {
        const body = call.body as { id: number; date: string };
        return jsonResponse(200, { data: { ...HOSTEL.find((h) => h.id === body.id)!, end_date: body.date, checked_out: true, status: 'completed' } });
      }
      const body = call.body as { id: number; suspended?: boolean; session_id?: number };
      const was = STUDENTS.find((s) => s.id === body.id)!;
      const status = body.suspended === undefined ? was.status : body.suspended ? 'suspended' : 'active';
      return jsonResponse(200, { data: { ...was, status, session_id: body.session_id ?? was.session_id } });
    }
    if (call.url.searchParams.has('page') && lists[path]) return jsonResponse(200, paged(lists[path]));
    if (whole[path]) return jsonResponse(200, { data: whole[path] });
    if (lists[path]) return jsonResponse(200, { data: lists[path] });
    // one record by id (the session a trainee is in, named by the change-session form)
    const byId = path.match(/^(\/api\/[a-z-]+)\/(\d+)$/);
    if (byId && whole[byId[1]!] && byId[1] !== '/api/students') return jsonResponse(200, { data: (whole[byId[1]!] as { id: number }[]).find((r) => r.id === Number(byId[2])) });
    const one = path.match(/^\/api\/students\/(\d+)$/);
    if (one) return jsonResponse(200, { data: STUDENTS.find((s) => s.id === Number(one[1])) });
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { fetchMock, writes };
}

function renderPage(Page: ComponentType<{ title: string }>, { admin = true, title = 'Trainees' } = {}) {
  const served = serve(admin);
  renderRoutes([{ path: '/page', element: <Page title={title} /> }], '/page');
  const gets = () => callsOf(served.fetchMock).filter((c) => c.method === 'GET');
  return { ...served, gets };
}

const rowOf = (name: string) => screen.getAllByTestId('resource-row').find((row) => within(row).queryByText(name))!;
const headers = () => [...screen.getByTestId('resource-table').querySelectorAll('th')].map((th) => th.textContent);

quietApiClient();

describe('trainee pages', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('Makeup Students: tabs on the declared list paths, program and session by name, the server’s totals, filters sent', async () => {
    const { gets } = renderPage(MakeupStudentsPage, { title: 'Makeup Students' });
    const user = setupUser();
    await screen.findByText('Amaka Nwosu');
    expect([...screen.getByTestId('list-views').querySelectorAll('[role=tab]')].map((t) => t.textContent)).toEqual(['All', 'In session', 'Owing']);
    // the session is in the detail and the CSV: the table keeps room for balance and status beside the actions
    expect(headers()).toEqual(['Name', 'Program', 'Starts', 'Ends', 'Fee', 'Balance', 'Status', 'Actions']);
    expect(within(rowOf('Amaka Nwosu')).getByText('0803 111 2222')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Amaka Nwosu')).getByText('Professional makeup')).toBeTruthy());
    expect(within(rowOf('Bisi Alade')).getByText('Gele tying')).toBeTruthy();
    expect(within(rowOf('Bisi Alade')).getByTestId('trainee-status').textContent).toBe('Suspended');
    await waitFor(() => expect(screen.getByTestId('summary-count-value').textContent).toBe('300'));
    expect(screen.getByTestId('summary-balance-value').textContent).toBe('₦234.50');

    const listPaths = () => gets().filter((c) => c.url.searchParams.has('page')).map((c) => c.url.pathname);
    await user.click(screen.getByTestId('view-insession'));
    await waitFor(() => expect(listPaths().at(-1)).toBe('/api/students-insession'));
    await user.click(screen.getByTestId('view-owing'));
    await waitFor(() => expect(listPaths().at(-1)).toBe('/api/students-owing'));

    // a program picked is a filter of the list shown
    await user.click(screen.getByTestId('filter-program_id'));
    await user.click(await screen.findByRole('option', { name: 'Gele tying', hidden: true }));
    await waitFor(() => expect(gets().at(-1)!.url.searchParams.get('program_id')).toBe('4'));
    expect(gets().at(-1)!.url.pathname).toBe('/api/students-owing');
    expect(gets().at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('adds a student: the program fills the fee, the session the start, the program the end; a deposit goes with the create', async () => {
    const { writes } = renderPage(MakeupStudentsPage);
    const user = setupUser();
    await screen.findByText('Amaka Nwosu');
    await user.click(screen.getByTestId('create-button'));
    const form = await screen.findByTestId('resource-form-body');
    const field = (name: string) => form.querySelector<HTMLInputElement>(`[data-field=${name}]`)!;
    const pick = async (name: string, option: string) => {
      await user.click(field(name));
      const listbox = document.getElementById(field(name).getAttribute('aria-controls') ?? '')!;
      await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
    };
    await user.type(field('name'), 'Zainab Bello');
    await user.type(field('phone'), '0803 555 0101');
    await pick('program_id', 'Gele tying');
    await waitFor(() => expect(field('fee').value).toBe('₦50,000.00'));
    await pick('session_id', 'May class');
    // no payment method until a deposit is typed
    expect(field('payment_method')).toBeNull();
    await user.clear(field('amount_paid'));
    await user.type(field('amount_paid'), '20000');
    await waitFor(() => expect(field('payment_method')).toBeTruthy());
    // nothing is chosen for the desk: a deposit without its method is refused in the form
    expect(field('payment_method').value).toBe('');
    await user.click(screen.getByTestId('form-submit'));
    expect(await within(form).findByText(/Choose how the deposit was paid/)).toBeTruthy();
    expect(writes).toHaveLength(0);
    await pick('payment_method', 'Bank transfer');
    await user.click(screen.getByTestId('form-submit'));

    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.url.pathname).toBe('/api/students');
    expect(writes[0]!.body).toMatchObject({
      name: 'Zainab Bello',
      program_id: 4,
      session_id: 10,
      // the session's start, plus the program's 2 weeks (not the session's end, 2026-10-30)
      start_date: '2026-05-04',
      end_date: '2026-05-18',
      fee: 50000,
      amount_paid: 20000,
      payment_method: 'transfer',
    });
  });

  it('suspends and reinstates: POST suspend with the id and the flag', async () => {
    const { writes } = renderPage(MakeupStudentsPage);
    const user = setupUser();
    await screen.findByText('Amaka Nwosu');
    await user.click(within(rowOf('Amaka Nwosu')).getByTestId('row-more'));
    await user.click(await screen.findByTestId('row-suspend'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.url.pathname).toBe('/api/students/suspend');
    expect(writes[0]!.body).toEqual({ id: 1, suspended: true });
    expect(await screen.findByText('Amaka Nwosu suspended.')).toBeTruthy();

    await user.click(within(rowOf('Bisi Alade')).getByTestId('row-more'));
    const reinstate = await screen.findByRole('menuitem', { name: 'Reinstate', hidden: true });
    await user.click(reinstate);
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]!.body).toEqual({ id: 2, suspended: false });
  });

  it('changes the session from a small form of the active sessions: POST change-session', async () => {
    const { writes } = renderPage(MakeupStudentsPage);
    const user = setupUser();
    await screen.findByText('Amaka Nwosu');
    await user.click(within(rowOf('Amaka Nwosu')).getByTestId('row-more'));
    await user.click(await screen.findByTestId('row-change-session'));
    const form = await screen.findByTestId('change-session-form');
    await waitFor(() => expect(within(form).getByText(/is in January class/)).toBeTruthy());
    const select = within(form).getByTestId('change-session-select');
    await user.click(select);
    const listbox = () => document.getElementById(select.getAttribute('aria-controls') ?? '');
    // a closed intake is not offered; past intakes come latest first (after any current and future ones)
    await waitFor(() => expect(within(listbox()!).getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['May class', 'January class']));
    await user.click(within(listbox()!).getByRole('option', { name: 'May class', hidden: true }));
    await user.click(within(form).getByTestId('change-session-submit'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.url.pathname).toBe('/api/students/change-session');
    expect(writes[0]!.body).toEqual({ id: 1, session_id: 10 });
    await waitFor(() => expect(screen.queryByTestId('change-session-form')).toBeNull());
  });

  it('opens a trainee from the row: figures, details and the actions', async () => {
    renderPage(MakeupStudentsPage);
    const user = setupUser();
    await screen.findByText('Amaka Nwosu');
    await user.click(within(rowOf('Amaka Nwosu')).getByTestId('row-open'));
    expect((await screen.findByTestId('trainee-balance')).textContent).toBe('₦300,000.00');
    const detail = await screen.findByRole('dialog', { name: 'Amaka Nwosu' });
    await waitFor(() => expect(within(detail).getByText('Professional makeup')).toBeTruthy());
    expect(within(detail).getByText('January class')).toBeTruthy();
    expect(within(detail).getByTestId('trainee-suspend').textContent).toBe('Suspend');
    expect(within(detail).getByTestId('remind-balance')).toBeTruthy();
    await user.click(within(detail).getByTestId('trainee-payments'));
    expect(await screen.findByTestId('payments-drawer')).toBeTruthy();
  });

  it('Manage Hostel: a Vacated tab, and the beds taken today by pricing from the in-session list', async () => {
    const { gets } = renderPage(ManageHostelPage, { title: 'Manage Hostel' });
    const user = setupUser();
    await screen.findByText('Ada in B2');
    expect([...screen.getByTestId('list-views').querySelectorAll('[role=tab]')].map((t) => t.textContent)).toEqual(['All', 'In session', 'Owing', 'Vacated']);
    await waitFor(() => expect(screen.getByTestId('beds-31-value').textContent).toBe('2'));
    expect(screen.getByTestId('beds-32-value').textContent).toBe('1');
    expect(screen.getByTestId('beds-33-value').textContent).toBe('0');
    expect(within(screen.getByTestId('beds-31')).getByText('Shared room')).toBeTruthy();
    // PMU packages are not hostel pricings
    expect(screen.queryByTestId('beds-41')).toBeNull();
    expect(gets().filter((c) => c.url.pathname === '/api/hostel-students-insession' && !c.url.searchParams.has('page'))).toHaveLength(1);

    await user.click(screen.getByTestId('view-vacated'));
    await waitFor(() => expect(gets().at(-1)!.url.pathname).toBe('/api/hostel-students-vacated'));
  });

  it('adds a PMU student: the package fills the fee and the dates (today, plus its 2 weeks)', async () => {
    const { writes } = renderPage(OfficeStudentsPage, { title: 'PMU Students' });
    const user = setupUser();
    await user.click(await screen.findByTestId('create-button'));
    const form = await screen.findByTestId('resource-form-body');
    const field = (name: string) => form.querySelector<HTMLInputElement>(`[data-field=${name}]`)!;
    await user.type(field('name'), 'Ifeoma Eze');
    await user.type(field('phone'), '0803 555 0102');
    await user.click(field('package_id'));
    const listbox = document.getElementById(field('package_id').getAttribute('aria-controls') ?? '')!;
    await user.click(await within(listbox).findByRole('option', { name: 'Microblading', hidden: true }));
    await waitFor(() => expect(field('fee').value).toBe('₦250,000.00'));
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes).toHaveLength(1));
    const today = studioDate();
    const end = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)) + 14)).toISOString().slice(0, 10);
    expect(writes[0]!.url.pathname).toBe('/api/office-students');
    expect(writes[0]!.body).toMatchObject({ name: 'Ifeoma Eze', package_id: 41, fee: 250000, start_date: today, end_date: end });
  });

  it('adds a hostel student from a makeup student: her name, phone, session and dates; the pricing its fee', async () => {
    const { writes } = renderPage(ManageHostelPage, { title: 'Manage Hostel' });
    const user = setupUser();
    await screen.findByText('Ada in B2');
    await user.click(screen.getByTestId('create-button'));
    const form = await screen.findByTestId('resource-form-body');
    const field = (name: string) => form.querySelector<HTMLInputElement>(`[data-field=${name}]`)!;
    const pick = async (name: string, option: string) => {
      await user.click(field(name));
      const listbox = document.getElementById(field(name).getAttribute('aria-controls') ?? '')!;
      await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
    };
    await pick('student_id', 'Amaka Nwosu');
    await waitFor(() => expect(field('name').value).toBe('Amaka Nwosu'));
    await pick('pricing_id', 'Single room');
    await waitFor(() => expect(field('fee').value).toBe('₦90,000.00'));
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.url.pathname).toBe('/api/hostel-students');
    // she stays for her training: its dates (the makeup student's), not empty
    expect(writes[0]!.body).toMatchObject({ name: 'Amaka Nwosu', student_id: 1, session_id: 9, pricing_id: 32, fee: 90000, start_date: '2026-01-05', end_date: '2026-06-30' });
  });

  it('checks a hostel student out: today by default, POST check-out, her bed freed (the lists refresh)', async () => {
    const { writes, gets } = renderPage(ManageHostelPage, { title: 'Manage Hostel' });
    const user = setupUser();
    await screen.findByText('Ada in B2');
    const bedsAsked = () => gets().filter((c) => c.url.pathname === '/api/hostel-students-insession' && !c.url.searchParams.has('page')).length;
    await waitFor(() => expect(bedsAsked()).toBe(1));
    // one not yet checked in cannot be checked out (her booking is edited or deleted instead)
    await user.click(within(rowOf('Funke in A1')).getByTestId('row-more'));
    expect(await screen.findByTestId('row-suspend')).toBeTruthy();
    expect(screen.queryByTestId('row-check-out')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('row-suspend')).toBeNull());
    await user.click(within(rowOf('Ada in B2')).getByTestId('row-more'));
    await user.click(await screen.findByTestId('row-check-out'));
    const form = await screen.findByTestId('check-out-form');
    expect(within(form).getByText(/checked in on/)).toBeTruthy();
    await user.click(within(form).getByTestId('check-out-submit'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.url.pathname).toBe('/api/hostel-students/check-out');
    expect(writes[0]!.body).toEqual({ id: 21, date: studioDate() });
    expect(await screen.findByText(/Ada in B2 checked out on .*: her bed is free\./)).toBeTruthy();
    await waitFor(() => expect(bedsAsked()).toBe(2));
  });

  it('check-out states what she still owes and offers the payment or a fee change', async () => {
    const { writes } = renderPage(ManageHostelPage, { title: 'Manage Hostel' });
    const user = setupUser();
    await screen.findByText('Ada in B2');
    await user.click(within(rowOf('Ada in B2')).getByTestId('row-more'));
    await user.click(await screen.findByTestId('row-check-out'));
    const owed = await screen.findByTestId('check-out-balance');
    expect(owed.textContent).toContain('She still owes ₦60,000.00');
    expect(owed.textContent).toContain('Fee ₦60,000.00, paid ₦0.00');
    // a fee change: her form, for the fee
    await user.click(within(owed).getByTestId('check-out-change-fee'));
    await waitFor(() => expect(screen.queryByTestId('check-out-form')).toBeNull());
    expect(await screen.findByText('Edit Hostel Student')).toBeTruthy();
    await user.click(within(screen.getByTestId('resource-form-body')).getByRole('button', { name: 'Cancel' }));
    // the payment: her payments, to take it
    await user.click(within(rowOf('Ada in B2')).getByTestId('row-more'));
    await user.click(await screen.findByTestId('row-check-out'));
    await user.click(within(await screen.findByTestId('check-out-balance')).getByTestId('check-out-pay'));
    expect(await screen.findByTestId('payments-drawer')).toBeTruthy();
    expect(writes).toHaveLength(0);
  });

  it('a staff page asks only for its own list path (search too), read-only, without reference columns', async () => {
    const { gets, writes } = renderPage(MakeupStudentsInSessionPage, { admin: false, title: 'Makeup Students (In Session)' });
    const user = setupUser();
    await screen.findByText('Amaka Nwosu');
    expect(headers()).toEqual(['Name', 'Starts', 'Ends', 'Fee', 'Balance', 'Status']);
    expect(screen.queryByTestId('list-views')).toBeNull();
    for (const id of ['create-button', 'row-edit', 'row-delete', 'row-payments', 'row-more', 'row-history', 'list-export']) expect(screen.queryByTestId(id)).toBeNull();
    await user.type(screen.getByTestId('list-search'), 'amaka');
    await waitFor(() => expect(gets().at(-1)!.url.searchParams.get('q')).toBe('amaka'));
    expect(new Set(gets().map((c) => c.url.pathname))).toEqual(new Set(['/api/students-insession']));
    expect(writes).toHaveLength(0);
  });

  it('the staff Vacated page lists /api/hostel-students-vacated only', async () => {
    const { gets } = renderPage(HostelVacatedPage, { admin: false, title: 'Hostel (Vacated)' });
    await screen.findByText('Funke in A1');
    expect(new Set(gets().map((c) => c.url.pathname))).toEqual(new Set(['/api/hostel-students-vacated']));
  });

  it('counts beds by pricing', () => {
    expect([...bedsTakenByPricing([{ pricing_id: 1 }, { pricing_id: 2 }, { pricing_id: 1 }])]).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});
