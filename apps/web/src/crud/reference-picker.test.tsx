import { screen, waitFor, within } from '@testing-library/react';
import { PER_PAGE_MAX, clients, resources } from '@studio/shared';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type FetchCall, callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, renderWithProviders, setupUser, storeUser } from '../test/helpers';
import { referencedResource } from './reference-options';
import { PICKER_PAGE_SIZE, ReferencePicker } from './reference-picker';

// 45 clients: three pages of 20; "Ada" matches 12 of them
const CLIENTS = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: i % 4 === 0 ? `Ada Client ${i + 1}` : `Client ${i + 1}`, phone: `0803000${String(i).padStart(4, '0')}` }));

/** The clients API as the server pages it: `q` contains, `page` + `per_page` (422 above the cap), or one record by id. */
function serveClients() {
  return mockFetch((call: FetchCall) => {
    const one = call.url.pathname.match(/^\/api\/clients\/(\d+)$/);
    if (one) return jsonResponse(200, { data: CLIENTS.find((c) => c.id === Number(one[1])) });
    if (call.url.pathname !== '/api/clients') return jsonResponse(404, { message: 'Not found.' });
    const params = call.url.searchParams;
    const perPage = Number(params.get('per_page') ?? 20);
    if (perPage > PER_PAGE_MAX) return jsonResponse(422, { message: 'The given data was invalid.', errors: { per_page: ['Too many.'] } });
    const q = (params.get('q') ?? '').toLowerCase();
    const rows = CLIENTS.filter((c) => c.name.toLowerCase().includes(q));
    if (!params.has('page')) return jsonResponse(200, { data: rows });
    const page = Number(params.get('page'));
    return jsonResponse(200, { data: rows.slice((page - 1) * perPage, page * perPage), current_page: page, last_page: Math.max(1, Math.ceil(rows.length / perPage)), per_page: perPage, total: rows.length });
  });
}

function BoughtBy({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <ReferencePicker referenced={clients} label="Bought by" value={value} onChange={(v) => setValue(v)} data-field="client_id" />
      <output data-testid="chosen">{value ?? 'none'}</output>
    </>
  );
}

const input = () => document.querySelector<HTMLInputElement>('[data-field=client_id]')!;
const offered = () => {
  const listbox = document.getElementById(input().getAttribute('aria-controls') ?? '');
  return listbox ? within(listbox).queryAllByRole('option', { hidden: true }).map((o) => o.textContent) : [];
};
const clientGets = (mock: ReturnType<typeof mockFetch>) => callsOf(mock).filter((c) => c.method === 'GET' && c.url.pathname === '/api/clients');

quietApiClient();

describe('ReferencePicker', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('asks one capped page of what is typed, offers More… while there are more, and never asks for the whole table', async () => {
    storeUser(makeUser({ is_admin: 1 }));
    const mock = serveClients();
    renderWithProviders(<BoughtBy />);
    // nothing is asked before the picker is opened
    expect(clientGets(mock)).toHaveLength(0);
    const user = setupUser();
    await user.click(input());
    await waitFor(() => expect(offered()).toHaveLength(PICKER_PAGE_SIZE + 1));
    expect(offered().at(-1)).toBe('More…');

    await user.type(input(), 'ada');
    await waitFor(() => expect(offered()).toEqual([...CLIENTS.filter((c) => c.name.startsWith('Ada')).map((c) => c.name)]));
    // the search is the server's: one call for the pause after typing, not one per key
    const searched = clientGets(mock).filter((c) => c.url.searchParams.get('q'));
    expect(searched.map((c) => c.url.searchParams.get('q'))).toEqual(['ada']);

    await user.clear(input());
    await waitFor(() => expect(offered().at(-1)).toBe('More…'));
    await user.click(screen.getByTestId('reference-more'));
    await waitFor(() => expect(offered()).toHaveLength(2 * PICKER_PAGE_SIZE + 1));
    await user.click(screen.getByTestId('reference-more'));
    // the last page: 45 in all, and no More…
    await waitFor(() => expect(offered()).toHaveLength(45));
    await user.click(screen.getByRole('option', { name: 'Client 42', hidden: true }));
    expect(screen.getByTestId('chosen').textContent).toBe('42');
    expect(input().value).toBe('Client 42');

    // every call was one page of at most the page size, within the API's cap
    const gets = clientGets(mock);
    expect(gets.length).toBeGreaterThanOrEqual(4);
    for (const call of gets) {
      expect(call.url.searchParams.get('page')).toMatch(/^\d+$/);
      expect(Number(call.url.searchParams.get('per_page'))).toBe(PICKER_PAGE_SIZE);
    }
    expect(PICKER_PAGE_SIZE).toBeLessThanOrEqual(PER_PAGE_MAX);
    expect(gets.map((c) => c.url.searchParams.get('page'))).toContain('3');
  });

  it('names the current value by fetching that one record, before any list is asked', async () => {
    storeUser(makeUser({ is_admin: 1 }));
    const mock = serveClients();
    renderWithProviders(<BoughtBy initial="38" />);
    await waitFor(() => expect(input().value).toBe('Client 38'));
    expect(callsOf(mock).map((c) => c.url.pathname)).toEqual(['/api/clients/38']);
    // opened, the name makes way for a search of the first page; leaving it keeps the choice
    const user = setupUser();
    await user.click(input());
    await waitFor(() => expect(offered()).toHaveLength(PICKER_PAGE_SIZE + 1));
    expect(clientGets(mock)[0]!.url.searchParams.get('q')).toBeNull();
    await user.tab();
    expect(input().value).toBe('Client 38');
    expect(screen.getByTestId('chosen').textContent).toBe('38');
  });

  it('can search every declared reference by the name it shows (the server searches, not the browser)', () => {
    const references = Object.values(resources).flatMap((r) => Object.keys(r.references).map((field) => [r, field] as const));
    expect(references.length).toBeGreaterThanOrEqual(10);
    for (const [r, field] of references) expect(referencedResource(r, field).searchable, `${r.name}.${field}`).toContain('name');
  });
});
