import { Button, Group, Modal, ScrollArea, SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Order } from '@studio/shared';
import { IconBrandWhatsapp, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { PrintArea, Receipt, type ReceiptFormat } from './receipt';
import { whatsappUrl } from './receipt-text';

const FORMAT_KEY = 'receiptFormat';

/** The paper size last chosen on this device (80 mm roll unless A4 was picked), remembered for every receipt. */
export function useReceiptFormat(): [ReceiptFormat, (format: string) => void] {
  const [format, setFormat] = useState<ReceiptFormat>(() => (localStorage.getItem(FORMAT_KEY) === 'a4' ? 'a4' : '80mm'));
  const choose = (value: string) => {
    const next = value === 'a4' ? 'a4' : '80mm';
    setFormat(next);
    localStorage.setItem(FORMAT_KEY, next);
  };
  return [format, choose];
}

export interface ReceiptDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The receipt laid out for a format; drawn on screen and again in the print area. */
  render: (format: ReceiptFormat) => ReactNode;
  /** `https://wa.me/...` with the receipt's text. */
  whatsappHref: string;
  /** Buttons under Print and WhatsApp (New sale, Remind balance). */
  extraActions?: ReactNode;
  /** Once the dialog has gone (its focus given back): the till puts the cursor in its search. */
  onClosed?: () => void;
  testId?: string;
}

/** Any receipt on screen with Print (80 mm roll or A4, the choice remembered) and Share on WhatsApp. */
export function ReceiptDialog({ opened, onClose, title, render, whatsappHref, extraActions, onClosed, testId = 'receipt-modal' }: ReceiptDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [format, choose] = useReceiptFormat();
  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={onClosed} title={title} size={format === 'a4' ? 'xl' : 'md'} fullScreen={phone} centered data-testid={testId}>
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
          {render(format)}
        </ScrollArea.Autosize>
        <Group grow>
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="receipt-print">
            Print
          </Button>
          <Button component="a" href={whatsappHref} target="_blank" rel="noopener noreferrer" color="green" leftSection={<IconBrandWhatsapp size={18} />} data-testid="receipt-whatsapp">
            WhatsApp
          </Button>
        </Group>
        {extraActions}
        {opened && <PrintArea format={format}>{render(format)}</PrintArea>}
      </Stack>
    </Modal>
  );
}

/** The receipt of a sale with Print (80 mm roll or A4) and Share on WhatsApp; used after a sale and to reprint an invoice. */
export function ReceiptModal({ order, opened, onClose, onClosed, title, extraActions }: { order: Order | null; opened: boolean; onClose: () => void; onClosed?: () => void; title?: string; extraActions?: ReactNode }) {
  return (
    <ReceiptDialog
      opened={opened && order !== null}
      onClose={onClose}
      title={title ?? (order ? `Receipt ${order.invoice_no}` : 'Receipt')}
      render={(format) => order && <Receipt order={order} format={format} />}
      whatsappHref={order ? whatsappUrl(order) : ''}
      extraActions={extraActions}
      onClosed={onClosed}
    />
  );
}
