import { screen, waitFor, within } from '@testing-library/react';
import { type BridalBooking, bridalBookings, bridalPackages, users } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { type FetchCall, callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, renderRoutes, setupUser, storeUser } from '../test/helpers';
import { referencedResource } from './reference-options';
import { ResourceListPage } from './resource-list-page';
import { defineResourceUi } from './resource-ui';

// bookings as their feature would declare them (crud never imports a feature): two references
const bookingsUi = defineResourceUi({
  resource: bridalBookings,
  columns: [
    { key: 'client_name', label: 'Client' },
    { key: 'package_id', label: 'Package', kind: 'reference' },
    { key: 'artist_id', label: 'Artist', kind: 'reference' },
    { key: 'price', label: 'Price', kind: 'money' },
  ],
  fields: [
    { name: 'client_name', label: 'Client', kind: 'text', required: true },
    { name: 'phone', label: 'Phone', kind: 'text', required: true },
    { name: 'event_date', label: 'Event date', kind: 'date', required: true, defaultValue: '2026-12-24' },
    {
      name: 'package_id',
      label: 'Package',
      kind: 'reference',
      required: true,
      optionFilter: (pkg) => pkg.active === true,
      fill: (pkg) => ({ price: pkg.price }),
    },
    { name: 'price', label: 'Price', kind: 'money' },
    { name: 'artist_id', label: 'Artist', kind: 'reference' },
  ],
  titleField: 'client_name',
});

const stamp = '2026-03-01T09:00:00.000Z';
const PACKAGES = [
  { id: 3, name: 'Bridal Gold', price: 250000, description: null, active: true, created_at: stamp, updated_at: stamp },
  { id: 4, name: 'Bridal Silver', price: 150000, description: null, active: true, created_at: stamp, updated_at: stamp },
  { id: 5, name: 'Bridal Classic', price: 90000, description: null, active: false, created_at: stamp, updated_at: stamp },
];
const STAFF = [
  makeUser({ id: 7, name: 'Ada Obi', username: 'ada' }),
  makeUser({ id: 8, name: 'Bisi Alade', username: 'bisi' }),
];

const booking = (overrides: Partial<BridalBooking>): BridalBooking => ({
  id: 1,
  client_name: 'Client',
  phone: '0803 123 4567',
  email: null,
  event_date: '2026-12-24',
  event_time: null,
  event_location: null,
  package_id: 3,
  price: 250000,
  amount_paid: 0,
  balance: 250000,
  status: 'pending',
  artist_id: null,
  note: null,
  deposit_outcome: null,
  created_at: stamp,
  updated_at: stamp,
  ...overrides,
});
const BOOKINGS = [
  booking({ id: 1, client_name: 'Chioma Eze', package_id: 3, artist_id: 7 }),
  booking({ id: 2, client_name: 'Funke Ade', package_id: 5, price: 90000, artist_id: null }),
  // a package this list does not have (deleted since)
  booking({ id: 3, client_name: 'Ngozi Uche', package_id: 77, artist_id: 8 }),
];

function renderBookings() {
  storeUser(makeUser({ id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 }));
  const writes: FetchCall[] = [];
  const fetchMock = mockFetch((call) => {
    const path = call.url.pathname;
    if (call.method === 'GET' && path === '/api/bridalbookings') {
      return jsonResponse(200, { data: BOOKINGS, current_page: 1, last_page: 1, per_page: 20, total: BOOKINGS.length });
    }
    // the whole lists (no page) behind the cells; a page of a search behind the form's pickers; one record by id
    const lists: Record<string, readonly { id: number; name: string }[]> = { '/api/bridalpackages': PACKAGES, '/api/users': STAFF };
    const one = path.match(/^(\/api\/[a-z]+)\/(\d+)$/);
    if (call.method === 'GET' && one && lists[one[1]!]) return jsonResponse(200, { data: lists[one[1]!]!.find((r) => r.id === Number(one[2])) });
    const list = lists[path];
    if (call.method === 'GET' && list && !call.url.searchParams.has('page')) return jsonResponse(200, { data: list });
    if (call.method === 'GET' && list) {
      const q = (call.url.searchParams.get('q') ?? '').toLowerCase();
      const rows = list.filter((r) => r.name.toLowerCase().includes(q));
      return jsonResponse(200, { data: rows, current_page: 1, last_page: 1, per_page: Number(call.url.searchParams.get('per_page')), total: rows.length });
    }
    if (call.method === 'POST' || call.method === 'PUT') {
      writes.push(call);
      return jsonResponse(call.method === 'POST' ? 201 : 200, { data: booking({ id: 9, ...(call.body as object) }) });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderRoutes([{ path: '/bookings', element: <ResourceListPage ui={bookingsUi} title="Bookings" /> }], '/bookings');
  const referenceGets = () => callsOf(fetchMock).filter((c) => c.method === 'GET' && c.url.pathname !== '/api/bridalbookings');
  return { writes, referenceGets };
}

const rowOf = (name: string) => screen.getAllByTestId('resource-row').find((row) => within(row).queryByText(name))!;
const cellsOf = (name: string) => [...rowOf(name).querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);
const formField = (name: string) => screen.getByTestId('resource-form-body').querySelector<HTMLInputElement>(`[data-field=${name}]`)!;
/** The options an open select offers (its own listbox; jsdom runs no transitions, so they count as hidden). */
const optionsOf = (name: string) => {
  const listbox = document.getElementById(formField(name).getAttribute('aria-controls') ?? '');
  return listbox ? within(listbox).queryAllByRole('option', { hidden: true }).map((o) => o.textContent) : [];
};

quietApiClient();

describe('reference fields', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('shows the referenced records’ names in the table, — when there is none, never the id', async () => {
    const { referenceGets } = renderBookings();
    await screen.findByText('Chioma Eze');
    await waitFor(() => expect(cellsOf('Chioma Eze')).toEqual(['Chioma Eze', 'Bridal Gold', 'Ada Obi', '₦250,000.00']));
    // an inactive package still names its bookings; no artist is a dash
    expect(cellsOf('Funke Ade')).toEqual(['Funke Ade', 'Bridal Classic', '—', '₦90,000.00']);
    // a package the list no longer has is a dash too, not "77"
    expect(cellsOf('Ngozi Uche')).toEqual(['Ngozi Uche', '—', 'Bisi Alade', '₦250,000.00']);
    // one request per referenced resource, whatever the number of rows
    expect(referenceGets().map((c) => c.url.pathname).sort()).toEqual(['/api/bridalpackages', '/api/users']);
  });

  it('picks a package from a searching picker of the active ones, fills in its price, and sends ids as numbers', async () => {
    const { writes, referenceGets } = renderBookings();
    await screen.findByText('Chioma Eze');
    const user = setupUser();
    await user.click(screen.getByTestId('create-button'));
    await screen.findByTestId('resource-form-body');
    await user.type(formField('client_name'), 'Amaka Obi');
    await user.type(formField('phone'), '0803 555 0101');

    await user.click(formField('package_id'));
    await waitFor(() => expect(optionsOf('package_id')).toEqual(['Bridal Gold', 'Bridal Silver']));
    await user.type(formField('package_id'), 'silv');
    await waitFor(() => expect(optionsOf('package_id')).toEqual(['Bridal Silver']));
    await user.click(screen.getByRole('option', { name: 'Bridal Silver', hidden: true }));
    expect(formField('package_id').value).toBe('Bridal Silver');
    await waitFor(() => expect(formField('price').value).toBe('₦150,000.00'));

    // the price stays the user's to change
    await user.clear(formField('price'));
    await user.type(formField('price'), '140000');
    await user.click(formField('artist_id'));
    await user.click(await screen.findByRole('option', { name: 'Bisi Alade', hidden: true }));
    // the cells' list, and the picker's pages: each a page of 20 at most, the search asked of the server
    const packageGets = () => referenceGets().filter((c) => c.url.pathname === '/api/bridalpackages');
    const pickerGets = () => packageGets().filter((c) => c.url.searchParams.has('page'));
    expect(pickerGets().map((c) => [c.url.searchParams.get('q'), c.url.searchParams.get('per_page')])).toEqual([[null, '20'], ['silv', '20']]);
    const cellGets = () => packageGets().filter((c) => !c.url.searchParams.has('page'));
    expect(cellGets()).toHaveLength(1);
    await user.click(screen.getByTestId('form-submit'));

    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toMatchObject({ client_name: 'Amaka Obi', package_id: 4, price: 140000, artist_id: 8, event_date: '2026-12-24' });
    await waitFor(() => expect(screen.queryByTestId('resource-form-body')).toBeNull());
    // the write refreshes what the booking references (the packages' usage counts), once (issue 22 item 4)
    await waitFor(() => expect(cellGets()).toHaveLength(2));
  });

  it('shows the schema’s sentence for a missing package, said with the field’s label', async () => {
    const { writes } = renderBookings();
    await screen.findByText('Chioma Eze');
    const user = setupUser();
    await user.click(screen.getByTestId('create-button'));
    await screen.findByTestId('resource-form-body');
    await user.type(formField('client_name'), 'Amaka Obi');
    await user.type(formField('phone'), '0803 555 0101');
    await user.type(formField('price'), '100000');
    await user.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Package is required.')).toBeTruthy();
    expect(writes).toHaveLength(0);
  });

  it('edits a booking whose package is no longer offered: its name shows, and an unpicked package keeps the price', async () => {
    const { writes } = renderBookings();
    await screen.findByText('Funke Ade');
    const user = setupUser();
    await user.click(within(rowOf('Funke Ade')).getByTestId('row-edit'));
    await screen.findByTestId('resource-form-body');
    await waitFor(() => expect(formField('package_id').value).toBe('Bridal Classic'));
    expect(formField('artist_id').value).toBe('');
    await user.click(formField('package_id'));
    await waitFor(() => expect(optionsOf('package_id')).toEqual(['Bridal Gold', 'Bridal Silver', 'Bridal Classic']));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.url.pathname).toBe('/api/bridalbookings/2');
    expect(writes[0]!.body).toMatchObject({ package_id: 5, price: 90000, artist_id: null });
  });
});

describe('referencedResource', () => {
  it('finds the resource a field names in the shared declaration, and refuses an undeclared one', () => {
    expect(referencedResource(bridalBookings, 'package_id')).toBe(bridalPackages);
    expect(referencedResource(bridalBookings, 'artist_id')).toBe(users);
    expect(() => referencedResource(bridalBookings, 'client_name')).toThrow('bridalbookings.client_name is not declared in bridalbookings.references');
  });
});
