import {
  Alert,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type DayClose,
  OUTLET_LABELS,
  MONEY_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  dayCloseInputSchema,
  overShort,
} from '@studio/shared';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSchemaForm } from '../../crud/use-schema-form';
import { apiRequest } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { MoneyInput } from '../../lib/ui/money-input';
import { type Day, dayCloseKey, dayClosePath } from './day-close-query';
import { NO_WRAP, OverShort, overShortColor, overShortText } from './z-report';

// An open day in the day-close dialog: the money counted per method, then Close the day.

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

type Counts = Record<PaymentMethod, number | ''>;
const COUNT_LABELS = Object.fromEntries(MONEY_METHODS.map((m) => [`counted.${m}`, `${PAYMENT_METHOD_LABELS[m]} counted`])) as Record<string, string>;

/** An open day: the money counted per method, over/short as it is typed, then Close the day (after a confirmation). */
export function CountForm({ day, at }: { day: DayClose; at: Day }) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (body: unknown) => apiRequest<{ data: DayClose }>(dayClosePath(at.outlet, at.date), { method: 'POST', body }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(dayCloseKey(at.outlet, at.date), data),
  });
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: dayCloseInputSchema,
    initialValues: { counted: { cash: '', transfer: '', card: '', pos: '' } as Counts, note: '' },
    toBody: (v) => ({ ...v, counted: Object.fromEntries(MONEY_METHODS.map((m) => [m, v.counted[m] === '' ? undefined : v.counted[m]])) }),
    // the first submit (valid counts) only asks for the confirmation; the confirmed one closes the day
    submit: async (body): Promise<DayClose | null> => {
      if (!confirming) {
        setConfirming(true);
        return null;
      }
      return save.mutateAsync(body);
    },
    successMessage: (closed) => (closed ? `The ${OUTLET_LABELS[day.outlet]} day of ${formatDate(day.date)} is closed.` : ''),
    onError: () => setConfirming(false),
    inputs: () => [...MONEY_METHODS.map((m) => `counted.${m}`), 'note'],
    labels: { ...COUNT_LABELS, counted: 'The count', note: 'Note' },
  });
  const live = overShort(day.expected, form.values.counted);
  /** A method not counted yet shows no over/short: "-₦22,000.00 short" before the drawer is counted only alarms. */
  const counted = (m: PaymentMethod) => typeof form.values.counted[m] === 'number';

  return (
    <form onSubmit={onSubmit} noValidate data-testid="day-close-form">
      <Stack gap="sm">
        <Text size="sm">Count the money of the day and enter it per method: cash in the drawer, transfers on the account, card and POS terminal slips.</Text>
        {formError && (
          <Alert color="red" variant="light" data-testid="day-close-error">
            {formError}
          </Alert>
        )}
        <Table verticalSpacing={4} horizontalSpacing={phone ? 6 : 'sm'} data-testid="day-close-counts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Method</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                Expected
              </Table.Th>
              <Table.Th>Counted</Table.Th>
              <Table.Th ta="right">Over/short</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {MONEY_METHODS.map((m) => (
              <Table.Tr key={m}>
                <Table.Td>
                  {PAYMENT_METHOD_LABELS[m]}
                  {/* on a phone the expected amount sits under the method, so the row fits 390 px */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm" style={NO_WRAP}>
                    expected {formatMoney(day.expected[m])}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm" style={NO_WRAP} data-testid={`expected-${m}`}>
                  {formatMoney(day.expected[m])}
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    label={COUNT_LABELS[`counted.${m}`]}
                    labelProps={{ style: visuallyHidden }}
                    withAsterisk
                    // on a phone the figure needs the room more than the spin buttons do
                    hideControls={phone}
                    disabled={confirming || saving}
                    {...form.getInputProps(`counted.${m}`)}
                    data-field={`counted.${m}`}
                  />
                </Table.Td>
                <Table.Td ta="right" c={counted(m) ? overShortColor(live.by_method[m]) : 'dimmed'} data-testid={`over-short-${m}`}>
                  {counted(m) ? <OverShort amount={live.by_method[m]} /> : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td>
                Total
                <Text size="xs" c="dimmed" fw={400} hiddenFrom="sm" style={NO_WRAP}>
                  expected {formatMoney(live.expected)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm" style={NO_WRAP}>
                {formatMoney(live.expected)}
              </Table.Td>
              <Table.Td style={NO_WRAP} data-testid="counted-total">
                {formatMoney(live.counted)}
              </Table.Td>
              <Table.Td ta="right" c={MONEY_METHODS.some(counted) ? overShortColor(live.total) : 'dimmed'} data-testid="over-short-total">
                {MONEY_METHODS.some(counted) ? <OverShort amount={live.total} /> : '—'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Textarea label="Note" placeholder="Float kept aside, a slip missing..." autosize minRows={1} maxRows={4} disabled={confirming || saving} {...form.getInputProps('note')} data-field="note" />
        {confirming ? (
          <Alert color="yellow" variant="light" title="Close the day?" data-testid="day-close-confirm">
            <Stack gap="xs">
              <Text size="sm">
                Close the {OUTLET_LABELS[day.outlet]} day of {formatDate(day.date)} with {formatMoney(live.counted)} counted ({overShortText(live.total)})? The close cannot be edited afterwards, and no
                more sales can be made on this day at this outlet; only an admin can reopen it.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)} disabled={saving}>
                  Back
                </Button>
                <Button type="submit" color="red" leftSection={<IconLock size={18} />} loading={saving} data-testid="day-close-confirm-submit">
                  Yes, close the day
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Button type="submit" leftSection={<IconLock size={18} />} data-testid="day-close-submit">
            Close the day
          </Button>
        )}
      </Stack>
    </form>
  );
}
