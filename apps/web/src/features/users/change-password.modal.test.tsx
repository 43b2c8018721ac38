import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FetchCall, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, renderWithProviders, setupUser, storeUser } from '../../test/helpers';
import { ChangePasswordForm } from './change-password.modal';

function renderForm(own: boolean, answer: (call: FetchCall) => Response) {
  storeUser(makeUser({ id: 7 }));
  const puts: FetchCall[] = [];
  mockFetch((call) => {
    puts.push(call);
    return answer(call);
  });
  const onDone = vi.fn();
  renderWithProviders(<ChangePasswordForm userId={own ? 7 : 12} name="Ada Obi" own={own} onDone={onDone} />);
  const user = setupUser();
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
  return { user, field, puts, onDone, save: () => user.click(screen.getByRole('button', { name: 'Change password' })) };
}

quietApiClient();

describe('ChangePasswordForm', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('asks for one’s current password, checks the confirmation, and shows the API’s answer under the current password', async () => {
    const { user, field, puts, onDone, save } = renderForm(true, () =>
      jsonResponse(422, { message: 'The current password is incorrect.', errors: { current_password: ['The current password is incorrect.'] } }),
    );
    await save();
    expect(await screen.findByText('Current password is required.')).toBeTruthy();
    expect(screen.getByText('New password is required.')).toBeTruthy();
    expect(puts).toHaveLength(0);

    await user.type(field('Current password'), 'old-secret');
    await user.type(field('New password'), 'new-secret-1');
    await user.type(field('Confirm new password'), 'new-secret-2');
    expect(screen.getByText('Confirm new password does not match.')).toBeTruthy();
    await user.type(field('Confirm new password'), '{Backspace}1');
    expect(screen.queryByText('Confirm new password does not match.')).toBeNull();
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.url.pathname).toBe('/api/users/password/7');
    expect(puts[0]!.body).toEqual({ current_password: 'old-secret', password: 'new-secret-1', password_confirmation: 'new-secret-1' });
    // under the input, said with its label, and no toast repeats it
    const error = await within(screen.getByTestId('change-password-form')).findByText('Current password is incorrect.');
    expect(error.closest('.mantine-InputWrapper-root')!.querySelector('label')!.textContent).toMatch(/^Current password/);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('changes another staff member’s password without a current one, then says so', async () => {
    const { user, field, puts, onDone, save } = renderForm(false, () => jsonResponse(200, { data: { id: 12 } }));
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    await user.type(field('New password'), 'new-secret-1');
    await user.type(field('Confirm new password'), 'new-secret-1');
    await save();
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(puts[0]!.url.pathname).toBe('/api/users/password/12');
    expect(puts[0]!.body).toEqual({ password: 'new-secret-1', password_confirmation: 'new-secret-1' });
    expect(await screen.findByText('The password has been changed; that user must sign in again.')).toBeTruthy();
  });
});
