import { Alert, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { money, text, userCreateSchema, route } from '@studio/shared';
import { useMutation } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../lib/api-client';
import { MoneyInput } from '../lib/ui/money-input';
import { COMPONENT_TEST_TIMEOUT, jsonResponse, mockFetch, quietApiClient, renderWithProviders, setupUser } from '../test/helpers';
import { useSchemaForm } from './use-schema-form';

// What a person reads when a form refuses a value: the field's own label, the rule actually broken, one place.

quietApiClient();
afterEach(() => notifications.clean());

const LABELS = { name: 'Full name', username: 'Username', role: 'Role', password: 'Password' };

function StaffForm() {
  const create = useMutation({ mutationFn: (body: unknown) => api.post('/api/users', body) });
  const { form, onSubmit, formError } = useSchemaForm({
    schema: userCreateSchema,
    initialValues: { name: '', username: '', role: '', password: '' },
    labels: LABELS,
    submit: (body) => create.mutateAsync(body),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {formError && <Alert data-testid="form-error">{formError}</Alert>}
      {Object.entries(LABELS).map(([key, label]) => (
        <TextInput key={key} label={label} {...form.getInputProps(key)} />
      ))}
      <button type="submit">Save</button>
    </form>
  );
}

const priceSchema = z.object({ name: text(50), price: money() });
function PriceForm({ submit }: { submit: (body: z.output<typeof priceSchema>) => Promise<unknown> }) {
  const { form, onSubmit } = useSchemaForm({
    schema: priceSchema,
    initialValues: { name: 'Lipstick', price: '' as number | string },
    toBody: (v) => ({ ...v, price: v.price === '' ? undefined : v.price }),
    labels: { name: 'Name', price: 'Selling price' },
    submit,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <MoneyInput label="Selling price" {...form.getInputProps('price')} />
      <button type="submit">Save</button>
    </form>
  );
}

function errorUnder(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.className.includes('error'))?.textContent ?? null;
}

/** Lets the deferred toast of a refused call have its turn. */
const nextTasks = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

describe('form messages', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('name a field by its label, and an empty field breaks "required", not a length rule', async () => {
    renderWithProviders(<StaffForm />);
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorUnder('Full name')).toBe('Full name is required.');
    expect(errorUnder('Username')).toBe('Username is required.');
    expect(errorUnder('Password')).toBe('Password is required.');
    await user.type(screen.getByLabelText('Username'), 'ab');
    expect(errorUnder('Username')).toBe('Username must be at least 3 characters.');
  });

  it('a 422 that maps onto the inputs shows under them only, with no toast repeating it', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(422, { message: 'The username has already been taken.', errors: { username: ['The username has already been taken.'] } }),
    );
    renderWithProviders(<StaffForm />);
    const user = setupUser();
    await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Role'), 'Sales Rep');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorUnder('Username')).toBe('Username has already been taken.'));
    expect(fetchMock).toHaveBeenCalledOnce();
    await nextTasks();
    expect(screen.queryByText('Error 422')).toBeNull();
    expect(screen.queryByText(/has already been taken/, { selector: '.mantine-Notification-description' })).toBeNull();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('the same 422 outside a form still gets its toast', async () => {
    mockFetch(() => jsonResponse(422, { message: 'This product was sold: it cannot be deleted.', errors: { id: ['This product was sold: it cannot be deleted.'] } }));
    renderWithProviders(<div />);
    await expect(api.delete(route('/api/products/{id}', { id: 4 }))).rejects.toThrow('This product was sold');
    expect(await screen.findByText('Error 422')).toBeTruthy();
  });

  it('a minus typed in a money input is kept and refused with a sentence, never saved as a positive amount', async () => {
    const submit = vi.fn(() => Promise.resolve({}));
    renderWithProviders(<PriceForm submit={submit} />);
    const user = setupUser();
    const input = screen.getByLabelText('Selling price') as HTMLInputElement;
    await user.type(input, '-5');
    await user.tab();
    expect(input.value).toBe('-₦5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorUnder('Selling price')).toBe('Selling price must be at least 0.');
    expect(submit).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'Lipstick', price: 5 }));
  });
});
