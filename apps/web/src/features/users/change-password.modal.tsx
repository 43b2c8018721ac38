import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { passwordChangeSchema, fieldErrors } from '@studio/shared';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { ApiError, api, segment } from '../../lib/api-client';
import { notify } from '../../lib/notify';

// Changing one's own password also needs the current one (contract §3); the sentence comes from the shared messages.
const currentPasswordSchema = z.object({ current_password: z.string().min(1) });

interface ChangePasswordProps {
  userId: number;
  /** Whose password: shown in the title. */
  name: string;
  /** One's own password: asks for the current one too. */
  own: boolean;
  onDone?: () => void;
}

/** PUT /api/users/password/{id} with { password, password_confirmation } (+ current_password for one's own). */
export function ChangePasswordForm({ userId, own, onDone }: ChangePasswordProps) {
  const [values, setValues] = useState({ current_password: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = own ? values : { password: values.password, password_confirmation: values.password_confirmation };
    const issues = [...(passwordChangeSchema.safeParse(body).error?.issues ?? []), ...(own ? (currentPasswordSchema.safeParse(body).error?.issues ?? []) : [])];
    if (issues.length) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(issues)).map(([k, v]) => [k, v[0]!])));
      return;
    }
    setSaving(true);
    try {
      await api.put(`/api/users/password/${segment(userId)}`, body);
      notify.success(own ? 'Your password has been changed.' : 'The password has been changed; that user must sign in again.');
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
        if (!Object.keys(error.fieldErrors).length) setFailure(error.message);
      } else if (error instanceof ApiError) setFailure(error.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Stack gap="sm">
        {failure && <Alert color="red">{failure}</Alert>}
        {own && (
          <PasswordInput label="Current password" autoComplete="current-password" value={values.current_password} onChange={set('current_password')} error={errors.current_password} withAsterisk />
        )}
        <PasswordInput label="New password" description="At least 8 characters" autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} withAsterisk />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={errors.password_confirmation}
          withAsterisk
        />
        {!own && (
          <Text size="xs" c="dimmed">
            The staff member is signed out on every device and signs in again with the new password.
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          {onDone && (
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChangePasswordModal({ opened, onClose, ...props }: Omit<ChangePasswordProps, 'onDone'> & { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={props.own ? 'Change your password' : `Change password: ${props.name}`} centered data-testid="change-password-modal">
      {opened && <ChangePasswordForm {...props} onDone={onClose} />}
    </Modal>
  );
}
