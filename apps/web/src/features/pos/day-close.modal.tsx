import '@mantine/dates/styles.css';
import { Alert, Button, Group, Loader, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { type DayClose, OUTLET_LABELS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type Outlet } from '@studio/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client';
import { studio } from '../../lib/config';
import { formatDate, formatMoney } from '../../lib/format';
import { PrintArea, type ReceiptFormat, receiptClasses as paper } from '../../lib/receipt/receipt';
import { studioDate, studioReceiptTime } from '../../lib/studio-time';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={paper.row} style={strong ? { fontWeight: 700 } : undefined}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

/** The end-of-day (Z) report as it prints: sales by payment method, expected cash, voids, items and staff. */
export function ZReport({ close, format }: { close: DayClose; format: ReceiptFormat }) {
  return (
    <div className={paper.receipt} data-format={format} data-testid="z-report">
      <div className={paper.center}>
        <div className={paper.name}>{studio.name}</div>
        <div>{OUTLET_LABELS[close.outlet]}</div>
        <div>
          <strong>END OF DAY (Z) REPORT</strong>
        </div>
        <div>{formatDate(close.date)}</div>
      </div>
      <hr className={paper.rule} />
      <Row label="Sales" value={String(close.count)} />
      <Row label="Discounts given" value={formatMoney(close.discount)} />
      <Row label="Total sales" value={formatMoney(close.total)} strong />
      {close.gross_profit !== undefined && <Row label="Gross profit" value={formatMoney(close.gross_profit)} />}
      <hr className={paper.rule} />
      {PAYMENT_METHODS.map((m) => (
        <Row key={m} label={PAYMENT_METHOD_LABELS[m]} value={formatMoney(close.by_method[m] ?? 0)} />
      ))}
      <Row label="Change given" value={`-${formatMoney(close.change_given)}`} />
      <Row label="Expected cash in drawer" value={formatMoney(close.expected_cash)} strong />
      <hr className={paper.rule} />
      <Row label={`Voided sales (${close.voids.count})`} value={formatMoney(close.voids.total)} />
      {close.items.length > 0 && (
        <>
          <hr className={paper.rule} />
          <div>
            <strong>Items sold</strong>
          </div>
          {close.items.map((i) => (
            <Row key={i.product_id} label={`${i.quantity} x ${i.name}`} value={formatMoney(i.total)} />
          ))}
        </>
      )}
      {close.by_staff.length > 0 && (
        <>
          <hr className={paper.rule} />
          <div>
            <strong>By staff</strong>
          </div>
          {close.by_staff.map((s) => (
            <Row key={s.id} label={`${s.name} (${s.count})`} value={formatMoney(s.total)} />
          ))}
        </>
      )}
      <hr className={paper.rule} />
      <div className={paper.center}>Printed {studioReceiptTime(new Date())}</div>
    </div>
  );
}

/** Day close of one till: pick a day (today by default), read the figures, print the Z report. */
export function DayCloseModal({ outlet, opened, onClose }: { outlet: Outlet; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [date, setDate] = useState(studioDate);
  const [format, setFormat] = useState<ReceiptFormat>('80mm');
  const close = useQuery({
    queryKey: ['orders', 'day-close', outlet, date],
    queryFn: ({ signal }) => apiRequest<{ data: DayClose }>(`/api/day-close/${outlet}/${date}`, { signal, quiet: true }).then((r) => r.data),
    enabled: opened,
    retry: false,
  });
  const refused = close.error instanceof ApiError && close.error.status === 403;
  return (
    <Modal opened={opened} onClose={onClose} title={`Day close · ${OUTLET_LABELS[outlet]}`} size="md" fullScreen={phone} centered data-testid="day-close-modal">
      <Stack>
        <Group grow>
          <DatePickerInput label="Day" value={date} onChange={(v) => v && setDate(dayjs(v).format('YYYY-MM-DD'))} maxDate={studioDate()} valueFormat="D MMM YYYY" data-testid="day-close-date" />
          <SegmentedControl
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
        {refused && <Alert color="gray">You made no sales at this till on that day, so there is no close for you to see.</Alert>}
        {close.isError && !refused && <Alert color="red">{close.error.message}</Alert>}
        {close.data && (
          <>
            <SimpleGrid cols={3}>
              <Stat label="Sales" value={String(close.data.count)} />
              <Stat label="Total" value={formatMoney(close.data.total)} />
              <Stat label="Expected cash" value={formatMoney(close.data.expected_cash)} />
            </SimpleGrid>
            <div style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 8, padding: 8 }}>
              <ZReport close={close.data} format={format} />
            </div>
            <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="day-close-print">
              Print Z report
            </Button>
            {opened && (
              <PrintArea format={format}>
                <ZReport close={close.data} format={format} />
              </PrintArea>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}
