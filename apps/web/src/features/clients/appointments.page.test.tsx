import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Appointment } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, renderWithProviders, jsonResponse, makeUser, mockFetch, quietApiClient, recordOf, renderRoutes, setupUser, storeUser } from '../../test/helpers';
import { appointmentSchema } from '@studio/shared';
import { ResourceForm } from '../../crud/resource-form';
import { AppointmentBookPage, appointmentsUi } from './appointments.ui';

const DAY = '2026-11-20';
const stamp = '2026-11-01T09:00:00.000Z';
const appt = (id: number, artist_id: number, artist_name: string, client_name: string, hour: number): Appointment =>
  recordOf(appointmentSchema, {
    id,
    outlet: 'salon',
    client_id: id,
    service_id: 2,
    artist_id,
    artist_name,
    client_name,
    client_phone: '0803 111 2222',
    service_name: 'Braids',
    starts_at: `${DAY}T${String(hour).padStart(2, '0')}:00:00.000Z`,
    ends_at: `${DAY}T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
    day: DAY,
    duration_minutes: 60,
    status: 'booked',
    price: 10000,
    amount_paid: 0,
    balance: 10000,
    created_at: stamp,
    updated_at: stamp,
  });
// the desk (Ngozi, id 7, a Sales Attendant) booked both for the artists; none is hers
const DAY_ROWS = [appt(1, 11, 'Chiamaka Eze', 'Ada Client', 9), appt(2, 12, 'Ibiere Harry', 'Bola Client', 10)];
const ARTISTS = [
  { id: 11, name: 'Chiamaka Eze', role: 'Makeup Artist' },
  { id: 12, name: 'Ibiere Harry', role: 'Salon Stylist' },
  { id: 7, name: 'Ngozi Amadi', role: 'Sales Attendant' },
];

function serve() {
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (path === `/api/appointments/day/${DAY}`) {
      const artist = call.url.searchParams.get('artist_id');
      return jsonResponse(200, { data: artist ? DAY_ROWS.filter((a) => String(a.artist_id) === artist) : DAY_ROWS });
    }
    if (path === '/api/appointments/artists') return jsonResponse(200, { data: ARTISTS });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

quietApiClient();

describe('appointment book', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('the desk opens on every artist’s day; an artist may switch to “My day”', async () => {
    storeUser(makeUser({ id: 7, name: 'Ngozi Amadi', role: 'Sales Attendant' }));
    const fetchMock = serve();
    renderRoutes([{ path: '/appointments/book', element: <AppointmentBookPage title="Appointments" /> }], `/appointments/book?day=${DAY}`);
    const user = setupUser();

    // both artists' appointments, asked for without an artist filter
    await screen.findByText('Ada Client');
    expect(screen.getByText('Bola Client')).toBeTruthy();
    const dayCalls = () => callsOf(fetchMock).filter((c) => c.url.pathname === `/api/appointments/day/${DAY}`);
    expect(dayCalls().every((c) => !c.url.searchParams.has('artist_id'))).toBe(true);

    // "My day": only hers (none), asked of the server by artist
    const myDay = screen.getByRole('switch', { name: 'My day' });
    expect((myDay as HTMLInputElement).checked).toBe(false);
    await user.click(myDay);
    await waitFor(() => expect(dayCalls().at(-1)!.url.searchParams.get('artist_id')).toBe('7'));
    await waitFor(() => expect(screen.queryByText('Ada Client')).toBeNull());
    await user.click(myDay);
    await screen.findByText('Ada Client');
  });

  it('the form shows the save’s warnings before Save, the reaction in red, as the fields change; nothing is saved', async () => {
    storeUser(makeUser({ id: 7, name: 'Ngozi Amadi', role: 'Sales Attendant' }));
    const REACTION = "Ada Client's patch test on 2026-11-01 showed a reaction.";
    const CLASH = 'Chiamaka Eze already has Bola Client from 10:00 to 11:00 on 2026-11-20.';
    const fetchMock = mockFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/appointments/warnings') {
        const body = call.body as { starts_at: string };
        // the clash only at 10:30 (the artist's other client is 10:00 to 11:00)
        const clash = body.starts_at.includes('T09:30') ? [CLASH] : [];
        return jsonResponse(200, { data: { warnings: [...clash, REACTION], danger: [REACTION] } });
      }
      if (path === '/api/appointments/artists') return jsonResponse(200, { data: ARTISTS });
      if (path === '/api/products') return jsonResponse(200, { data: [{ id: 2, name: 'Brows', kind: 'service', outlet: 'office', price: 85000, duration_minutes: 120, archived_at: null }] });
      if (path.startsWith('/api/clients')) return jsonResponse(200, { data: [] });
      return jsonResponse(404, { message: 'Not found.' });
    });
    renderWithProviders(
      <ResourceForm ui={appointmentsUi} opened onClose={() => {}} defaults={{ client_phone: '0803 111 2222', service_id: '2', artist_id: '11', starts_at: '2026-11-20 11:00', amount_paid: 5000 }} />,
    );
    const warnings = await screen.findByTestId('draft-warnings');
    expect(within(warnings).getByTestId('draft-warning-danger').textContent).toBe(REACTION);
    expect(within(warnings).queryByTestId('draft-warning')).toBeNull();
    const asked = () => callsOf(fetchMock).filter((c) => c.url.pathname === '/api/appointments/warnings');
    // the draft as Save would send it, without the deposit
    expect(asked()[0]!.method).toBe('POST');
    expect(asked()[0]!.body).toMatchObject({ client_phone: '0803 111 2222', service_id: 2, artist_id: 11, starts_at: '2026-11-20T10:00:00.000Z' });
    expect(asked()[0]!.body).not.toHaveProperty('amount_paid');

    // moved to 10:30: the artist's clash shows too (orange), the reaction still red
    fireEvent.change(screen.getByLabelText('Starts time: hours'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Starts time: minutes'), { target: { value: '30' } });
    await waitFor(() => expect(within(screen.getByTestId('draft-warnings')).getByTestId('draft-warning').textContent).toBe(CLASH));
    expect(within(screen.getByTestId('draft-warnings')).getByTestId('draft-warning-danger').textContent).toBe(REACTION);
    // nothing saved meanwhile
    expect(callsOf(fetchMock).filter((c) => c.method === 'POST' && c.url.pathname === '/api/appointments')).toEqual([]);
  });
});
