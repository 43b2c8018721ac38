import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type LedgerPayment, type LedgerWriteResult, PAYMENT_METHOD_LABELS, type ResourceDefinition, ledgerReversalInputSchema } from '@studio/shared';
import { formatDate, formatMoney } from '../../lib/format';
import { useSchemaForm } from '../use-schema-form';
import { useReversePayment } from './ledger-queries';

export interface ReversePaymentModalProps {
  resource: ResourceDefinition;
  parentId: number;
  /** The line to reverse; none closes the dialog. */
  line: LedgerPayment | null;
  onClose: () => void;
  onReversed: (result: LedgerWriteResult<unknown>) => void;
}

/** Undoes a mistaken payment with a new, negative line: asks why (the reason is required and kept on the ledger). */
export function ReversePaymentModal({ resource, parentId, line, onClose, onReversed }: ReversePaymentModalProps) {
  return (
    <Modal opened={line !== null} onClose={onClose} title="Reverse payment" centered data-testid="reverse-payment-modal">
      {line && <ReverseForm key={line.id} resource={resource} parentId={parentId} line={line} onClose={onClose} onReversed={onReversed} />}
    </Modal>
  );
}

function ReverseForm({ resource, parentId, line, onClose, onReversed }: ReversePaymentModalProps & { line: LedgerPayment }) {
  const reverse = useReversePayment(resource, parentId);
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: ledgerReversalInputSchema,
    initialValues: { reason: '' },
    submit: (body) => reverse.mutateAsync({ paymentId: line.id, body }),
    successMessage: `The ${formatMoney(line.amount)} payment was reversed.`,
    onSuccess: onReversed,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Reverse the <strong>{formatMoney(line.amount)}</strong> {PAYMENT_METHOD_LABELS[line.method].toLowerCase()} payment of {formatDate(line.date)}
          {line.user ? ` taken by ${line.user.name}` : ''}? A line of {formatMoney(-line.amount)} is added; the payment stays on the ledger, struck through.
        </Text>
        {formError && (
          <Alert color="red" variant="light" data-testid="reverse-error">
            {formError}
          </Alert>
        )}
        <Textarea label="Reason" withAsterisk placeholder="Entered twice, wrong client..." autosize minRows={2} maxRows={5} data-autofocus data-field="reason" {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={saving} data-testid="reverse-submit">
            Reverse payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
