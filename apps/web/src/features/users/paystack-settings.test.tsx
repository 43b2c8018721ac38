import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, callsOf, jsonResponse, makeUser, mockFetch, renderWithProviders, resetSession, setupUser, storeUser } from '../../test/helpers';
import { PaystackSettings } from './paystack-settings';

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

describe('Paystack settings (issue 30, item 4)', () => {
  it(
    'refuses a key that is not a secret key (nothing sent), saves one with PUT, never shows it back, and can be turned off',
    async () => {
      storeUser(makeUser({ id: 1, is_admin: 1, role: 'Admin' }));
      let status = { provider: 'paystack', configured: false, set_at: null as string | null, set_by: null as { id: number; name: string } | null, webhook_path: '/api/integrations/paystack/webhook' };
      const fetch = mockFetch(({ url, method, body }) => {
        if (url.pathname !== '/api/integrations/paystack') return jsonResponse(404, { message: 'Not found.' });
        if (method === 'PUT') {
          const on = (body as { secret_key: string | null }).secret_key !== null;
          status = { ...status, configured: on, set_at: on ? '2026-11-29T07:00:00.000Z' : null, set_by: on ? { id: 1, name: 'Ada Admin' } : null };
        }
        return jsonResponse(200, { data: status });
      });
      const user = setupUser();
      renderWithProviders(<PaystackSettings />);
      expect((await screen.findByTestId('paystack-status')).textContent).toBe('Off');

      const input = screen.getByTestId('paystack-key') as HTMLInputElement;
      await user.type(input, 'pk_test_public');
      await user.click(screen.getByTestId('paystack-save'));
      await screen.findByText(/A Paystack secret key starts with sk_live_ or sk_test_/);
      expect(callsOf(fetch).filter((c) => c.method === 'PUT')).toHaveLength(0);

      const key = `sk_test_${'a1b2c3d4e5'.repeat(4)}`;
      await user.clear(input);
      await user.type(input, key);
      await user.click(screen.getByTestId('paystack-save'));
      await waitFor(() => expect(screen.getByTestId('paystack-status').textContent).toBe('On'));
      expect(callsOf(fetch).find((c) => c.method === 'PUT')!.body).toEqual({ secret_key: key });
      expect((screen.getByTestId('paystack-key') as HTMLInputElement).value).toBe('');
      expect(screen.getByTestId('paystack-set-by').textContent).toContain('by Ada Admin');
      expect(screen.getByTestId('paystack-set-by').textContent).toContain('/api/integrations/paystack/webhook');
      expect(document.body.textContent).not.toContain(key);

      await user.click(screen.getByTestId('paystack-off'));
      await waitFor(() => expect(screen.getByTestId('paystack-status').textContent).toBe('Off'));
      expect(callsOf(fetch).filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ secret_key: null });
    },
    COMPONENT_TEST_TIMEOUT,
  );
});
