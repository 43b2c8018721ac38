import { Button, type ButtonProps } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, formatPhone } from '@studio/shared';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import { ReceiptPaper, type ReceiptFormat, ReceiptRow, ReceiptRule } from '../../lib/receipt/receipt';
import { ReceiptDialog } from '../../lib/receipt/receipt-modal';
import { useStudioAccount } from '../../lib/receipt/pay-to';
import type { LedgerParent } from './ledger-parent';
import { type PaymentReceiptData, balanceReminderLink, balanceText, paymentReceiptLink, receiptDate } from './payment-receipt-text';

/** One payment's receipt on the POS receipt's paper (80 mm roll or A4): the same lines as its WhatsApp text. */
export function PaymentReceipt({ receipt, format = '80mm' }: { receipt: PaymentReceiptData; format?: ReceiptFormat }) {
  const { payment } = receipt;
  return (
    <ReceiptPaper format={format} subtitle={`${receipt.singular} receipt`.toUpperCase()} voided={payment.reversed_by !== null} testId="payment-receipt">
      <ReceiptRow label="Receipt" value={<strong>{receipt.number}</strong>} testId="payment-receipt-no" />
      <ReceiptRow label="Date" value={receiptDate(payment.date)} />
      <ReceiptRow label="Received from" value={receipt.name} testId="payment-receipt-name" />
      {receipt.phone && <ReceiptRow label="Phone" value={formatPhone(receipt.phone)} />}
      {receipt.description && <div data-testid="payment-receipt-for">For: {receipt.description}</div>}
      {payment.user && <ReceiptRow label="Received by" value={payment.user.name} />}
      <ReceiptRule />
      <ReceiptRow label="AMOUNT PAID" value={formatMoney(payment.amount)} total testId="payment-receipt-amount" />
      <ReceiptRow label="Method" value={PAYMENT_METHOD_LABELS[payment.method]} />
      {payment.note && <div style={{ marginTop: 6 }}>Note: {payment.note}</div>}
      <ReceiptRule />
      <ReceiptRow label="Total charge" value={formatMoney(receipt.charge)} testId="payment-receipt-charge" />
      <ReceiptRow label="Paid to date" value={formatMoney(receipt.paidToDate)} testId="payment-receipt-paid" />
      <ReceiptRow label="Balance" value={balanceText(receipt.balanceAfter)} strong testId="payment-receipt-balance" />
    </ReceiptPaper>
  );
}

export interface PaymentReceiptModalProps {
  receipt: PaymentReceiptData | null;
  opened: boolean;
  onClose: () => void;
  /** Default "Receipt BKG-12-P3". */
  title?: string;
  extraActions?: ReactNode;
}

/** A payment's receipt with Print (80 mm or A4) and WhatsApp to the record's phone. */
export function PaymentReceiptModal({ receipt, opened, onClose, title, extraActions }: PaymentReceiptModalProps) {
  return (
    <ReceiptDialog
      opened={opened && receipt !== null}
      onClose={onClose}
      title={title ?? (receipt ? `Receipt ${receipt.number}` : 'Receipt')}
      render={(format) => receipt && <PaymentReceipt receipt={receipt} format={format} />}
      whatsappHref={(account) => (receipt ? paymentReceiptLink(receipt, account) : '')}
      extraActions={extraActions}
      testId="payment-receipt-modal"
    />
  );
}

export interface RemindBalanceButtonProps extends Omit<ButtonProps, 'children'> {
  parent: Pick<LedgerParent, 'title' | 'balance' | 'description' | 'phone'>;
  label?: string;
}

/** "Remind balance": WhatsApp with the reminder typed in, to the record's phone; nothing for a record paid in full. */
export function RemindBalanceButton({ parent, label = 'Remind balance', ...props }: RemindBalanceButtonProps) {
  const account = useStudioAccount();
  if (parent.balance <= 0) return null;
  return (
    <Button
      component="a"
      href={balanceReminderLink(parent, account)}
      target="_blank"
      rel="noopener noreferrer"
      color="green"
      variant="light"
      leftSection={<IconBrandWhatsapp size={16} />}
      data-testid="remind-balance"
      {...props}
    >
      {label}
    </Button>
  );
}
