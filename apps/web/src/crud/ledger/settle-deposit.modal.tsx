import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type Cancellation, DEPOSIT_OUTCOMES, DEPOSIT_OUTCOME_LABELS, cancellationSchema, methodOptions } from '@studio/shared';
import { formatMoney } from '../../lib/format';
import { useSchemaForm } from '../use-schema-form';

export interface SettleDepositModalProps {
  opened: boolean;
  /** "Cancel the booking", "No-show": the dialog's title. */
  title: string;
  /** Who paid, and how much the record holds. */
  name: string;
  amount: number;
  /** The button that settles it: "Cancel booking", "Mark no-show". */
  confirmLabel: string;
  onClose: () => void;
  /** Sends the status change with the outcome (and the refund's method); the server applies the same rules. */
  onConfirm: (settlement: Cancellation) => Promise<unknown>;
}

/**
 * Asks what becomes of the money a record holds as it is cancelled (or its client does not come): refunded now (by
 * a method), forfeited to the studio, or kept as the client's credit. Validated by the shared `cancellationSchema`.
 */
export function SettleDepositModal(props: SettleDepositModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered data-testid="settle-deposit-modal">
      {props.opened && <SettleForm {...props} />}
    </Modal>
  );
}

function SettleForm({ name, amount, confirmLabel, onClose, onConfirm }: SettleDepositModalProps) {
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: cancellationSchema,
    initialValues: { deposit_outcome: null as string | null, refund_method: null as string | null },
    toBody: (v) => ({ deposit_outcome: v.deposit_outcome ?? undefined, refund_method: v.deposit_outcome === 'refunded' ? v.refund_method : null }),
    submit: onConfirm,
    labels: { deposit_outcome: 'What becomes of the money', refund_method: 'Paid back by' },
    onSuccess: onClose,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text fz="sm">
          {name} paid {formatMoney(amount)}. What becomes of it?
        </Text>
        {formError && (
          <Alert color="red" variant="light">
            {formError}
          </Alert>
        )}
        <Select
          label="What becomes of the money"
          placeholder="Choose"
          required
          data={DEPOSIT_OUTCOMES.map((o) => ({ value: o, label: DEPOSIT_OUTCOME_LABELS[o] }))}
          {...form.getInputProps('deposit_outcome')}
          data-testid="settle-outcome"
        />
        {form.values.deposit_outcome === 'refunded' && (
          <Select
            label="Paid back by"
            placeholder="Choose how it is paid back"
            required
            data={methodOptions('refunds')}
            {...form.getInputProps('refund_method')}
            data-testid="settle-refund-method"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" color="red" loading={saving} data-testid="settle-confirm">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
