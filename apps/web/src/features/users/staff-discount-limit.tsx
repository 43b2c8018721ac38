import { Alert, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { type StudioSettings, studioSettingsSchema } from '@studio/shared';
import { useSchemaForm } from '../../crud/use-schema-form';
import { useStudioSettings, useUpdateSettings } from '../../lib/settings-queries';

const LABELS = { max_staff_discount_percent: 'Staff discount limit (%)' } as const;

/**
 * The largest discount staff may give at the till without an admin's approval (PUT /api/settings). On Manage Staff
 * because it is a rule about what staff may do (docs/decisions/011-till-money-controls.md).
 */
export function StaffDiscountLimit() {
  const { settings, isSuccess } = useStudioSettings();
  // the form starts from the stored value once it has arrived
  return isSuccess ? <StaffDiscountLimitForm key={settings.max_staff_discount_percent} settings={settings} /> : null;
}

function StaffDiscountLimitForm({ settings }: { settings: StudioSettings }) {
  const update = useUpdateSettings();
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: studioSettingsSchema,
    initialValues: { max_staff_discount_percent: settings.max_staff_discount_percent as number | '' },
    toBody: (v) => ({ max_staff_discount_percent: v.max_staff_discount_percent === '' ? undefined : v.max_staff_discount_percent }),
    labels: LABELS,
    submit: (body) => update.mutateAsync(body),
    successMessage: (saved) => `Staff may now give up to ${saved.max_staff_discount_percent}% discount without an admin.`,
  });
  const changed = form.values.max_staff_discount_percent !== settings.max_staff_discount_percent;
  return (
    <Paper withBorder p="md" radius="md" mb="md" data-testid="staff-discount-limit">
      <form onSubmit={onSubmit} noValidate aria-labelledby="staff-discount-limit-title">
        <Stack gap="xs">
          <Text fw={700} id="staff-discount-limit-title">
            Till rules
          </Text>
          <Text size="sm" c="dimmed">
            A discount above this share of the subtotal needs an admin to sign in at the till. Admins selling are never asked.
          </Text>
          {formError && <Alert color="red">{formError}</Alert>}
          <Group align="flex-start" gap="sm">
            <NumberInput
              label={LABELS.max_staff_discount_percent}
              suffix="%"
              min={0}
              max={100}
              decimalScale={2}
              clampBehavior="none"
              allowNegative
              w={220}
              {...form.getInputProps('max_staff_discount_percent')}
              data-testid="staff-discount-limit-input"
            />
            <Button type="submit" mt={25} loading={saving} disabled={!changed} data-testid="staff-discount-limit-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
