import { Button, Group, Modal, ScrollArea, SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Order } from '@studio/shared';
import { IconBrandWhatsapp, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { PrintableReceipt, Receipt, type ReceiptFormat } from './receipt';
import { whatsappUrl } from './receipt-text';

const FORMAT_KEY = 'receiptFormat';

/** The receipt of a sale with Print (80 mm roll or A4) and Share on WhatsApp; used after a sale and to reprint an invoice. */
export function ReceiptModal({ order, opened, onClose, title, extraActions }: { order: Order | null; opened: boolean; onClose: () => void; title?: string; extraActions?: ReactNode }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [format, setFormat] = useState<ReceiptFormat>(() => (localStorage.getItem(FORMAT_KEY) === 'a4' ? 'a4' : '80mm'));
  const choose = (value: string) => {
    const next = value === 'a4' ? 'a4' : '80mm';
    setFormat(next);
    localStorage.setItem(FORMAT_KEY, next);
  };
  return (
    <Modal opened={opened && order !== null} onClose={onClose} title={title ?? (order ? `Receipt ${order.invoice_no}` : 'Receipt')} size={format === 'a4' ? 'xl' : 'md'} fullScreen={phone} centered data-testid="receipt-modal">
      {order && (
        <Stack>
          <SegmentedControl
            value={format}
            onChange={choose}
            data={[
              { value: '80mm', label: '80 mm roll' },
              { value: 'a4', label: 'A4 page' },
            ]}
            data-testid="receipt-format"
          />
          <ScrollArea.Autosize mah={phone ? undefined : '60vh'} type="auto" style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 8 }} p="sm">
            <Receipt order={order} format={format} />
          </ScrollArea.Autosize>
          <Group grow>
            <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="receipt-print">
              Print
            </Button>
            <Button component="a" href={whatsappUrl(order)} target="_blank" rel="noopener noreferrer" color="green" leftSection={<IconBrandWhatsapp size={18} />} data-testid="receipt-whatsapp">
              WhatsApp
            </Button>
          </Group>
          {extraActions}
          {opened && <PrintableReceipt order={order} format={format} />}
        </Stack>
      )}
    </Modal>
  );
}
