import { screen, waitFor, within } from '@testing-library/react';
import { type ActivityEntry, type RecordOf, trainingPrograms } from '@studio/shared';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../lib/auth-store';
import { callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, renderRoutes, setupUser, storeUser } from '../test/helpers';
import { ResourceListPage } from './resource-list-page';
import { defineResourceUi } from './resource-ui';

// the Program Types page as its feature declares it (crud never imports a feature)
const programsUi = defineResourceUi({
  resource: trainingPrograms,
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'duration', label: 'Duration' },
    { key: 'fee', label: 'Fee', kind: 'money' },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'duration', label: 'Duration', kind: 'text' },
    { name: 'fee', label: 'Fee', kind: 'money' },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
});

const stamp = '2026-03-01T09:00:00.000Z';
const later = '2026-03-02T10:30:00.000Z';

type Program = RecordOf<typeof trainingPrograms>;

const MAKEUP: Program = { id: 3, name: 'Professional Makeup Masterclass', duration: '3 months', fee: 175000, description: null, plan: null, min_attendance_percent: null, created_at: stamp, updated_at: later };
const GELE: Program = { id: 4, name: 'Gele Tying', duration: '2 weeks', fee: 30000, description: null, plan: null, min_attendance_percent: null, created_at: stamp, updated_at: stamp };

const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  user_id: 1,
  user_name: 'Studio Admin',
  action: 'update',
  resource: 'training-programs',
  record_id: 3,
  before: null,
  after: null,
  created_at: stamp,
  ...overrides,
});

const before = { ...MAKEUP, name: 'Professional Makeup', fee: 150000, updated_at: stamp };
const HASH = '$2b$10$abcdefghijklmnopqrstuv';
const HISTORY: ActivityEntry[] = [
  // what the API logs for PUT /api/training-programs/3 { name, fee }, plus a secret key and a hash-like value that must not show
  entry({ id: 12, before: { ...before, secret_hash: 'x' }, after: { ...MAKEUP, secret_hash: 'y', description: HASH }, created_at: later }),
  entry({ id: 11, action: 'create', user_name: 'Ada Obi', after: before }),
];

const paged = <T,>(rows: T[], perPage = 20) => ({ data: rows, current_page: 1, last_page: 1, per_page: perPage, total: rows.length });

function renderPrograms(user: CurrentUser, rowActions?: (row: Program) => ReactNode) {
  storeUser(user);
  const fetchMock = mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/training-programs') return jsonResponse(200, paged([GELE, MAKEUP]));
    if (path === '/api/activity-log') return jsonResponse(200, paged(HISTORY, 10));
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderRoutes([{ path: '/', element: <ResourceListPage ui={programsUi} title="Program Types" rowActions={rowActions} /> }], '/');
  return fetchMock;
}

const admin = () => makeUser({ id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 });
const staff = () => makeUser({ id: 7, is_admin: 0 });
const rowOf = (name: string) => screen.getAllByTestId('resource-row').find((row) => within(row).queryByText(name))!;

// the API client logs every failed call with console.warn; the failures here are expected
quietApiClient();

describe('record history', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it("shows an admin a record's entries from the activity log: who, when, what, and the fields an edit changed", async () => {
    const fetchMock = renderPrograms(admin());
    await screen.findByText('Gele Tying');
    const button = within(rowOf('Professional Makeup Masterclass')).getByTestId('row-history');
    expect(button.getAttribute('aria-label')).toBe('History of Professional Makeup Masterclass');
    expect(screen.getAllByTestId('row-history')).toHaveLength(2);

    await setupUser().click(button);
    const drawer = await screen.findByTestId('record-history');
    const entries = await within(drawer).findAllByTestId('history-entry');
    expect(within(drawer).getByTestId('history-title').textContent).toBe('Professional Makeup Masterclass');

    const [call] = callsOf(fetchMock).filter((c) => c.url.pathname === '/api/activity-log');
    expect(call!.url.searchParams.get('resource')).toBe('training-programs');
    expect(call!.url.searchParams.get('record_id')).toBe('3');
    expect(call!.url.searchParams.get('page')).toBe('1');

    // newest first, as the API sends them
    expect(entries.map((e) => within(e).getByTestId('history-action').textContent)).toEqual(['Updated', 'Created']);
    expect(entries.map((e) => within(e).getByTestId('history-who').textContent)).toEqual(['Studio Admin', 'Ada Obi']);
    expect(within(entries[0]!).getByTestId('history-when').textContent).toMatch(/^Mar 2, 2026, \d{2}:30$/);
    // only what changed, in the list's column order, money as naira; never timestamps, hashes or secret keys
    expect(within(entries[0]!).getAllByTestId('history-change').map((c) => c.textContent)).toEqual([
      'Name: Professional Makeup → Professional Makeup Masterclass',
      'Fee: ₦150,000.00 → ₦175,000.00',
    ]);
    expect(drawer.textContent).not.toMatch(/\$2b\$|secret|description|updated.at/i);
    // a creation is its label alone
    expect(within(entries[1]!).queryAllByTestId('history-change')).toHaveLength(0);
  });

  it('never offers staff the history (the API answers 403), and never asks for it', async () => {
    // a page action of staff's own keeps the actions column, so only the role hides the history
    const fetchMock = renderPrograms(staff(), () => <button type="button">Print</button>);
    await screen.findByText('Gele Tying');
    expect(screen.getAllByRole('button', { name: 'Print' })).toHaveLength(2);
    expect(screen.queryAllByTestId('row-history')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /History of/ })).toBeNull();
    expect(screen.queryByTestId('record-history')).toBeNull();
    expect(callsOf(fetchMock).some((c) => c.url.pathname === '/api/activity-log')).toBe(false);
  });

  it('pages through a long history', async () => {
    const many = Array.from({ length: 10 }, (_, i) => entry({ id: 100 - i, before: { fee: 1000 * i }, after: { fee: 1000 * (i + 1) } }));
    storeUser(admin());
    const fetchMock = mockFetch((call) => {
      if (call.url.pathname === '/api/training-programs') return jsonResponse(200, paged([MAKEUP]));
      const page = Number(call.url.searchParams.get('page'));
      const rows = page === 1 ? many : [entry({ id: 1, action: 'create', after: before })];
      return jsonResponse(200, { data: rows, current_page: page, last_page: 2, per_page: 10, total: 11 });
    });
    renderRoutes([{ path: '/', element: <ResourceListPage ui={programsUi} title="Program Types" /> }], '/');
    await screen.findByText('Professional Makeup Masterclass');
    const user = setupUser();
    await user.click(screen.getByTestId('row-history'));
    const drawer = await screen.findByTestId('record-history');
    expect(await within(drawer).findAllByTestId('history-entry')).toHaveLength(10);
    expect(within(drawer).getByTestId('history-range').textContent).toBe('Showing 1–10 of 11');
    await user.click(within(within(drawer).getByTestId('history-pagination')).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(drawer).getAllByTestId('history-entry')).toHaveLength(1));
    expect(within(drawer).getByTestId('history-action').textContent).toBe('Created');
    expect(callsOf(fetchMock).filter((c) => c.url.pathname === '/api/activity-log').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });
});
