import { OUTLET_LABELS, PAYMENT_METHOD_LABELS, type Order } from '@studio/shared';
import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { studio } from '../config';
import { formatMoney } from '../format';
import { receiptTime } from './receipt-text';
import classes from './receipt.module.css';

export type ReceiptFormat = '80mm' | 'a4';

/** A sale's receipt, laid out for an 80 mm thermal roll or an A4 page (the same lines as the WhatsApp text). */
export function Receipt({ order, format = '80mm' }: { order: Order; format?: ReceiptFormat }) {
  return (
    <div className={classes.receipt} data-format={format} data-testid="receipt">
      {order.status === 'void' && <div className={classes.void}>VOID</div>}
      <div className={classes.center}>
        <div className={classes.name}>{studio.name}</div>
        <div>{OUTLET_LABELS[order.outlet]}</div>
        <div>{studio.address}</div>
        <div>
          {studio.phone} · {studio.instagram}
        </div>
      </div>
      <hr className={classes.rule} />
      <div className={classes.row}>
        <span>Receipt</span>
        <strong data-testid="receipt-invoice-no">{order.invoice_no}</strong>
      </div>
      <div className={classes.row}>
        <span>Date</span>
        <span>{receiptTime(order)}</span>
      </div>
      <div className={classes.row}>
        <span>Customer</span>
        <span>{order.customer_name}</span>
      </div>
      {order.customer_phone && (
        <div className={classes.row}>
          <span>Phone</span>
          <span>{order.customer_phone}</span>
        </div>
      )}
      <div className={classes.row}>
        <span>Served by</span>
        <span>{order.staff.name}</span>
      </div>
      <hr className={classes.rule} />
      {order.items.map((item) => (
        <div key={item.id} className={classes.item}>
          <div>{item.name}</div>
          <div className={classes.row}>
            <span>
              {item.quantity} x {formatMoney(item.unit_price)}
            </span>
            <span>{formatMoney(item.total)}</span>
          </div>
        </div>
      ))}
      <hr className={classes.rule} />
      <div className={classes.row}>
        <span>Subtotal</span>
        <span>{formatMoney(order.subtotal)}</span>
      </div>
      {order.discount > 0 && (
        <div className={classes.row}>
          <span>Discount</span>
          <span>-{formatMoney(order.discount)}</span>
        </div>
      )}
      <div className={`${classes.row} ${classes.total}`}>
        <span>TOTAL</span>
        <span data-testid="receipt-total">{formatMoney(order.total)}</span>
      </div>
      <hr className={classes.rule} />
      {order.payments.map((p, i) => (
        <div key={i} className={classes.row}>
          <span>
            {PAYMENT_METHOD_LABELS[p.method]}
            {p.reference ? ` (${p.reference})` : ''}
          </span>
          <span>{formatMoney(p.amount)}</span>
        </div>
      ))}
      {order.change > 0 && (
        <div className={classes.row}>
          <span>Change</span>
          <span>{formatMoney(order.change)}</span>
        </div>
      )}
      {order.note && <div style={{ marginTop: 6 }}>Note: {order.note}</div>}
      <hr className={classes.rule} />
      <div className={classes.center}>Thank you for choosing {studio.name}!</div>
    </div>
  );
}

const PAGE_RULES: Record<ReceiptFormat, string> = {
  '80mm': '@page { size: 80mm auto; margin: 2mm 4mm; }',
  a4: '@page { size: A4; margin: 15mm; }',
};

/**
 * Keeps a copy of what is to be printed outside the app (the only thing a print shows) with the page size
 * of the format; `window.print()` then prints just that. Receipts and the day-close (Z) report use it.
 */
export function PrintArea({ format, children }: { format: ReceiptFormat; children: ReactNode }) {
  useEffect(() => {
    const style = document.createElement('style');
    style.dataset.receiptPage = format;
    style.textContent = PAGE_RULES[format];
    document.head.appendChild(style);
    return () => style.remove();
  }, [format]);
  return createPortal(
    <div className={`${classes.printRoot} print-root`} data-testid="print-root">
      {children}
    </div>,
    document.body,
  );
}

export function PrintableReceipt({ order, format }: { order: Order; format: ReceiptFormat }) {
  return (
    <PrintArea format={format}>
      <Receipt order={order} format={format} />
    </PrintArea>
  );
}

/** The receipt's paper look (monospace, rules, rows) for other printouts such as the Z report. */
export const receiptClasses = classes;
