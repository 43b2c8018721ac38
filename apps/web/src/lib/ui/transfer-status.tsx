import { Badge, Tooltip } from '@mantine/core';
import { TRANSFER_STATUS_LABELS, type TransferCheck } from '@studio/shared';
import { formatDateTime } from '../format';

type Check = Pick<TransferCheck, 'transfer_status' | 'confirmed_at' | 'confirmed_by' | 'not_received_at' | 'not_received_by' | 'not_received_reason'>;

const COLORS = { unconfirmed: 'yellow', confirmed: 'teal', not_received: 'red' } as const;

/**
 * Who checked a transfer and when, as a sentence (issue 17): "Confirmed by Blessing Okafor, 3 Mar 2026, 10:05",
 * "Not received (Blessing Okafor, ...): the alert was fake", "Waiting for an admin to confirm it"; null for another method.
 */
export function transferCheckLine(check: Check): string | null {
  switch (check.transfer_status) {
    case 'confirmed':
      // confirmed_by null: confirmed by the migration that introduced confirmation (decision 015)
      return check.confirmed_by ? `Confirmed by ${check.confirmed_by.name}, ${formatDateTime(check.confirmed_at)}` : 'Confirmed (taken before transfers were checked)';
    case 'not_received':
      return `Not received (${check.not_received_by?.name ?? 'an admin'}, ${formatDateTime(check.not_received_at)})${check.not_received_reason ? `: ${check.not_received_reason}` : ''}`;
    case 'unconfirmed':
      return 'Waiting for an admin to confirm it on the bank statement';
    default:
      return null;
  }
}

/** A transfer's state on a payment line (an invoice's, a ledger's): Confirmed, Unconfirmed or Not received, the details on hover. */
export function TransferStatusBadge({ check, size = 'sm' }: { check: Check; size?: 'xs' | 'sm' }) {
  const status = check.transfer_status;
  if (!status) return null;
  return (
    <Tooltip label={transferCheckLine(check)} multiline maw={280} withArrow>
      <Badge size={size} variant={status === 'not_received' ? 'filled' : 'light'} color={COLORS[status]} miw="max-content" data-testid="transfer-status" data-status={status}>
        {TRANSFER_STATUS_LABELS[status]}
      </Badge>
    </Tooltip>
  );
}
