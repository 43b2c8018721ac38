import '@mantine/dates/styles.css';
import { Alert, Button, Card, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type LedgerWriteResult, MONEY_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod, type ResourceDefinition, ledgerPaymentInputSchema } from '@studio/shared';
import { IconCalendar } from '@tabler/icons-react';
import { formatMoney } from '../../lib/format';
import { MoneyInput } from '../../lib/ui/money-input';
import { studioDate } from '../../lib/studio-time';
import { useSchemaForm } from '../use-schema-form';
import { type LedgerParent, ledgerOf } from './ledger-parent';
import { useTakePayment } from './ledger-queries';

const METHOD_OPTIONS = MONEY_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

type PaymentValues = { amount: number | string; method: PaymentMethod | null; date: string | null; note: string };

export interface TakePaymentFormProps {
  resource: ResourceDefinition;
  parent: LedgerParent;
  /** Why no payment may be taken (paid in full, a cancelled booking): the form shows it and is disabled. */
  closedReason: string | null;
  onTaken: (result: LedgerWriteResult<unknown>) => void;
}

/**
 * One payment towards a record's balance: the amount (the balance to start with), method (chosen by the desk: none
 * is preselected, so a transfer is never recorded as cash by default), date (the studio's today) and a note, checked with the shared `ledgerPaymentInputSchema`; an overpayment's 422 shows under the amount.
 */
export function TakePaymentForm({ resource, parent, closedReason, onTaken }: TakePaymentFormProps) {
  const { singular } = ledgerOf(resource);
  const take = useTakePayment(resource, parent.id);
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: ledgerPaymentInputSchema,
    initialValues: { amount: parent.balance > 0 ? parent.balance : '', method: null, date: studioDate(), note: '' } as PaymentValues,
    // an emptied amount is missing ("The amount field is required."), not 0
    toBody: (v) => ({ ...v, amount: v.amount === '' ? undefined : Number(v.amount) }),
    submit: (body) => take.mutateAsync(body),
    successMessage: (r) => `${singular} of ${formatMoney(r.payment.amount)} taken from ${parent.title}.`,
    onSuccess: onTaken,
  });
  const closed = closedReason !== null;

  return (
    <Card withBorder radius="md" padding="sm" data-testid="take-payment">
      <form onSubmit={onSubmit} noValidate>
        <Text fw={600} mb="xs">
          Take {singular.toLowerCase()}
        </Text>
        {closed && (
          <Alert color="teal" variant="light" mb="sm" data-testid="take-payment-closed">
            {closedReason}
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" mb="sm" data-testid="take-payment-error">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <MoneyInput
            label="Amount"
            withAsterisk
            fixedDecimalScale
            hideControls
            disabled={closed}
            data-field="amount"
            {...form.getInputProps('amount')}
          />
          <Select label="Method" withAsterisk placeholder="Choose how it was paid" data={METHOD_OPTIONS} allowDeselect={false} disabled={closed} data-field="method" {...form.getInputProps('method')} />
          <DatePickerInput
            label="Date"
            withAsterisk
            leftSection={<IconCalendar size={16} />}
            valueFormat="MMM D, YYYY"
            maxDate={studioDate()}
            disabled={closed}
            data-field="date"
            {...form.getInputProps('date')}
          />
          <TextInput label="Note" placeholder="Transfer reference, who paid..." autoComplete="off" disabled={closed} data-field="note" {...form.getInputProps('note')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={saving} disabled={closed} data-testid="take-payment-submit">
            Take {singular.toLowerCase()}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
