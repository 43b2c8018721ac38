import { Alert } from '@mantine/core';
import { OUTLET_LABELS, type Outlet } from '@studio/shared';
import { IconLock } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';
import { studioDate } from '../../lib/studio-time';
import { useDayClose } from './day-close-query';

/** How often an open till asks whether another till (or the back office) closed the day. */
const CHECK_EVERY_MS = 60_000;

/**
 * Says on the till, before anyone builds a sale, that today's day is closed for this outlet (the server refuses its
 * sales until an admin reopens it). Shares the day-close dialog's query: a close or reopen there shows here at once.
 */
export function ClosedDayBanner({ outlet }: { outlet: Outlet }) {
  const day = useDayClose(outlet, studioDate(), { refetchInterval: CHECK_EVERY_MS });
  const record = day.data?.close;
  if (!record) return null;
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} />} title={`The ${OUTLET_LABELS[outlet]} day is closed`} mb="md" data-testid="till-day-closed">
      Closed by {record.closed_by.name}, {formatDateTime(record.closed_at)}. Sales are refused until an admin reopens the day (Day close, then Reopen).
    </Alert>
  );
}
