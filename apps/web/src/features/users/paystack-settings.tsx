import { Alert, Badge, Button, Code, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { paystackSettingSchema } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useSchemaForm } from '../../crud/use-schema-form';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';

const paystackKey = ['integrations', 'paystack'] as const;
const keyForm = z.object({ secret_key: paystackSettingSchema.shape.secret_key.unwrap() });

/**
 * Paystack's dedicated accounts (issue 30, item 4; decision 036): the secret key that signs its webhooks, set here and
 * never shown again, and the address Paystack must send its events to. Without a key nothing calls out.
 */
export function PaystackSettings() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: paystackKey, queryFn: ({ signal }) => api.get('/api/integrations/paystack', undefined, signal) });
  const save = useMutation({
    mutationFn: (secret_key: string | null) => api.put('/api/integrations/paystack', { secret_key }),
    onSuccess: (data) => queryClient.setQueryData(paystackKey, data),
  });
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: keyForm,
    initialValues: { secret_key: '' },
    labels: { secret_key: 'Secret key' },
    submit: (body) => save.mutateAsync(body.secret_key),
    successMessage: 'Paystack is set up: credits to trainees’ and brides’ own accounts are paid onto their records.',
    onSuccess: () => form.reset(),
  });
  const s = status.data;
  const webhook = s ? `${window.location.origin}${s.webhook_path}` : '';
  return (
    <Paper withBorder p="md" radius="md" data-testid="paystack-settings">
      <form onSubmit={onSubmit} noValidate aria-labelledby="paystack-title">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={700} id="paystack-title">
              Paystack dedicated accounts
            </Text>
            {s && (
              <Badge color={s.configured ? 'green' : 'gray'} variant="light" data-testid="paystack-status">
                {s.configured ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Each trainee or bride can have an account number of their own; what they pay into it is recorded and confirmed by itself. The key is kept on the server and never shown again.
          </Text>
          {s?.configured && (
            <Text size="sm" data-testid="paystack-set-by">
              Key set {s.set_at ? formatDateTime(s.set_at) : ''}
              {s.set_by ? ` by ${s.set_by.name}` : ''}. Paystack must send its events to <Code>{webhook}</Code>
            </Text>
          )}
          {formError && <Alert color="red">{formError}</Alert>}
          <PasswordInput label={s?.configured ? 'Replace the secret key' : 'Secret key'} placeholder="sk_live_…" autoComplete="off" {...form.getInputProps('secret_key')} data-testid="paystack-key" />
          <Group justify="flex-end">
            {s?.configured && (
              <Button variant="default" color="red" loading={save.isPending && save.variables === null} onClick={() => save.mutate(null)} data-testid="paystack-off">
                Turn off
              </Button>
            )}
            <Button type="submit" loading={saving} data-testid="paystack-save">
              Save key
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
