import { Select } from '@mantine/core';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, bridalBookings } from '@studio/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type FetchCall, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, renderWithProviders, setupUser, storeUser } from '../test/helpers';
import { ResourceForm } from './resource-form';
import { defineResourceUi } from './resource-ui';

// A required choice is never emptied by clicking the option already chosen (Mantine's `allowDeselect`): a booking's
// "Deposit paid by: Bank transfer" was emptied so, and the deposit went to the ledger as cash.

const METHODS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const stamp = '2026-03-01T09:00:00.000Z';
const PACKAGES = [{ id: 3, name: 'Bridal Gold', price: 250000, description: null, active: true, created_at: stamp, updated_at: stamp }];

// as the bookings feature declares its form (crud never imports a feature)
const bookingUi = defineResourceUi({
  resource: bridalBookings,
  columns: [],
  fields: [
    { name: 'client_name', label: 'Client name', kind: 'text', required: true },
    { name: 'phone', label: 'Phone', kind: 'text', required: true },
    { name: 'event_date', label: 'Event date', kind: 'date', required: true, defaultValue: '2026-12-24' },
    { name: 'package_id', label: 'Package', kind: 'reference', required: true, fill: (pkg) => ({ price: pkg.price }) },
    { name: 'price', label: 'Price', kind: 'money', required: true },
    { name: 'artist_id', label: 'Artist', kind: 'reference' },
    { name: 'amount_paid', label: 'Deposit taken now', kind: 'money', only: 'create' },
    { name: 'payment_method', label: 'Deposit paid by', kind: 'select', only: 'create', required: true, options: METHODS, showWhen: (v) => Number(v.amount_paid) > 0 },
  ],
});

const field = (name: string) => screen.getByTestId('resource-form-body').querySelector<HTMLInputElement>(`input[data-field=${name}]`)!;
/** Opens a select and clicks one of its options (jsdom runs no transitions: the options count as hidden). */
async function pick(user: ReturnType<typeof setupUser>, name: string, label: string) {
  await user.click(field(name));
  const listbox = await waitFor(() => document.getElementById(field(name).getAttribute('aria-controls') ?? '')!);
  await user.click(within(listbox).getByRole('option', { name: label, hidden: true }));
}

function renderForm() {
  storeUser(makeUser({ id: 1, name: 'Studio Admin', is_admin: 1 }));
  const posts: FetchCall[] = [];
  mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/bridalpackages') return jsonResponse(200, { data: PACKAGES });
    if (call.method === 'GET' && call.url.pathname === '/api/users') return jsonResponse(200, { data: [makeUser({ id: 7, name: 'Ada Obi' })] });
    if (call.method === 'POST') {
      posts.push(call);
      return jsonResponse(201, { data: { id: 9, ...(call.body as object) } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(<ResourceForm ui={bookingUi} opened onClose={() => {}} />);
  return posts;
}

quietApiClient();

describe('choices in forms', { timeout: 2 * COMPONENT_TEST_TIMEOUT }, () => {
  it('a deposit by bank transfer stays a transfer when its option is clicked again, and is sent so', async () => {
    const posts = renderForm();
    const user = setupUser();
    await screen.findByTestId('resource-form-body');
    await user.type(field('client_name'), 'Amaka Obi');
    await user.type(field('phone'), '0803 555 0101');
    await pick(user, 'package_id', 'Bridal Gold');
    await waitFor(() => expect(field('price').value).toBe('₦250,000.00'));
    await user.type(field('amount_paid'), '150000');
    // nothing is chosen for the desk: no default method
    expect(field('payment_method').value).toBe('');

    await pick(user, 'payment_method', 'Bank transfer');
    expect(field('payment_method').value).toBe('Bank transfer');
    await pick(user, 'payment_method', 'Bank transfer');
    expect(field('payment_method').value).toBe('Bank transfer');
    // a required reference the same way
    await pick(user, 'package_id', 'Bridal Gold');
    expect(field('package_id').value).toBe('Bridal Gold');

    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ amount_paid: 150000, payment_method: 'transfer', package_id: 3 });
  });

  it('a deposit with no method chosen is refused in the form, naming the field; nothing is sent', async () => {
    const posts = renderForm();
    const user = setupUser();
    await screen.findByTestId('resource-form-body');
    await user.type(field('client_name'), 'Amaka Obi');
    await user.type(field('phone'), '0803 555 0101');
    await pick(user, 'package_id', 'Bridal Gold');
    await user.type(field('amount_paid'), '150000');
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => {
      const under = (field('payment_method').getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
      expect(under.join(' ')).toContain('Choose how the deposit was paid');
    });
    expect(posts).toHaveLength(0);
  });

  it('an optional choice is not emptied by a click on it either: its clear button empties it', async () => {
    renderForm();
    const user = setupUser();
    await screen.findByTestId('resource-form-body');
    await pick(user, 'artist_id', 'Ada Obi');
    await pick(user, 'artist_id', 'Ada Obi');
    expect(field('artist_id').value).toBe('Ada Obi');
    const clear = field('artist_id').closest('.mantine-Select-root, .mantine-InputWrapper-root')!.querySelector('button');
    expect(clear).not.toBeNull();
    await user.click(clear!);
    expect(field('artist_id').value).toBe('');
  });

  it('every Select of the app keeps its choice on a second click (the theme’s default), not only the forms’', async () => {
    const changes = vi.fn();
    function Session() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <Select
          label="New session"
          data={['January class', 'April class']}
          value={value}
          onChange={(v) => {
            changes(v);
            setValue(v);
          }}
        />
      );
    }
    renderWithProviders(<Session />);
    const user = setupUser();
    const input = screen.getAllByLabelText('New session').find((el) => el.tagName === 'INPUT')!;
    for (let i = 0; i < 2; i += 1) {
      await user.click(input);
      await user.click(await screen.findByRole('option', { name: 'April class', hidden: true }));
    }
    expect((input as HTMLInputElement).value).toBe('April class');
    expect(changes.mock.calls.every(([v]) => v === 'April class')).toBe(true);
  });
});
