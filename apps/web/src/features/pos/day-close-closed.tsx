import {
  Alert,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import {
  type ByMethod,
  type DayClose,
  type DayCloseRecord,
  OUTLET_LABELS,
  MONEY_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  dayCloseReopenSchema,
} from '@studio/shared';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSchemaForm } from '../../crud/use-schema-form';
import { apiRequest } from '../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { type Day, dayCloseKey, dayClosePath } from './day-close-query';
import { overShortColor, overShortText } from './z-report';

// A closed day in the day-close dialog: read only, and an admin's Reopen.

/** A closed day, read only: expected, counted and over/short per method, who closed it and when; Reopen for an admin. */
export function ClosedView({ day, record, at }: { day: DayClose; record: DayCloseRecord; at: Day }) {
  const admin = isAdmin(useCurrentUser());
  const [reopening, setReopening] = useState(false);
  return (
    <Stack gap="sm" data-testid="day-close-record">
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="This day is closed">
        Closed by <strong>{record.closed_by.name}</strong> on {formatDateTime(record.closed_at)}. {admin ? 'Reopen it to change its sales.' : 'Only an admin can reopen it.'}
      </Alert>
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Method</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Counted</Table.Th>
            <Table.Th ta="right">Over/short</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {MONEY_METHODS.map((m) => (
            <MethodRow key={m} label={PAYMENT_METHOD_LABELS[m]} expected={record.expected} counted={record.counted} overShort={record.over_short} method={m} />
          ))}
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            <Table.Td ta="right">{formatMoney(record.expected_total)}</Table.Td>
            <Table.Td ta="right">{formatMoney(record.counted_total)}</Table.Td>
            <Table.Td ta="right" c={overShortColor(record.over_short_total)} data-testid="closed-over-short-total">
              {overShortText(record.over_short_total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {record.note && <Text size="sm">Note: {record.note}</Text>}
      {day.reopened.length > 0 && (
        <Text size="sm" c="dimmed">
          Reopened before: {day.reopened.map((r) => `${formatDateTime(r.reopened_at)} by ${r.reopened_by?.name ?? '—'} (${r.reopen_reason})`).join('; ')}
        </Text>
      )}
      {admin &&
        (reopening ? (
          <ReopenForm day={day} at={at} onDone={() => setReopening(false)} />
        ) : (
          <Button variant="default" leftSection={<IconLockOpen size={18} />} onClick={() => setReopening(true)} data-testid="day-close-reopen">
            Reopen the day
          </Button>
        ))}
    </Stack>
  );
}

function MethodRow({ label, method, expected, counted, overShort: diff }: { label: string; method: PaymentMethod; expected: ByMethod; counted: ByMethod; overShort: ByMethod }) {
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right">{formatMoney(expected[method])}</Table.Td>
      <Table.Td ta="right">{formatMoney(counted[method])}</Table.Td>
      <Table.Td ta="right" c={overShortColor(diff[method])}>
        {overShortText(diff[method])}
      </Table.Td>
    </Table.Tr>
  );
}

/** An admin reopens a closed day, saying why (kept on the close and in the activity log). */
function ReopenForm({ day, at, onDone }: { day: DayClose; at: Day; onDone: () => void }) {
  const queryClient = useQueryClient();
  const reopen = useMutation({
    mutationFn: (body: unknown) => apiRequest<{ data: DayClose }>(`${dayClosePath(at.outlet, at.date)}/reopen`, { method: 'POST', body }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(dayCloseKey(at.outlet, at.date), data),
  });
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: dayCloseReopenSchema,
    initialValues: { reason: '' },
    submit: (body) => reopen.mutateAsync(body),
    successMessage: `The ${OUTLET_LABELS[day.outlet]} day of ${formatDate(day.date)} is open again.`,
    onSuccess: onDone,
    labels: { reason: 'Reason' },
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="day-close-reopen-form">
      <Stack gap="xs">
        {formError && (
          <Alert color="red" variant="light">
            {formError}
          </Alert>
        )}
        <Textarea label="Reason" withAsterisk placeholder="A transfer was recorded as cash..." autosize minRows={2} maxRows={4} data-autofocus {...form.getInputProps('reason')} data-field="reason" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="red" leftSection={<IconLockOpen size={18} />} loading={saving} data-testid="day-close-reopen-submit">
            Reopen the day
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
