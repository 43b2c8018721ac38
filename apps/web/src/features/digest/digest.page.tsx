import { Button, Center, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { OUTLETS, OUTLET_LABELS, type Outlet } from '@studio/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { OrderDetailModal } from '../../lib/orders/order-detail.modal';
import { useOrder } from '../../lib/orders/orders-queries';
import { PrintArea } from '../../lib/receipt/receipt';
import { studioDate } from '../../lib/studio-time';
import { PageHeader } from '../../lib/ui/page-header';
import { DigestSheet } from './digest-sheet';
import { useDigest } from './digest.queries';

const isOutlet = (v: string | null): v is Outlet => (OUTLETS as readonly string[]).includes(v ?? '');

/**
 * /finances/daily-digest (admin): the owner's digest of a day (issue 30, item 5), exceptions first, printable on A4. The
 * date, outlet and the sale opened are in the address (`?date=&outlet=&sale=`), so a digest can be sent as a link.
 */
export function DigestPage({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : studioDate();
  const outlet = isOutlet(params.get('outlet')) ? (params.get('outlet') as Outlet) : null;
  const digest = useDigest(date, outlet);
  // the sale opened over the page is in the address (`sale=`): an exception's link opens it
  const saleId = Number(params.get('sale')) || null;
  const sale = useOrder(saleId);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const setSaleId = (id: number | null) => set('sale', id ? String(id) : null);
  return (
    <div data-testid="digest-page">
      <PageHeader title={title} />
      <Stack>
        <Group align="end" wrap="wrap">
          <TextInput type="date" label="Day" value={date} max={studioDate()} onChange={(e) => e.currentTarget.value && set('date', e.currentTarget.value)} data-testid="digest-date" />
          <SegmentedControl
            value={outlet ?? 'all'}
            onChange={(v) => set('outlet', v === 'all' ? null : v)}
            data={[{ value: 'all', label: 'All outlets' }, ...OUTLETS.map((o) => ({ value: o, label: OUTLET_LABELS[o] }))]}
            data-testid="digest-outlet"
          />
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!digest.data} data-testid="digest-print">
            Print
          </Button>
        </Group>
        {digest.isPending ? (
          <Center h={200}>
            <Loader />
          </Center>
        ) : !digest.data ? (
          <Text c="dimmed">The digest could not be read.</Text>
        ) : (
          <>
            <div style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 8, padding: 12, overflowX: 'auto' }}>
              <DigestSheet digest={digest.data} onOpenSale={setSaleId} />
            </div>
            <PrintArea format="a4">
              <DigestSheet digest={digest.data} />
            </PrintArea>
          </>
        )}
      </Stack>
      <OrderDetailModal order={saleId !== null ? (sale.data ?? null) : null} onClose={() => setSaleId(null)} />
    </div>
  );
}
