import { Button, Group, Modal, ScrollArea, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BankAccount, Order } from '@studio/shared';
import { IconBrandWhatsapp, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { PrintArea, Receipt, type ReceiptFormat } from './receipt';
import { whatsappUrl } from './receipt-text';
import { PayToContext, useStudioAccount } from './pay-to';

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
  /** `https://wa.me/...` with the receipt's text, which asks for the money in the studio's account when one is set. */
  whatsappHref: (payTo: BankAccount | null) => string;
  /** Buttons under Print and WhatsApp (New sale, Remind balance). */
  extraActions?: ReactNode;
  /** Once the dialog has gone (its focus given back): the till puts the cursor in its search. */
  onClosed?: () => void;
  testId?: string;
}

const RECEIPT_TRANSITION = { duration: 0, exitDuration: 150 };
// the scroll lock without its scrollbar measurement (a forced style and layout in the dialog's first render): the page
// behind does not scroll under the wheel or a finger; its scrollbar is left as it is
const RECEIPT_SCROLL_LOCK = { removeScrollBar: false };
const FORMATS = [
  { value: '80mm', label: '80 mm roll' },
  { value: 'a4', label: 'A4 page' },
] as const;

/**
 * True from the frame after `opened` became true: the print copy of a receipt (a second receipt and a page rule added
 * to the document, which restyles the whole page) is made once the receipt is on screen, not before it.
 */
function useAfterFirstPaint(opened: boolean): boolean {
  const [painted, setPainted] = useState(false);
  // closed: forgotten while rendering (not in an effect), for the next opening
  if (!opened && painted) setPainted(false);
  useEffect(() => {
    if (!opened) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => setPainted(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [opened]);
  return opened && painted;
}

/**
 * The studio's account for what the open dialog draws: read (and asked of the server) only while a receipt is open, so
 * a page that keeps a closed receipt dialog asks nothing more.
 */
function PayToScope({ children }: { children: (account: BankAccount | null) => ReactNode }) {
  const account = useStudioAccount();
  return <PayToContext.Provider value={account}>{children(account)}</PayToContext.Provider>;
}

/** Any receipt on screen with Print (80 mm roll or A4, the choice remembered) and Share on WhatsApp. */
export function ReceiptDialog({ opened, onClose, title, render, whatsappHref, extraActions, onClosed, testId = 'receipt-modal' }: ReceiptDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [format, choose] = useReceiptFormat();
  const printable = useAfterFirstPaint(opened);
  // the dialog exists while it is open and while it fades out, and is made anew at each opening: made open, it takes
  // the scroll lock and draws its content in its first render (a dialog kept closed in between would take the lock in
  // an effect, a second render, and keep its fade-out's duration, drawing its content only after an effect set it back)
  const [present, setPresent] = useState(opened);
  const [opener, setOpener] = useState<Element | null>(null);
  if (opened && !present) {
    setPresent(true);
    // Mantine gives the focus back to what had it when a dialog it saw opening closes; this one is made open, so here
    setOpener(document.activeElement);
  }
  if (!present && !opened) return null;
  // in the body as Mantine's portal would put it, but in the same render: Mantine's portal draws its content only after
  // an effect, a second render whose effects (focus, scroll lock) then run before the receipt is painted
  return createPortal(
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => {
        setPresent(false);
        if (onClosed) onClosed();
        else if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
      }}
      // a receipt is the answer to a sale: drawn in the frame the sale ends, not a frame later under a fade (Mantine mounts
      // a fading dialog's content on the next animation frame); it still fades out
      transitionProps={RECEIPT_TRANSITION}
      title={title}
      size={format === 'a4' ? 'xl' : 'md'}
      fullScreen={phone}
      centered
      withinPortal={false}
      removeScrollProps={RECEIPT_SCROLL_LOCK}
      data-testid={testId}
    >
      <PayToScope>
        {(account) => (
      <Stack>
        {/* two buttons, not a SegmentedControl: its sliding indicator measures itself (a forced layout) as it mounts */}
        <Button.Group data-testid="receipt-format" aria-label="Paper">
          {FORMATS.map((f) => (
            <Button key={f.value} fullWidth variant={format === f.value ? 'filled' : 'default'} aria-pressed={format === f.value} onClick={() => choose(f.value)}>
              {f.label}
            </Button>
          ))}
        </Button.Group>
        <ScrollArea.Autosize mah={phone ? undefined : '60vh'} type="auto" style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 8 }} p="sm">
          {render(format)}
        </ScrollArea.Autosize>
        <Group grow>
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="receipt-print">
            Print
          </Button>
          <Button component="a" href={whatsappHref(account)} target="_blank" rel="noopener noreferrer" color="green" leftSection={<IconBrandWhatsapp size={18} />} data-testid="receipt-whatsapp">
            WhatsApp
          </Button>
        </Group>
        {extraActions}
        {printable && <PrintArea format={format}>{render(format)}</PrintArea>}
      </Stack>
        )}
      </PayToScope>
    </Modal>,
    document.body,
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
      whatsappHref={(account) => (order ? whatsappUrl(order, account) : '')}
      extraActions={extraActions}
      onClosed={onClosed}
    />
  );
}
