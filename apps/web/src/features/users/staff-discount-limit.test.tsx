import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderWithProviders, resetSession, setupUser, storeUser } from '../../test/helpers';
import { StaffDiscountLimit } from './staff-discount-limit';

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

describe('Manage Staff: the staff discount limit', () => {
  it(
    'shows the stored limit, refuses a value outside 0-100 by the shared schema (nothing sent), and saves with PUT /api/settings',
    async () => {
      storeUser(makeUser({ id: 1, is_admin: 1, role: 'Admin' }));
      let stored = 10;
      const fetch = mockFetch(({ url, method, body }) => {
        if (url.pathname !== '/api/settings') return jsonResponse(404, { message: 'Not found.' });
        if (method === 'PUT') stored = (body as { max_staff_discount_percent: number }).max_staff_discount_percent;
        return jsonResponse(200, { data: { max_staff_discount_percent: stored, token_idle_days: 30 } });
      });
      const user = setupUser();
      renderWithProviders(<StaffDiscountLimit />);
      const input = (await screen.findByLabelText('Staff discount limit (%)')) as HTMLInputElement;
      expect(input.value).toBe('10%');

      await user.clear(input);
      await user.type(input, '150');
      await user.click(screen.getByTestId('staff-discount-limit-save'));
      await screen.findByText('Staff discount limit (%) must not be greater than 100.');
      expect(callsOf(fetch).filter((c) => c.method === 'PUT')).toHaveLength(0);

      await user.clear(input);
      await user.type(input, '15');
      await user.click(screen.getByTestId('staff-discount-limit-save'));
      await waitFor(() => expect(callsOf(fetch).filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(callsOf(fetch).find((c) => c.method === 'PUT')!.body).toEqual({ max_staff_discount_percent: 15 });
      await screen.findByText('Staff may now give up to 15% discount without an admin.');
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'shows how long an unused device stays signed in (30 days), refuses 0 and 400 by the shared schema, saves only that key',
    async () => {
      storeUser(makeUser({ id: 1, is_admin: 1, role: 'Admin' }));
      let stored = { max_staff_discount_percent: 10, token_idle_days: 30 };
      const fetch = mockFetch(({ url, method, body }) => {
        if (url.pathname !== '/api/settings') return jsonResponse(404, { message: 'Not found.' });
        if (method === 'PUT') stored = { ...stored, ...(body as object) };
        return jsonResponse(200, { data: stored });
      });
      const user = setupUser();
      renderWithProviders(<StaffDiscountLimit />);
      const input = (await screen.findByLabelText('Sign out after (days unused)')) as HTMLInputElement;
      expect(input.value).toBe('30 days');
      for (const [typed, sentence] of [
        ['0', 'Sign out after (days unused) must be at least 1.'],
        ['400', 'Sign out after (days unused) must not be greater than 365.'],
      ]) {
        await user.clear(input);
        await user.type(input, typed!);
        await user.click(screen.getByTestId('token-idle-days-save'));
        await screen.findByText(sentence!);
      }
      expect(callsOf(fetch).filter((c) => c.method === 'PUT')).toHaveLength(0);
      await user.clear(input);
      await user.type(input, '14');
      await user.click(screen.getByTestId('token-idle-days-save'));
      await waitFor(() => expect(callsOf(fetch).filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(callsOf(fetch).find((c) => c.method === 'PUT')!.body).toEqual({ token_idle_days: 14 });
      await screen.findByText('A device unused for 14 days now has to sign in again.');
    },
    COMPONENT_TEST_TIMEOUT,
  );

  it(
    'shows how old offline prices may be (24 hours) and saves only that key',
    async () => {
      storeUser(makeUser({ id: 1, is_admin: 1, role: 'Admin' }));
      let stored = { max_staff_discount_percent: 10, token_idle_days: 30, offline_stale_hours: 24 };
      const fetch = mockFetch(({ url, method, body }) => {
        if (url.pathname !== '/api/settings') return jsonResponse(404, { message: 'Not found.' });
        if (method === 'PUT') stored = { ...stored, ...(body as object) };
        return jsonResponse(200, { data: stored });
      });
      const user = setupUser();
      renderWithProviders(<StaffDiscountLimit />);
      const input = (await screen.findByLabelText('Offline prices valid for (hours)')) as HTMLInputElement;
      expect(input.value).toBe('24 hours');
      await user.clear(input);
      await user.type(input, '800');
      await user.click(screen.getByTestId('offline-stale-hours-save'));
      await screen.findByText('Offline prices valid for (hours) must not be greater than 720.');
      await user.clear(input);
      await user.type(input, '12');
      await user.click(screen.getByTestId('offline-stale-hours-save'));
      await waitFor(() => expect(callsOf(fetch).filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(callsOf(fetch).find((c) => c.method === 'PUT')!.body).toEqual({ offline_stale_hours: 12 });
      await screen.findByText('Offline prices now last 12 hours; after that only an admin sells from them.');
    },
    COMPONENT_TEST_TIMEOUT,
  );
});
