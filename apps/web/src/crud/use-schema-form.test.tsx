import { Alert, NumberInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { optionalText, text } from '@studio/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { COMPONENT_TEST_TIMEOUT, deferred, renderWithProviders, setupUser } from '../test/helpers';
import { useSchemaForm } from './use-schema-form';

// a small body schema in the shared vocabulary: the sentences are the API's
const schema = z.object({ name: text(20), age: z.number().int().min(18), note: optionalText(10) });
type Body = z.output<typeof schema>;

interface Props {
  submit: (body: Body) => Promise<{ id: number; name: string }>;
  onSuccess?: (saved: { id: number; name: string }) => void;
}

function PersonForm({ submit, onSuccess }: Props) {
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema,
    initialValues: { name: '', age: '' as number | '', note: '' },
    toBody: (v) => ({ ...v, age: v.age === '' ? null : v.age }),
    submit,
    successMessage: (saved) => `${saved.name} saved.`,
    onSuccess,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {formError && <Alert data-testid="form-error">{formError}</Alert>}
      <TextInput label="Name" {...form.getInputProps('name')} />
      <NumberInput label="Age" {...form.getInputProps('age')} />
      <TextInput label="Note" {...form.getInputProps('note')} />
      <button type="submit" disabled={saving}>
        {saving ? 'Saving' : 'Save'}
      </button>
    </form>
  );
}

function renderForm(props: Props) {
  renderWithProviders(<PersonForm {...props} />);
  const user = setupUser();
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  /** The sentence under an input (Mantine links it with aria-describedby), or null. */
  const errorOf = (label: string) => {
    const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)).find((el) => el?.className.includes('error'))?.textContent ?? null;
  };
  return { user, field, errorOf, save: () => user.click(screen.getByRole('button', { name: 'Save' })) };
}

const rejection = (status: number, message: string, errors?: Record<string, string[]>) => new ApiError(status, message, { message, errors });

afterEach(() => notifications.clean());

describe('useSchemaForm', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('flags nothing before the first submit, then shows the schema’s sentences and follows the typing', async () => {
    const submit = vi.fn();
    const { user, field, errorOf, save } = renderForm({ submit });
    await user.type(field('Age'), '12');
    await user.clear(field('Age'));
    expect(errorOf('Age')).toBeNull();

    await save();
    expect(submit).not.toHaveBeenCalled();
    expect(errorOf('Name')).toBe('The name field is required.');
    expect(errorOf('Age')).toBe('The age field is required.');
    expect(errorOf('Note')).toBeNull();

    // from now on every edit checks the whole form again
    await user.type(field('Age'), '12');
    expect(errorOf('Age')).toBe('The age field must be at least 18.');
    expect(errorOf('Name')).toBe('The name field is required.');
    await user.clear(field('Age'));
    await user.type(field('Age'), '30');
    expect(errorOf('Age')).toBeNull();
    await user.type(field('Name'), 'Ada');
    expect(errorOf('Name')).toBeNull();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('sends the parsed body, toasts the success message and hands over the result', async () => {
    const submit = vi.fn((body: Body) => Promise.resolve({ id: 4, name: body.name }));
    const onSuccess = vi.fn();
    const { user, field, save } = renderForm({ submit, onSuccess });
    await user.type(field('Name'), '  Ada Obi ');
    await user.type(field('Age'), '31');
    await save();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 4, name: 'Ada Obi' }));
    // trimmed, and an empty note is null: what the API would store
    expect(submit).toHaveBeenCalledExactlyOnceWith({ name: 'Ada Obi', age: 31, note: null });
    expect(await screen.findByText('Ada Obi saved.')).toBeTruthy();
  });

  it('puts a 422’s first sentence under its field, and a field the form does not have above it', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        rejection(422, 'The name has already been taken. (and 2 more errors)', {
          name: ['The name has already been taken.', 'A second sentence is not shown.'],
          note: ['The note may not mention prices.'],
          client_ref: ['The client ref must be a UUID.'],
        }),
      ),
    );
    const onSuccess = vi.fn();
    const { user, field, errorOf, save } = renderForm({ submit, onSuccess });
    await user.type(field('Name'), 'Ada');
    await user.type(field('Age'), '31');
    await user.type(field('Note'), 'cheap');
    await save();
    expect((await screen.findByTestId('form-error')).textContent).toBe('The client ref must be a UUID.');
    expect(errorOf('Name')).toBe('The name has already been taken.');
    expect(errorOf('Note')).toBe('The note may not mention prices.');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.queryByText(/saved\./)).toBeNull();

    // editing a field clears its own server sentence only
    await user.type(field('Name'), 'a');
    expect(errorOf('Name')).toBeNull();
    expect(errorOf('Note')).toBe('The note may not mention prices.');
    expect(screen.getByTestId('form-error').textContent).toBe('The client ref must be a UUID.');
    // a new attempt starts clean
    submit.mockImplementationOnce(() => Promise.reject(rejection(422, 'Refused.', {})));
    await save();
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('Refused.'));
    expect(errorOf('Note')).toBeNull();
  });

  it('shows any other failure above the form and keeps the values for another try', async () => {
    const submit = vi.fn(() => Promise.reject(rejection(500, 'Server Error')));
    const { user, field, save } = renderForm({ submit });
    await user.type(field('Name'), 'Ada');
    await user.type(field('Age'), '31');
    await save();
    expect((await screen.findByTestId('form-error')).textContent).toBe('Server Error');
    expect(field('Name').value).toBe('Ada');
  });

  it('submits once at a time', async () => {
    const answer = deferred<{ id: number; name: string }>();
    const submit = vi.fn(() => answer.promise);
    const { user, field } = renderForm({ submit });
    await user.type(field('Name'), 'Ada');
    await user.type(field('Age'), '31');
    const form = field('Name').closest('form')!;
    // Enter twice before the first answer (the button is disabled meanwhile, the form is not)
    form.requestSubmit();
    form.requestSubmit();
    await screen.findByRole('button', { name: 'Saving' });
    expect(submit).toHaveBeenCalledOnce();
    answer.resolve({ id: 1, name: 'Ada' });
    await screen.findByRole('button', { name: 'Save' });
    expect(submit).toHaveBeenCalledOnce();
  });
});
