import { Alert, Anchor, Stack, Text } from '@mantine/core';
import {
  type DayClose,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from '@studio/shared';
import { IconBuildingBank } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { TRANSFERS_PATH } from '../../lib/config';
import { formatDateTime, formatMoney } from '../../lib/format';

// What the day-close dialog says about the day besides its money: refunds, transfers to confirm, tills still offline.

/** The partial refunds paid out this day (issue 17): the expected money per method is already less them. */
export function DayRefunds({ day }: { day: DayClose }) {
  const { count, total, by_method: byMethod } = day.refunds;
  if (!count) return null;
  const methods = PAYMENT_METHODS.filter((m) => byMethod[m] > 0).map((m) => `${PAYMENT_METHOD_LABELS[m].toLowerCase()} ${formatMoney(byMethod[m])}`);
  return (
    <Text size="sm" data-testid="day-close-refunds">
      {count === 1 ? '1 refund' : `${count} refunds`} paid out this day: <strong>{formatMoney(total)}</strong> ({methods.join(', ')}); the money expected is less it.
    </Text>
  );
}

/** Appointment deposits taken (and paid back) at this outlet this day (issue 28): the money expected includes them. */
export function DayDeposits({ day }: { day: DayClose }) {
  if (!day.deposits?.count) return null;
  const { total, by_method: byMethod } = day.deposits;
  const methods = PAYMENT_METHODS.filter((m) => byMethod[m] !== 0).map((m) => `${PAYMENT_METHOD_LABELS[m].toLowerCase()} ${formatMoney(byMethod[m])}`);
  return (
    <Text size="sm" data-testid="day-close-deposits">
      Appointment deposits this day, net of any paid back: <strong>{formatMoney(total)}</strong> ({methods.join(', ')}); the money expected includes them.
    </Text>
  );
}

const transfers = (n: number) => `${n} ${n === 1 ? 'transfer' : 'transfers'}`;

/**
 * The day's sale transfers no one has confirmed on the bank statement yet, and those flagged not received (issue 17):
 * shown before the day is closed, so the count of the transfer line is made knowing what is still unchecked.
 */
export function DayTransfers({ day }: { day: DayClose }) {
  const admin = isAdmin(useCurrentUser());
  const { unconfirmed, not_received: notReceived } = day.transfers;
  const flagged = notReceived.count > 0 && (
    <Text size="sm" mt={unconfirmed.count ? 4 : 0} data-testid="day-close-not-received">
      {transfers(notReceived.count)} ({formatMoney(notReceived.amount)}) marked not received: the transfer count will be short by that much.
    </Text>
  );
  if (!unconfirmed.count) {
    return (
      <Stack gap={0}>
        <Text size="sm" c="dimmed" data-testid="day-close-transfers" data-count={0}>
          <IconBuildingBank size={14} style={{ verticalAlign: -2 }} /> No transfer of this day is waiting to be confirmed.
        </Text>
        {flagged}
      </Stack>
    );
  }
  return (
    <Alert color="yellow" variant="light" icon={<IconBuildingBank size={18} />} title={`${transfers(unconfirmed.count)} not confirmed yet`} data-testid="day-close-transfers" data-count={unconfirmed.count}>
      <Text size="sm">
        <span data-testid="day-close-transfers-amount">{formatMoney(unconfirmed.amount)}</span> of this day&apos;s transfers has not been seen on the bank statement.{' '}
        {admin ? (
          <>
            Check them on{' '}
            <Anchor component={Link} to={TRANSFERS_PATH} inherit>
              Transfers to confirm
            </Anchor>{' '}
            before closing.
          </>
        ) : (
          'Ask an admin to check them before closing.'
        )}
      </Text>
      {flagged}
    </Alert>
  );
}

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}

/**
 * Tills that said (their last heartbeat) they hold sales of this outlet not yet sent, and offline sales of the day kept
 * for an admin's review (issue 18): the close's figures do not have them yet.
 */
export function DevicesWaiting({ day }: { day: Pick<DayClose, 'devices_waiting' | 'offline_review'> }) {
  if (day.devices_waiting.length === 0 && day.offline_review === 0) return null;
  return (
    <Alert color="orange" variant="light" title="Sales not in these figures yet" data-testid="day-close-devices-waiting" data-count={day.devices_waiting.length}>
      {day.devices_waiting.map((d) => (
        <Text size="sm" key={d.device_id}>
          Till {d.code}
          {d.user ? ` (${d.user.name})` : ''}: {d.waiting} {d.waiting === 1 ? 'sale' : 'sales'} waiting to be sent
          {d.attention ? `, ${d.attention} needing attention` : ''} · last heard {formatDateTime(d.seen_at)}
        </Text>
      ))}
      {day.offline_review > 0 && (
        <Text size="sm">
          {day.offline_review} offline {day.offline_review === 1 ? 'sale is' : 'sales are'} kept for an admin&apos;s review.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Bring those tills online (or wait for them) before closing, or the day&apos;s figures will miss their sales.
      </Text>
    </Alert>
  );
}
