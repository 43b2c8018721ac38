import { OUTLET_LABELS, PAYMENT_METHOD_LABELS, type Order, formatPhone } from '@studio/shared';
import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { studio } from '../config';
import { formatMoney } from '../format';
import { InvoiceA4 } from './invoice-a4';
import { discountApprovalLine, netOfRefunds, paidLater, refundLine, voidLine } from '../orders/order-labels';
import { studioReceiptTime } from '../studio-time';
import { payToLine, usePayTo } from './pay-to';
import { receiptTime } from './receipt-text';
import classes from './receipt.module.css';

export type ReceiptFormat = '80mm' | 'a4';

export interface ReceiptPaperProps {
  format: ReceiptFormat;
  /** The line under the studio's name: the outlet of a sale; none for a payment. */
  subtitle?: ReactNode;
  /** A voided sale is stamped VOID across the paper. */
  voided?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * The paper every receipt is printed on (80 mm roll or A4): the studio's name and contacts from the build
 * config on top, the lines between rules, the thanks at the bottom.
 */
export function ReceiptPaper({ format, subtitle, voided, testId = 'receipt', children }: ReceiptPaperProps) {
  const payTo = payToLine(usePayTo());
  return (
    <div className={classes.receipt} data-format={format} data-testid={testId}>
      {voided && <div className={classes.void}>VOID</div>}
      <div className={classes.center}>
        <div className={classes.name}>{studio.name}</div>
        {subtitle && <div>{subtitle}</div>}
        <div>{studio.address}</div>
        <div>
          {studio.phone} · {studio.instagram}
        </div>
      </div>
      <ReceiptRule />
      {children}
      <ReceiptRule />
      {payTo && (
        <div className={classes.center} data-testid="receipt-pay-to">
          {payTo}
        </div>
      )}
      <div className={classes.center}>Thank you for choosing {studio.name}!</div>
    </div>
  );
}

/** A dashed rule between a receipt's sections. */
export function ReceiptRule() {
  return <hr className={classes.rule} />;
}

/** One line of a receipt: a label on the left, its value on the right (`total` prints it large and bold). */
export function ReceiptRow({ label, value, total, strong, testId }: { label: ReactNode; value: ReactNode; total?: boolean; strong?: boolean; testId?: string }) {
  return (
    <div className={total ? `${classes.row} ${classes.total}` : classes.row} style={strong ? { fontWeight: 700 } : undefined}>
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

/** A sale on paper: the 80 mm till receipt, or on A4 an invoice laid out as one (invoice-a4.tsx). */
export function Receipt({ order, format = '80mm' }: { order: Order; format?: ReceiptFormat }) {
  return format === 'a4' ? <InvoiceA4 order={order} /> : <TillReceipt order={order} />;
}

/** A sale's receipt on an 80 mm thermal roll (the same lines as the WhatsApp text). */
function TillReceipt({ order }: { order: Order }) {
  return (
    <ReceiptPaper format="80mm" subtitle={OUTLET_LABELS[order.outlet]} voided={order.status === 'void'}>
      <ReceiptRow label="Receipt" value={<strong>{order.invoice_no}</strong>} testId="receipt-invoice-no" />
      {order.offline?.provisional_no && order.invoice_no !== order.offline.provisional_no && <ReceiptRow label="Provisional no." value={order.offline.provisional_no} testId="receipt-provisional-no" />}
      <ReceiptRow label="Date" value={receiptTime(order)} />
      <ReceiptRow label="Customer" value={order.customer_name} />
      {order.customer_phone && <ReceiptRow label="Phone" value={formatPhone(order.customer_phone)} />}
      <ReceiptRow label="Served by" value={order.staff.name} />
      <ReceiptRule />
      {order.items.map((item) => (
        <div key={item.id} className={classes.item}>
          <div>{item.name}</div>
          <ReceiptRow label={`${item.quantity} x ${formatMoney(item.unit_price)}`} value={formatMoney(item.total)} />
        </div>
      ))}
      <ReceiptRule />
      <ReceiptRow label="Subtotal" value={formatMoney(order.subtotal)} />
      {order.discount > 0 && <ReceiptRow label="Discount" value={`-${formatMoney(order.discount)}`} />}
      {order.discount_approved_by && <div data-testid="receipt-discount-approval">{discountApprovalLine(order)}</div>}
      <ReceiptRow label="TOTAL" value={formatMoney(order.total)} total testId="receipt-total" />
      <ReceiptRule />
      {order.payments.map((p, i) => (
        <div key={i} className={classes.item} data-testid="receipt-payment">
          <ReceiptRow label={PAYMENT_METHOD_LABELS[p.method]} value={formatMoney(p.amount)} />
          {/* the reference on a line of its own, never broken inside: it is read out to the bank */}
          {p.reference && <ReceiptReference reference={p.reference} />}
        </div>
      ))}
      {order.change > 0 && <ReceiptRow label="Change" value={formatMoney(order.change)} />}
      {/* money taken later against what the sale owed, and what it still owes (issue 28) */}
      {paidLater(order).map((l) => (
        <div key={`later-${l.id}`} className={classes.item} data-testid="receipt-paid-later">
          <ReceiptRow label={`${PAYMENT_METHOD_LABELS[l.method]}, paid ${studioReceiptTime(l.created_at)}`} value={formatMoney(l.amount)} />
          {l.reference && <ReceiptReference reference={l.reference} />}
        </div>
      ))}
      {order.status === 'paid' && order.balance > 0 && <ReceiptRow label="OWES" value={formatMoney(order.balance)} total testId="receipt-owes" />}
      {order.refunds.length > 0 && <ReceiptRefunds order={order} />}
      {order.note && <div style={{ marginTop: 6 }}>Note: {order.note}</div>}
      {order.status === 'void' && (
        <div style={{ marginTop: 6, fontWeight: 700 }} data-testid="receipt-void-line">
          {voidLine(order)}
        </div>
      )}
    </ReceiptPaper>
  );
}

/** The sale's partial refunds (issue 17): each with what came back and the money given out, then what the sale kept. */
function ReceiptRefunds({ order }: { order: Order }) {
  return (
    <div data-testid="receipt-refunds">
      <ReceiptRule />
      <div>
        <strong>REFUNDS</strong>
      </div>
      {order.refunds.map((r) => (
        <div key={r.id} className={classes.item} data-testid="receipt-refund">
          {r.items.map((i) => (
            <ReceiptRow key={i.order_item_id} label={`-${i.quantity} x ${i.name}`} value={`-${formatMoney(i.amount)}`} />
          ))}
          <ReceiptRow label={`Refunded, ${PAYMENT_METHOD_LABELS[r.method]}`} value={`-${formatMoney(r.amount)}`} strong />
          <div className={classes.note}>{refundLine(r)}</div>
        </div>
      ))}
      <ReceiptRow label="TOTAL AFTER REFUNDS" value={formatMoney(netOfRefunds(order))} total testId="receipt-net" />
    </div>
  );
}

/** Characters of the receipt's monospace that fit one 72 mm line at the normal and at the small size. */
const REFERENCE_FITS = 32;
const REFERENCE_FITS_SMALL = 40;

/**
 * A payment's reference on the 80 mm roll: one line, whole ("Ref GTB-TRF-…"), in a smaller type when it is
 * long; one longer than the small line can hold breaks only at its own spaces, never inside a word.
 */
export function ReceiptReference({ reference }: { reference: string }) {
  const text = `Ref ${reference}`;
  const size = text.length <= REFERENCE_FITS ? 'normal' : text.length <= REFERENCE_FITS_SMALL ? 'small' : 'long';
  return (
    <div className={classes.reference} data-size={size} data-testid="receipt-reference">
      {text}
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

/** The receipt's paper look (monospace, rules, rows) for other printouts such as the Z report. */
export const receiptClasses = classes;
