import { ActionIcon, Badge, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type LedgerPayment, type LedgerWriteResult, PAYMENT_METHOD_LABELS, type ResourceDefinition } from '@studio/shared';
import { IconArrowBackUp, IconReceipt } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { formatDate, formatMoney } from '../../lib/format';
import { type LedgerParent, figuresOf, isReversible, ledgerOf, paidThrough } from './ledger-parent';
import { usePayments } from './ledger-queries';
import { PaymentReceiptModal, RemindBalanceButton } from './payment-receipt';
import { type PaymentReceiptData, paymentReceipt } from './payment-receipt-text';
import { ReversePaymentModal } from './reverse-payment.modal';
import { TakePaymentForm } from './take-payment.form';
import classes from './payments.module.css';
import { Figure } from '../../lib/ui/figure';
import { TransferStatusBadge, transferCheckLine } from '../../lib/ui/transfer-status';

export interface PaymentsDrawerProps {
  /** A resource that declares `ledger` (bridal bookings, trainees). */
  resource: ResourceDefinition;
  /** The record whose payments are shown (see `ledgerParent`); it stays while the drawer slides shut. */
  record: LedgerParent | null;
  opened: boolean;
  onClose: () => void;
  /** Receipt numbers start with it: `BKG` gives `BKG-12-P3` (record 12, payment 3). */
  receiptPrefix: string;
  /** Why no payment may be taken now ("This booking is cancelled."): the form is disabled with it. Reversals stay allowed. */
  paymentsClosed?: string | null;
}

const humanize = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The payment ledger of one record: its charge, paid and balance, every line (a reversal negative, the line it
 * reverses struck through), Take payment (then its receipt), a receipt per line and Reverse (admins).
 * Full screen on a phone.
 */
export function PaymentsDrawer({ resource, record, opened, onClose, receiptPrefix, paymentsClosed }: PaymentsDrawerProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const ledger = ledgerOf(resource);
  // Escape closes a receipt or reversal dialog over the drawer, not the drawer under it too
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={!dialogOpen}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={<Text fw={700}>{ledger.singular}s</Text>}
      data-testid="payments-drawer"
    >
      {record && <LedgerPanel key={record.id} resource={resource} record={record} receiptPrefix={receiptPrefix} paymentsClosed={paymentsClosed ?? null} onDialog={setDialogOpen} />}
    </Drawer>
  );
}

type Figures = Pick<LedgerParent, 'charge' | 'amount_paid' | 'balance'>;

function LedgerPanel({
  resource,
  record,
  receiptPrefix,
  paymentsClosed,
  onDialog,
}: {
  resource: ResourceDefinition;
  record: LedgerParent;
  receiptPrefix: string;
  paymentsClosed: string | null;
  onDialog: (open: boolean) => void;
}) {
  const ledger = ledgerOf(resource);
  const admin = isAdmin(useCurrentUser());
  const payments = usePayments(resource, record.id);
  const lines = payments.data ?? [];
  // a write answers with the record's new figures: shown at once, before the page's list has refetched
  const [written, setWritten] = useState<Figures | null>(null);
  const parent: LedgerParent = { ...record, ...written };
  const [receipt, setReceipt] = useState<PaymentReceiptData | null>(null);
  const [reversing, setReversing] = useState<LedgerPayment | null>(null);
  const dialogOpen = receipt !== null || reversing !== null;
  useEffect(() => onDialog(dialogOpen), [dialogOpen, onDialog]);

  const receiptOf = (payment: LedgerPayment, paidToDate: number, figures: Figures = parent) =>
    paymentReceipt({ prefix: receiptPrefix, singular: ledger.singular, parent: { ...parent, ...figures }, payment, paidToDate });

  function taken(result: LedgerWriteResult<unknown>) {
    const figures = figuresOf(resource, result.record);
    setWritten(figures);
    setReceipt(receiptOf(result.payment, figures.amount_paid, figures));
  }

  function reversed(result: LedgerWriteResult<unknown>) {
    setWritten(figuresOf(resource, result.record));
    setReversing(null);
  }

  const byId = new Map(lines.map((l) => [l.id, l]));

  return (
    <Stack gap="md">
      <div>
        <Title order={4} data-testid="payments-title">
          {parent.title}
        </Title>
        {parent.description && (
          <Text size="sm" c="dimmed" data-testid="payments-description">
            {parent.description}
          </Text>
        )}
      </div>

      <SimpleGrid cols={3} spacing="xs" className={classes.figures}>
        <Figure caps label={humanize(ledger.charge)} value={formatMoney(parent.charge)} testId="payments-charge" />
        <Figure caps label="Paid" value={formatMoney(parent.amount_paid)} testId="payments-paid" />
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Balance
          </Text>
          {/* a cancelled record owes nothing and was not paid for: it says what became of the money instead */}
          {parent.settled && (
            <Badge color="gray" variant="light" mt={4} data-testid="payments-balance">
              {parent.settled}
            </Badge>
          )}
          {!parent.settled && parent.balance > 0 && (
            <Text fw={700} c="red.7" data-testid="payments-balance">
              {formatMoney(parent.balance)}
            </Text>
          )}
          {!parent.settled && parent.balance === 0 && (
            <Badge color="teal" variant="light" mt={4} data-testid="payments-balance">
              Paid in full
            </Badge>
          )}
          {/* the charge was lowered below what had been paid */}
          {!parent.settled && parent.balance < 0 && (
            <Text fw={700} c="orange.7" data-testid="payments-balance">
              Overpaid {formatMoney(-parent.balance)}
            </Text>
          )}
        </div>
      </SimpleGrid>
      {parent.balance > 0 && !parent.settled && (
        <Group justify="flex-end">
          <RemindBalanceButton parent={parent} size="xs" />
        </Group>
      )}

      <TakePaymentForm
        key={`${parent.amount_paid}`}
        resource={resource}
        parent={parent}
        closedReason={paymentsClosed ?? (parent.settled ? `${parent.settled}: no payment is taken.` : null) ?? (parent.balance > 0 ? null : `Nothing is owed: this ${resource.singular.toLowerCase()} is paid in full.`)}
        onTaken={taken}
      />

      <div>
        <Text fw={600} mb={4}>
          Ledger
        </Text>
        <div className={classes.lines} data-testid="payments-list">
          {payments.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={40} my={8} radius="sm" />)}
          {!payments.isPending && lines.length === 0 && (
            <Text ta="center" c="dimmed" py="md" data-testid="payments-empty">
              {payments.isError ? 'The payments could not be loaded.' : 'No payments yet.'}
            </Text>
          )}
          {lines.map((line) => (
            <LedgerLine
              key={line.id}
              line={line}
              reversedLine={line.reverses_id !== null ? byId.get(line.reverses_id) : undefined}
              canReverse={admin && isReversible(line)}
              onReceipt={line.amount > 0 ? () => setReceipt(receiptOf(line, paidThrough(lines, line.id))) : undefined}
              onReverse={() => setReversing(line)}
            />
          ))}
        </div>
      </div>

      <PaymentReceiptModal receipt={receipt} opened={receipt !== null} onClose={() => setReceipt(null)} />
      <ReversePaymentModal resource={resource} parentId={parent.id} line={reversing} onClose={() => setReversing(null)} onReversed={reversed} />
    </Stack>
  );
}

interface LedgerLineProps {
  line: LedgerPayment;
  /** On a reversal: the line it reverses. */
  reversedLine?: LedgerPayment;
  canReverse: boolean;
  onReceipt?: () => void;
  onReverse: () => void;
}

/** One line: date, amount and method; who took it and the note (a reversal's reason); Receipt and Reverse. */
function LedgerLine({ line, reversedLine, canReverse, onReceipt, onReverse }: LedgerLineProps) {
  const reversal = line.reverses_id !== null;
  const reversed = line.reversed_by !== null;
  const what = `the ${formatMoney(line.amount)} payment of ${formatDate(line.date)}`;
  return (
    <div className={classes.line} data-testid="payment-line" data-reversed={reversed || undefined} data-reversal={reversal || undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Group gap={8} wrap="wrap">
            <Text size="sm" fw={500} data-testid="payment-date">
              {formatDate(line.date)}
            </Text>
            <Badge variant="light" color="gray" miw="max-content" data-testid="payment-method">
              {PAYMENT_METHOD_LABELS[line.method]}
            </Badge>
            {reversal && (
              <Badge variant="light" color="red" miw="max-content" data-testid="payment-badge">
                Reversal
              </Badge>
            )}
            {reversed && (
              <Badge variant="outline" color="gray" miw="max-content" data-testid="payment-badge">
                Reversed
              </Badge>
            )}
            {!reversal && (!reversed || line.transfer_status === 'not_received') && <TransferStatusBadge check={line} />}
          </Group>
          <Text size="xs" c="dimmed" mt={2} data-testid="payment-who">
            {line.user ? `Taken by ${line.user.name}` : 'Taken by —'}
          </Text>
          {!reversal && line.transfer_status && line.transfer_status !== 'unconfirmed' && (
            <Text size="xs" c={line.transfer_status === 'not_received' ? 'red' : 'dimmed'} data-testid="payment-check">
              {transferCheckLine(line)}
            </Text>
          )}
          {reversal && (
            <Text size="xs" c="dimmed" data-testid="payment-reverses">
              Reverses {reversedLine ? `the ${formatMoney(reversedLine.amount)} payment of ${formatDate(reversedLine.date)}` : 'an earlier payment'}
            </Text>
          )}
          {line.note && (
            <Text size="sm" mt={2} className={classes.note} data-testid="payment-note">
              {reversal ? `Reason: ${line.note}` : line.note}
            </Text>
          )}
        </div>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} c={reversal ? 'red.7' : undefined} className={classes.amount} data-testid="payment-amount">
            {formatMoney(line.amount)}
          </Text>
          {onReceipt && (
            <Tooltip label="Receipt">
              <ActionIcon variant="subtle" color="gray" onClick={onReceipt} aria-label={`Receipt of ${what}`} data-testid="payment-receipt-button">
                <IconReceipt size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canReverse && (
            <Tooltip label="Reverse">
              <ActionIcon variant="subtle" color="red" onClick={onReverse} aria-label={`Reverse ${what}`} data-testid="payment-reverse">
                <IconArrowBackUp size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </div>
  );
}
