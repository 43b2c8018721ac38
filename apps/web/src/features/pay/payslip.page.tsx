import { Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBrandWhatsapp, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderDetailModal } from '../../lib/orders/order-detail.modal';
import { useOrder } from '../../lib/orders/orders-queries';
import { PrintArea } from '../../lib/receipt/receipt';
import { PageHeader } from '../../lib/ui/page-header';
import { Payslip, payslipText } from './payslip';
import { usePayRun } from './pay.queries';

/** /staff/pay-runs/:id/payslip/:staffId (admin): one person's payslip, printable on A4, each commission linked to its sale. */
export function PayslipPage({ title }: { title: string }) {
  const params = useParams();
  const run = usePayRun(Number(params.id) || null);
  const staffId = Number(params.staffId);
  const [saleId, setSaleId] = useState<number | null>(null);
  const sale = useOrder(saleId);
  const line = run.data?.lines.find((l) => l.staff.id === staffId);
  if (run.isPending)
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  if (!run.data || !line) return <Text c="dimmed">This payslip was not found.</Text>;
  return (
    <div data-testid="payslip-page">
      <PageHeader title={`${title}: ${line.staff.name}`} />
      <Stack>
        <Group>
          <Button component={Link} to="/staff/pay-runs" variant="default" leftSection={<IconArrowLeft size={18} />}>
            Pay runs
          </Button>
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="payslip-print">
            Print
          </Button>
          <Anchor href={`https://wa.me/?text=${encodeURIComponent(payslipText(run.data, line))}`} target="_blank" rel="noopener noreferrer">
            <Group gap={4}>
              <IconBrandWhatsapp size={18} /> Send on WhatsApp
            </Group>
          </Anchor>
        </Group>
        <div style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 8, padding: 12 }}>
          <Payslip run={run.data} line={line} onOpenSale={(s) => setSaleId(s.order?.id ?? null)} />
        </div>
        <PrintArea format="a4">
          <Payslip run={run.data} line={line} />
        </PrintArea>
      </Stack>
      <OrderDetailModal order={saleId !== null ? (sale.data ?? null) : null} onClose={() => setSaleId(null)} />
    </div>
  );
}
