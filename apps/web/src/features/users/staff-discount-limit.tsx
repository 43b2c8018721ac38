import { Alert, Button, Group, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type BankAccount, type OverdueAttendanceGate, type StudioSettings, type TimeFormat, MAX_TOKEN_IDLE_DAYS, TIME_FORMATS, TIME_FORMAT_LABELS, OVERDUE_ATTENDANCE_GATES, OVERDUE_ATTENDANCE_LABELS, bankAccountLine, bankAccountSchema, studioSettingsSchema } from '@studio/shared';
import { z } from 'zod';
import { useSchemaForm } from '../../crud/use-schema-form';
import { notify } from '../../lib/notify';
import { useStudioSettings, useUpdateSettings } from '../../lib/settings-queries';
import { PaystackSettings } from './paystack-settings';

type NumberKey = 'max_staff_discount_percent' | 'token_idle_days' | 'offline_stale_hours' | 'offline_backdate_days';

interface SettingField {
  key: NumberKey;
  title: string;
  label: string;
  help: string;
  input: { suffix: string; min: number; max: number; decimalScale: number };
  saved: (value: number) => string;
  testId: string;
}

const FIELDS: Record<NumberKey, SettingField> = {
  max_staff_discount_percent: {
    key: 'max_staff_discount_percent',
    title: 'Till rules',
    label: 'Staff discount limit (%)',
    help: 'A discount above this share of the subtotal needs an admin to sign in at the till. Admins selling are never asked.',
    input: { suffix: '%', min: 0, max: 100, decimalScale: 2 },
    saved: (v) => `Staff may now give up to ${v}% discount without an admin.`,
    testId: 'staff-discount-limit',
  },
  token_idle_days: {
    key: 'token_idle_days',
    title: 'Sign-in rules',
    label: 'Sign out after (days unused)',
    help: 'A phone or computer nobody has used for this long must sign in again. Everyone can also sign out their other devices under My account.',
    input: { suffix: ' days', min: 1, max: MAX_TOKEN_IDLE_DAYS, decimalScale: 0 },
    saved: (v) => `A device unused for ${v} day${v === 1 ? '' : 's'} now has to sign in again.`,
    testId: 'token-idle-days',
  },
  offline_stale_hours: {
    key: 'offline_stale_hours',
    title: 'Offline selling',
    label: 'Offline prices valid for (hours)',
    help: 'A till that lost its connection sells from the prices it last loaded. Once they are older than this, only an admin may go on selling from them.',
    input: { suffix: ' hours', min: 1, max: 720, decimalScale: 0 },
    saved: (v) => `Offline prices now last ${v} hour${v === 1 ? '' : 's'}; after that only an admin sells from them.`,
    testId: 'offline-stale-hours',
  },
  offline_backdate_days: {
    key: 'offline_backdate_days',
    title: 'Offline sales from past days',
    label: 'Staff may date offline sales back (days)',
    help: "A staff member's offline sale dated further back than this waits for an admin on Offline sales to review before it counts in that day's money.",
    input: { suffix: ' days', min: 0, max: 60, decimalScale: 0 },
    saved: (v) => `Staff offline sales dated more than ${v} day${v === 1 ? '' : 's'} back now wait for an admin.`,
    testId: 'offline-backdate-days',
  },
};

/**
 * The studio's rules for staff on Manage Staff (PUT /api/settings, admin): the largest discount staff may give at the
 * till without an admin's approval (docs/decisions/011-till-money-controls.md), and how long an unused device stays
 * signed in (docs/decisions/017-backups-that-restore.md), and how old a till's offline prices may be for staff to sell
 * from them (docs/decisions/016-offline-till.md).
 */
export function StaffDiscountLimit() {
  const { settings, isSuccess } = useStudioSettings();
  // each form starts from the stored value once it has arrived
  if (!isSuccess) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
      {(Object.keys(FIELDS) as NumberKey[]).map((key) => (
        <SettingForm key={`${key}:${settings[key]}`} field={FIELDS[key]} settings={settings} />
      ))}
      <BankAccountForm key={JSON.stringify(settings.bank_account)} account={settings.bank_account} />
      <PaystackSettings />
      <TraineeGates settings={settings} />
      <ClockSetting settings={settings} />
    </SimpleGrid>
  );
}

function SettingForm({ field, settings }: { field: SettingField; settings: StudioSettings }) {
  const update = useUpdateSettings();
  const labels = { [field.key]: field.label };
  const { form, onSubmit, saving, formError } = useSchemaForm({
    // one setting per form: the others keep their stored values (PUT takes the keys it is given)
    schema: studioSettingsSchema.pick({ [field.key]: true } as Record<NumberKey, true>),
    initialValues: { [field.key]: settings[field.key] as number | '' },
    toBody: (v) => ({ [field.key]: v[field.key] === '' ? undefined : v[field.key] }),
    labels,
    submit: (body) => update.mutateAsync(body),
    successMessage: (saved) => field.saved(saved[field.key]),
  });
  const changed = form.values[field.key] !== settings[field.key];
  const titleId = `${field.testId}-title`;
  return (
    <Paper withBorder p="md" radius="md" data-testid={field.testId}>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <Stack gap="xs">
          <Text fw={700} id={titleId}>
            {field.title}
          </Text>
          <Text size="sm" c="dimmed">
            {field.help}
          </Text>
          {formError && <Alert color="red">{formError}</Alert>}
          <Group align="flex-start" gap="sm">
            <NumberInput
              label={field.label}
              suffix={field.input.suffix}
              min={field.input.min}
              max={field.input.max}
              decimalScale={field.input.decimalScale}
              clampBehavior="none"
              allowNegative
              w={240}
              {...form.getInputProps(field.key)}
              data-testid={`${field.testId}-input`}
            />
            <Button type="submit" mt={25} loading={saving} disabled={!changed} data-testid={`${field.testId}-save`}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const bankAccountForm = z.object({ bank_account: bankAccountSchema });

/**
 * The account customers pay into (issue 30, item 6): payment reminders carry it, so nobody types a number at the till
 * or in a message. Saved as the `bank_account` setting.
 */
function BankAccountForm({ account }: { account: BankAccount | null }) {
  const update = useUpdateSettings();
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: bankAccountForm,
    initialValues: { bank_account: account ?? { bank: '', number: '', name: '' } },
    toBody: (v) => ({ bank_account: v.bank_account }),
    labels: { 'bank_account.bank': 'Bank', 'bank_account.number': 'Account number', 'bank_account.name': 'Account name' },
    submit: (body) => update.mutateAsync(body),
    successMessage: (saved) => (saved.bank_account ? `Customers will be asked to pay into ${bankAccountLine(saved.bank_account)}.` : 'Saved.'),
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="bank-account">
      <form onSubmit={onSubmit} noValidate aria-labelledby="bank-account-title">
        <Stack gap="xs">
          <Text fw={700} id="bank-account-title">
            Studio bank account
          </Text>
          <Text size="sm" c="dimmed">
            Where customers pay by transfer: payment reminders give this account, never one typed by whoever sends them.
          </Text>
          {formError && <Alert color="red">{formError}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Bank" placeholder="GTBank" {...form.getInputProps('bank_account.bank')} data-testid="bank-account-bank" />
            <TextInput label="Account number" placeholder="0123456789" inputMode="numeric" maxLength={10} {...form.getInputProps('bank_account.number')} data-testid="bank-account-number" />
            <TextInput label="Account name" placeholder="Glam Studio Ltd" {...form.getInputProps('bank_account.name')} data-testid="bank-account-name" />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saving} data-testid="bank-account-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The studio's gates on trainees (issue 33, item 2): what an overdue instalment does when attendance is marked, and
 * whether a certificate waits for the balance. Each change is saved at once (PUT /api/settings, logged).
 */
function TraineeGates({ settings }: { settings: StudioSettings }) {
  const update = useUpdateSettings();
  const save = (body: Partial<StudioSettings>, message: string) =>
    void update
      .mutateAsync(body)
      .then(() => notify.success(message))
      .catch(() => {});
  return (
    <Paper withBorder p="md" radius="md" data-testid="trainee-gates">
      <Stack gap="xs">
        <Text fw={700}>Trainees</Text>
        <Text size="sm" c="dimmed">
          What a trainee late on an instalment meets at the class register, and whether her certificate waits until her fee is paid.
        </Text>
        <Select
          label="An overdue instalment at the register"
          data={OVERDUE_ATTENDANCE_GATES.map((g) => ({ value: g, label: OVERDUE_ATTENDANCE_LABELS[g] }))}
          value={settings.overdue_attendance}
          allowDeselect={false}
          w={240}
          onChange={(v) => v && save({ overdue_attendance: v as OverdueAttendanceGate }, `An overdue instalment now gives: ${OVERDUE_ATTENDANCE_LABELS[v as OverdueAttendanceGate].toLowerCase()}.`)}
          data-testid="gate-overdue-attendance"
        />
        <Switch
          label="A certificate waits for the balance"
          checked={settings.certificate_needs_balance}
          onChange={(e) => save({ certificate_needs_balance: e.currentTarget.checked }, e.currentTarget.checked ? 'Certificates now wait for the balance.' : 'Certificates no longer wait for the balance.')}
          data-testid="gate-certificate-balance"
        />
      </Stack>
    </Paper>
  );
}

/** How every time is written (issue 34, item 7): the studio's 24-hour or 12-hour clock, saved at once (logged). */
function ClockSetting({ settings }: { settings: StudioSettings }) {
  const update = useUpdateSettings();
  return (
    <Paper withBorder p="md" radius="md" data-testid="clock-setting">
      <Stack gap="xs">
        <Text fw={700}>Times</Text>
        <Text size="sm" c="dimmed">
          How every time reads on screens, receipts and messages, and in the time fields of forms.
        </Text>
        <SegmentedControl
          aria-label="Clock"
          data={TIME_FORMATS.map((f) => ({ value: f, label: TIME_FORMAT_LABELS[f] }))}
          value={settings.time_format}
          onChange={(v) =>
            void update
              .mutateAsync({ time_format: v as TimeFormat })
              .then(() => notify.success(`Times now read ${v === '12h' ? '2:05 PM' : '14:05'}.`))
              .catch(() => {})
          }
          data-testid="clock-format"
        />
      </Stack>
    </Paper>
  );
}
