import { screen, waitFor, within } from '@testing-library/react';
import { type Student, listPath, students } from '@studio/shared';
import Papa from 'papaparse';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, quietApiClient, renderRoutes, setupUser, storeUser } from '../test/helpers';
import { ResourceListPage } from './resource-list-page';
import { defineResourceUi } from './resource-ui';

// The generic list page's filters, summary cards, CSV export and row opening, on makeup students as a feature
// would declare them (crud never imports a feature): two reference columns, tabs from the declared list paths.
const studentsUi = defineResourceUi({
  resource: students,
  columns: [
    { key: 'name', label: 'Name' },
    // in the file, not on screen
    { key: 'phone', label: 'Phone', only: 'csv' },
    { key: 'program_id', label: 'Program', kind: 'reference' },
    { key: 'session_id', label: 'Session', kind: 'reference' },
    { key: 'fee', label: 'Fee', kind: 'money' },
    { key: 'balance', label: 'Balance', kind: 'money' },
    { key: 'status', label: 'Status', csv: (s) => s.status.toUpperCase() },
  ],
  fields: [{ name: 'name', label: 'Name', kind: 'text' }],
  views: [
    { value: 'all', label: 'All' },
    { value: 'owing', label: 'Owing', listPath: listPath(students, 'owing') },
  ],
});

const stamp = '2026-03-01T09:00:00.000Z';
const student = (i: number): Student => ({
  id: i,
  name: i === 1 ? '=cmd|x' : `Student ${i}`,
  phone: '0803 000 0000',
  email: null,
  address: null,
  program_id: i % 2 === 0 ? 3 : 4,
  session_id: 9,
  start_date: '2026-01-05',
  end_date: '2026-06-05',
  fee: 100000,
  amount_paid: i % 3 === 0 ? 100000 : 40000,
  balance: i % 3 === 0 ? 0 : 60000,
  status: i % 5 === 0 ? 'suspended' : 'active',
  created_at: stamp,
  updated_at: stamp,
});
/** 230 students: 12 screen pages of 20, 3 export pages of 100. */
const STUDENTS = Array.from({ length: 230 }, (_, i) => student(i + 1));
const PROGRAMS = [
  { id: 3, name: 'Professional makeup', duration: '3 months', fee: 100000, description: null, created_at: stamp, updated_at: stamp },
  { id: 4, name: 'Gele tying', duration: '2 weeks', fee: 100000, description: null, created_at: stamp, updated_at: stamp },
];
const SESSIONS = [{ id: 9, name: 'January class', start_date: '2026-01-05', end_date: '2026-06-30', active: true, created_at: stamp, updated_at: stamp }];

/** The server's own figures, never the sums of a page: the cards must show what it sends. */
const summaryOf = (rows: Student[]) => ({ count: rows.length, fee: rows.length * 1000.5, amount_paid: 77, balance: rows.length * 3 });

function serve(admin = true) {
  storeUser(makeUser(admin ? { id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 } : {}));
  return mockFetch((call: FetchCall) => {
    const path = call.url.pathname;
    const p = call.url.searchParams;
    if (path === '/api/students' || path === '/api/students-owing') {
      let rows = path === '/api/students-owing' ? STUDENTS.filter((s) => s.balance > 0) : STUDENTS;
      if (p.get('status')) rows = rows.filter((s) => s.status === p.get('status'));
      if (p.get('program_id')) rows = rows.filter((s) => s.program_id === Number(p.get('program_id')));
      if (p.get('q')) rows = rows.filter((s) => s.name.toLowerCase().includes(p.get('q')!.toLowerCase()));
      const page = Number(p.get('page') ?? 1);
      const perPage = Number(p.get('per_page') ?? 20);
      return jsonResponse(200, {
        data: rows.slice((page - 1) * perPage, page * perPage),
        current_page: page,
        last_page: Math.max(1, Math.ceil(rows.length / perPage)),
        per_page: perPage,
        total: rows.length,
        summary: summaryOf(rows),
      });
    }
    if (path === '/api/training-programs') return jsonResponse(200, { data: PROGRAMS });
    if (path === '/api/training-session') return jsonResponse(200, { data: SESSIONS });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

/** A page with a status filter, as a feature declares one. */
function FilteredStudents({ onOpen }: { onOpen?: (s: Student) => void }) {
  const [status, setStatus] = useState<string | undefined>(undefined);
  return (
    <ResourceListPage
      ui={studentsUi}
      title="Makeup Students"
      query={{ status, program_id: status ? 4 : undefined }}
      filters={
        <button type="button" onClick={() => setStatus((s) => (s ? undefined : 'suspended'))} data-testid="filter-suspended">
          {status ? 'Every status' : 'Suspended of Gele only'}
        </button>
      }
      summaryCards={[
        { key: 'count', label: 'Students', format: 'count' },
        { key: 'fee', label: 'Fees', format: 'money' },
        { key: 'amount_paid', label: 'Paid', format: 'money' },
        { key: 'balance', label: 'Balance', format: 'money' },
      ]}
      csv={{ name: 'makeup-students' }}
      onOpen={onOpen}
      rowActions={(s) => (
        <button type="button" data-testid="row-poke" aria-label={`Poke ${s.name}`}>
          poke
        </button>
      )}
    />
  );
}

function renderPage(options: { admin?: boolean; onOpen?: (s: Student) => void } = {}) {
  const fetchMock = serve(options.admin ?? true);
  renderRoutes([{ path: '/students', element: <FilteredStudents onOpen={options.onOpen} /> }], '/students');
  const listCalls = () =>
    callsOf(fetchMock)
      .filter((c) => c.url.pathname.startsWith('/api/students'))
      .map((c) => `${c.url.pathname}?${c.url.searchParams}`);
  return { fetchMock, listCalls };
}

const rows = () => screen.queryAllByTestId('resource-row');
const figure = (key: string) => screen.getByTestId(`summary-${key}-value`).textContent;

/** Catches the file an export saves: its name and its text (without the byte-order mark). */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      blob = b;
      return 'blob:export';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blob! });
  });
  return {
    files,
    async lines(i = 0) {
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await files[i]!.blob.arrayBuffer());
      expect(text.charCodeAt(0)).toBe(0xfeff);
      return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    },
  };
}

quietApiClient();
afterEach(() => vi.restoreAllMocks());

describe('ResourceListPage: filters, summary, CSV, opening a row', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('sends the filters with every list call, keeps them in the query key, and goes back to page 1 when they change', async () => {
    const { listCalls } = renderPage();
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));
    // no filter: nothing extra in the address
    expect(listCalls()).toEqual(['/api/students?page=1&per_page=20&sort=start_date&order=desc']);
    await user.click(within(screen.getByTestId('list-pagination')).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Student 41');

    await user.click(screen.getByTestId('filter-suspended'));
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toBe('23 records'));
    expect(listCalls().at(-1)).toBe('/api/students?status=suspended&program_id=4&page=1&per_page=20&sort=start_date&order=desc');
    expect(rows()).toHaveLength(20);
    expect(rows().every((r) => within(r).queryByText('suspended'))).toBe(true);

    // another tab keeps the filters, on its own path
    await user.click(screen.getByTestId('view-owing'));
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/students-owing?status=suspended&program_id=4&page=1&per_page=20&sort=start_date&order=desc'));
    // the search is sent with them
    await user.type(screen.getByTestId('list-search'), 'student 2');
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/students-owing?status=suspended&program_id=4&page=1&per_page=20&sort=start_date&order=desc&q=student+2'));
  });

  it("shows the server's summary of what is shown as cards: its figures, not the page's sums", async () => {
    renderPage();
    const user = setupUser();
    await waitFor(() => expect(figure('count')).toBe('230'));
    expect(figure('fee')).toBe('₦230,115.00');
    expect(figure('amount_paid')).toBe('₦77.00');
    expect(figure('balance')).toBe('₦690.00');
    expect(within(screen.getByTestId('summary-count')).getByText('All')).toBeTruthy();

    await user.click(screen.getByTestId('view-owing'));
    await waitFor(() => expect(figure('count')).toBe('154'));
    expect(figure('balance')).toBe('₦462.00');
    await user.click(screen.getByTestId('filter-suspended'));
    await waitFor(() => expect(figure('count')).toBe('15'));
    expect(within(screen.getByTestId('summary-count')).getByText('Owing · filtered')).toBeTruthy();
  });

  it('exports every page of the tab, search and filters shown, 100 a page, with reference names', async () => {
    const { listCalls } = renderPage();
    const downloads = catchDownloads();
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(listCalls().filter((c) => c.includes('per_page=100'))).toEqual([
      '/api/students?page=1&per_page=100&sort=start_date&order=desc',
      '/api/students?page=2&per_page=100&sort=start_date&order=desc',
      '/api/students?page=3&per_page=100&sort=start_date&order=desc',
    ]);
    expect(downloads.files[0]!.name).toBe('makeup-students.csv');
    const [header, ...lines] = await downloads.lines();
    expect(header).toEqual(['Name', 'Phone', 'Program', 'Session', 'Fee', 'Balance', 'Status']);
    expect(lines).toHaveLength(230);
    // references by name, money as plain numbers, the column's own csv value, formulas defused
    expect(lines[0]).toEqual(["'=cmd|x", '0803 000 0000', 'Gele tying', 'January class', '100000.00', '60000.00', 'ACTIVE']);
    expect(lines[1]).toEqual(['Student 2', '0803 000 0000', 'Professional makeup', 'January class', '100000.00', '60000.00', 'ACTIVE']);
    expect(await screen.findByText('230 rows saved to makeup-students.csv.')).toBeTruthy();

    await user.click(screen.getByTestId('view-owing'));
    await user.click(screen.getByTestId('filter-suspended'));
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toBe('15 records'));
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() => expect(downloads.files).toHaveLength(2));
    expect(listCalls().at(-1)).toBe('/api/students-owing?status=suspended&program_id=4&page=1&per_page=100&sort=start_date&order=desc');
    expect(downloads.files[1]!.name).toBe('makeup-students-owing.csv');
    expect(await downloads.lines(1)).toHaveLength(16);
  });

  it('opens a record on a row click and from its first cell, not from its own buttons', async () => {
    const onOpen = vi.fn();
    renderPage({ onOpen });
    const user = setupUser();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.click(within(rows()[3]!).getAllByText('₦100,000.00')[0]!);
    expect(onOpen).toHaveBeenLastCalledWith(STUDENTS[3]);
    await user.click(within(rows()[4]!).getByTestId('row-open'));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenLastCalledWith(STUDENTS[4]);
    await user.click(within(rows()[5]!).getByTestId('row-poke'));
    await user.click(within(rows()[5]!).getByTestId('row-edit'));
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('shows staff no reference column naming a resource they may not read, and never asks for it', async () => {
    const { fetchMock } = renderPage({ admin: false });
    await waitFor(() => expect(rows()).toHaveLength(20));
    const headers = [...screen.getByTestId('resource-table').querySelectorAll('th')].map((th) => th.textContent);
    // (a CSV-only column is never on screen)
    expect(headers).toEqual(['Name', 'Fee', 'Balance', 'Status', 'Actions']);
    expect(callsOf(fetchMock).map((c) => c.url.pathname)).toEqual(['/api/students']);
  });
});
