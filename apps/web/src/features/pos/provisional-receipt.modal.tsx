import { Alert, Button, Text } from '@mantine/core';
import type { Order } from '@studio/shared';
import { IconCloudOff } from '@tabler/icons-react';
import { Receipt } from '../../lib/receipt/receipt';
import { ReceiptDialog } from '../../lib/receipt/receipt-modal';
import { receiptText, whatsappLink } from '../../lib/receipt/receipt-text';
import { PROVISIONAL_NOTICE } from './offline-till';

/**
 * The receipt of a sale kept on this device while offline (issue 18): numbered `OFF-xxx-nnnn`, saying plainly, on
 * screen, on paper and on WhatsApp (a wa.me link needs no connection to open), that it is not yet recorded online.
 */
export function ProvisionalReceiptModal({ order, onClose, onClosed }: { order: Order | null; onClose: () => void; onClosed?: () => void }) {
  return (
    <ReceiptDialog
      opened={order !== null}
      onClose={onClose}
      onClosed={onClosed}
      testId="provisional-receipt"
      title={order ? `Provisional receipt · ${order.invoice_no}` : 'Provisional receipt'}
      render={(format) =>
        order && (
          <div>
            {/* elementtiming: the browser reports when this was first painted (scripts/measure-offline.mjs, issue 18) */}
            <Text fw={800} size="sm" ta="center" mb={6} style={{ border: '2px dashed currentColor', padding: 6 }} data-testid="provisional-notice" {...{ elementtiming: 'provisional-receipt' }}>
              {PROVISIONAL_NOTICE}
            </Text>
            <Receipt order={order} format={format} />
          </div>
        )
      }
      whatsappHref={(account) => (order ? whatsappLink(order.customer_phone, `${PROVISIONAL_NOTICE}\n\n${receiptText(order, account)}`) : '')}
      extraActions={
        <>
          <Alert color="orange" variant="light" icon={<IconCloudOff size={18} />} p="xs">
            Kept on this till, waiting to be sent: the header shows when it reaches the server.
          </Alert>
          <Button variant="default" onClick={onClose} data-testid="receipt-new-sale">
            New sale
          </Button>
        </>
      }
    />
  );
}
