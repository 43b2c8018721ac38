import { screen, waitFor } from '@testing-library/react';
import type { Appointment } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, quietApiClient, recordOf, renderRoutes, setupUser, storeUser } from '../../test/helpers';
import { appointmentSchema } from '@studio/shared';
import { AppointmentBookPage } from './appointments.ui';

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
});
