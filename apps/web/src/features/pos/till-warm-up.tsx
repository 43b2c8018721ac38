import { Text } from '@mantine/core';
import { orderCreateSchema } from '@studio/shared';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { warmDevice } from '../../lib/offline/outbox';
import { ReceiptPaper, ReceiptRow } from '../../lib/receipt/receipt';
import { randomUuid } from '../../lib/uuid';
import { onIdle } from '../../lib/when-idle';

// off the screen, out of the accessibility tree and of the tab order
const OFF_SCREEN = { position: 'fixed', left: -10000, top: 0, width: 400, pointerEvents: 'none' } as const;

/**
 * What a till's first sale would otherwise do for the first time, done once when the browser is idle after the till
 * opens (issue 18: keystroke to receipt): the device's counter read (the sale's write is then one IndexedDB round trip),
 * the sale's schema run once, and a receipt's paper drawn off the screen for a frame (its monospace font found and
 * shaped at each size and weight, its styles and components met once), so the first receipt is drawn as fast as the
 * next ones. It carries no test ids and is gone a frame after it was drawn.
 */
export function TillWarmUp() {
  const [drawing, setDrawing] = useState(false);
  useEffect(
    () =>
      onIdle(() => {
        if (typeof indexedDB !== 'undefined') void warmDevice().catch(() => undefined);
        orderCreateSchema.safeParse({ outlet: 'store', customer_name: 'Walk-in customer', items: [{ product_id: 1, quantity: 1, unit_price: 1000 }], payments: [{ method: 'cash', amount: 1000, reference: null }], client_ref: randomUuid() });
        setDrawing(true);
      }, 2000),
    [],
  );
  useEffect(() => {
    if (!drawing) return;
    // gone once it has been laid out and painted (a tab in the background has no frames: then after a moment)
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => setDrawing(false))));
    const timer = window.setTimeout(() => setDrawing(false), 500);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [drawing]);
  if (!drawing) return null;
  return createPortal(
    <div style={OFF_SCREEN} aria-hidden inert>
      <Text fw={800} size="sm">
        Provisional receipt
      </Text>
      <ReceiptPaper format="80mm" subtitle="Store" testId="receipt-warm-up">
        <ReceiptRow label="Receipt" value={<strong>OFF-000-0000</strong>} />
        <ReceiptRow label="1 x 1,000.00" value="1,000.00" strong />
        <ReceiptRow label="TOTAL" value="1,000.00" total />
      </ReceiptPaper>
    </div>,
    document.body,
  );
}
