import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { passwordChangeSchema, route } from '@studio/shared';
import { z } from 'zod';
import { useSchemaForm } from '../../crud/use-schema-form';
import { api } from '../../lib/api-client';

// Changing one's own password also needs the current one (contract §3); the sentence comes from the shared messages.
const ownPasswordChangeSchema = passwordChangeSchema.safeExtend({ current_password: z.string().min(1) });

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
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: own ? ownPasswordChangeSchema : passwordChangeSchema,
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    toBody: ({ current_password, ...change }) => (own ? { ...change, current_password } : change),
    inputs: () => (own ? ['current_password', 'password', 'password_confirmation'] : ['password', 'password_confirmation']),
    labels: { current_password: 'Current password', password: 'New password', password_confirmation: 'Confirm new password' },
    submit: (body) => api.put(route('/api/users/password/{id}', { id: userId }), body),
    successMessage: own ? 'Your password has been changed.' : 'The password has been changed; that user must sign in again.',
    onSuccess: () => onDone?.(),
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
      <Stack gap="sm">
        {formError && <Alert color="red">{formError}</Alert>}
        {own && <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('current_password')} withAsterisk />}
        <PasswordInput label="New password" description="At least 8 characters" autoComplete="new-password" {...form.getInputProps('password')} withAsterisk />
        <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.getInputProps('password_confirmation')} withAsterisk />
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
