import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  type DayClose,
  OUTLET_LABELS,
  type Outlet,
} from '@studio/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { PrintArea, type ReceiptFormat } from '../../lib/receipt/receipt';
import { studioDate } from '../../lib/studio-time';
import { dayCloseKey, dayClosePath } from './day-close-query';
import { ZReport } from './z-report';
import { CountForm } from './day-close-count';
import { ClosedView } from './day-close-closed';
import { DayDeposits, DayRefunds, DayTransfers, DevicesWaiting, Stat } from './day-close-notes';

/** Day close of one outlet: pick a day (today by default), see the whole day, count the money, close it; print; an admin may reopen. */
export function DayCloseModal({ outlet, opened, onClose }: { outlet: Outlet; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [date, setDate] = useState(studioDate);
  const [format, setFormat] = useState<ReceiptFormat>('80mm');
  const close = useQuery({
    queryKey: dayCloseKey(outlet, date),
    queryFn: ({ signal }) => apiRequest<{ data: DayClose }>(dayClosePath(outlet, date), { signal, quiet: true }).then((r) => r.data),
    enabled: opened,
    retry: false,
  });
  const day = close.data;
  return (
    <Modal opened={opened} onClose={onClose} title={`Day close · ${OUTLET_LABELS[outlet]}`} size="lg" fullScreen={phone} centered data-testid="day-close-modal">
      <Stack>
        <Group grow>
          <DatePickerInput label="Day" value={date} onChange={(v) => v && setDate(dayjs(v).format('YYYY-MM-DD'))} maxDate={studioDate()} valueFormat="D MMM YYYY" data-testid="day-close-date" />
          <SegmentedControl
            aria-label="Paper"
            value={format}
            onChange={(v) => setFormat(v === 'a4' ? 'a4' : '80mm')}
            data={[
              { value: '80mm', label: '80 mm' },
              { value: 'a4', label: 'A4' },
            ]}
            style={{ alignSelf: 'flex-end' }}
          />
        </Group>
        {close.isPending && (
          <Group justify="center" py="lg">
            <Loader type="dots" />
          </Group>
        )}
        {close.isError && <Alert color="red">{close.error.message}</Alert>}
        {day && (
          <>
            <SimpleGrid cols={3}>
              <Stat label="Sales" value={String(day.count)} />
              <Stat label="Total" value={formatMoney(day.total)} />
              <Stat label="Expected cash" value={formatMoney(day.expected.cash)} />
            </SimpleGrid>
            <DevicesWaiting day={day} />
            <DayTransfers day={day} />
            <DayRefunds day={day} />
            <DayDeposits day={day} />
            {day.close ? <ClosedView day={day} record={day.close} at={{ outlet, date }} /> : <CountForm key={`${outlet}-${date}`} day={day} at={{ outlet, date }} />}
            <details>
              <summary style={{ cursor: 'pointer' }}>Z report</summary>
              <div style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 8, padding: 8, marginTop: 8 }}>
                <ZReport close={day} format={format} />
              </div>
            </details>
            <Button variant={day.close ? 'filled' : 'light'} leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="day-close-print">
              {day.close ? 'Print the close' : 'Print Z report'}
            </Button>
            {opened && (
              <PrintArea format={format}>
                <ZReport close={day} format={format} />
              </PrintArea>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
