import { screen, waitFor } from '@testing-library/react';
import { type Client, clientSchema } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, recordOf, renderRoutes, storeUser } from '../../test/helpers';
import { ClientsPage } from './clients.ui';

const stamp = '2026-11-01T09:00:00.000Z';
const CLIENTS: Client[] = [
  recordOf(clientSchema, { id: 1, name: 'Ada Client', phone: '08031112222', created_at: stamp, updated_at: stamp }),
  recordOf(clientSchema, { id: 2, name: 'Bola Client', phone: '08031113333', created_at: stamp, updated_at: stamp }),
];

quietApiClient();

describe('clients page', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('the Clients card shows the count of the list (its answer has no summary: clients have no money totals)', async () => {
    storeUser(makeUser({ role: 'Sales Attendant' }));
    mockFetch((call) => {
      // as the server answers a resource without totals: the paging envelope, no summary
      if (call.url.pathname === '/api/clients') return jsonResponse(200, { data: CLIENTS, current_page: 1, last_page: 3, per_page: 20, total: 57 });
      return jsonResponse(404, { message: 'Not found.' });
    });
    renderRoutes([{ path: '/clients/list', element: <ClientsPage title="Clients" /> }], '/clients/list');
    await screen.findByText('Ada Client');
    await waitFor(() => expect(screen.getByTestId('summary-count-value').textContent).toBe('57'));
  });
});
