import { OUTLET_LABELS, PAYMENT_METHOD_LABELS, type Order, formatPhone } from '@studio/shared';
import { studio } from '../config';
import { formatDateTime, formatMoney } from '../format';
import { StudioMark } from '../ui/studio-logo';
import { transferCheckLine } from '../ui/transfer-status';
import { amountReceived, netOfRefunds, paidLater } from '../orders/order-labels';
import { receiptTime } from './receipt-text';
import { payToLine, usePayTo } from './pay-to';
import classes from './invoice-a4.module.css';

/**
 * What the customer still owes (> 0) or was given back (change), from the sale's figures: a sale whose transfer never
 * came owes its `balance` (issue 28).
 */
export function invoiceBalance(order: Pick<Order, 'total' | 'amount_paid' | 'change'> & Partial<Pick<Order, 'balance' | 'status'>>): { label: 'Change' | 'Balance due' | 'Owes'; amount: number } {
  if (order.status !== 'void' && (order.balance ?? 0) > 0) return { label: 'Owes', amount: order.balance! };
  const dueKobo = Math.round(order.total * 100) - Math.round(order.amount_paid * 100);
  return dueKobo > 0 ? { label: 'Balance due', amount: dueKobo / 100 } : { label: 'Change', amount: order.change };
}

/**
 * A sale as an A4 invoice: the studio's mark, name, address and contacts; the invoice number, date and outlet;
 * who it is billed to; the items as a table; subtotal, discount and total; the payments with their references;
 * what was paid and the change or balance; PAID or VOID (with who voided it and why, when known); who served.
 */
export function InvoiceA4({ order }: { order: Order }) {
  const voided = order.status === 'void';
  // sales voided before reasons were asked have no reason
  const { void_reason: voidReason, voided_by: voidedBy } = order;
  const balance = invoiceBalance(order);
  const payTo = payToLine(usePayTo());
  return (
    // the frame lets a narrow screen (a phone's preview) lay the page out in one column; paper is always 180 mm
    <div className={classes.frame}>
      <article className={classes.invoice} data-testid="invoice-a4" data-status={order.status}>
        {voided && (
          <div className={classes.stamp} data-testid="invoice-void-stamp" aria-hidden>
            VOID
          </div>
        )}
        <header className={classes.head}>
          <div className={classes.studio}>
            <StudioMark size={56} />
            <div>
              <div className={classes.studioName}>{studio.name}</div>
              <div className={classes.muted}>{studio.tagline}</div>
              <address className={classes.contacts} data-testid="invoice-studio">
                <div>{studio.address}</div>
                <div>
                  {studio.phone} · {studio.email}
                </div>
                <div>Instagram {studio.instagram}</div>
              </address>
            </div>
          </div>
          <div className={classes.title}>
            <h1>INVOICE</h1>
            <dl className={classes.facts}>
              <dt>Invoice no.</dt>
              <dd data-testid="invoice-no">{order.invoice_no}</dd>
              {order.offline?.provisional_no && order.invoice_no !== order.offline.provisional_no && (
                <>
                  <dt>Provisional no.</dt>
                  <dd data-testid="invoice-provisional-no">{order.offline.provisional_no}</dd>
                </>
              )}
              <dt>Date</dt>
              <dd data-testid="invoice-date">{receiptTime(order)}</dd>
              <dt>Outlet</dt>
              <dd>{OUTLET_LABELS[order.outlet]}</dd>
              <dt>Status</dt>
              <dd>
                <span className={classes.status} data-status={order.status} data-testid="invoice-status">
                  {voided ? 'VOID' : order.refunds.length ? (netOfRefunds(order) > 0 ? 'PART REFUNDED' : 'REFUNDED') : balance.label === 'Balance due' ? 'PART PAID' : 'PAID'}
                </span>
              </dd>
            </dl>
          </div>
        </header>

        <section className={classes.parties}>
          <div>
            <h2>Bill to</h2>
            <div className={classes.strong} data-testid="invoice-bill-to">
              {order.customer_name}
            </div>
            {order.customer_phone && <div>{formatPhone(order.customer_phone)}</div>}
          </div>
          <div>
            <h2>Served by</h2>
            <div data-testid="invoice-staff">{order.staff.name}</div>
          </div>
        </section>

        {voided && (
          <section className={classes.voidNote} data-testid="invoice-void">
            <strong>This invoice is void.</strong>
            {order.voided_at && <> Voided {formatDateTime(order.voided_at)}</>}
            {voidedBy && <> by {voidedBy.name}</>}.{voidReason && <> Reason: {voidReason}</>}
          </section>
        )}

        <table className={classes.items} data-testid="invoice-items">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className={classes.num}>
                Qty
              </th>
              <th scope="col" className={classes.num}>
                Unit price
              </th>
              <th scope="col" className={classes.num}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} data-testid="invoice-item">
                <td>{item.name}</td>
                <td className={classes.num}>{item.quantity}</td>
                <td className={classes.num}>{formatMoney(item.unit_price)}</td>
                <td className={classes.num}>{formatMoney(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className={classes.totals} data-testid="invoice-totals">
          <dt>Subtotal</dt>
          <dd data-testid="invoice-subtotal">{formatMoney(order.subtotal)}</dd>
          <dt>Discount</dt>
          <dd data-testid="invoice-discount">{order.discount > 0 ? `-${formatMoney(order.discount)}` : formatMoney(0)}</dd>
          {order.discount_approved_by && (
            <>
              <dt>Discount approved by</dt>
              <dd data-testid="invoice-discount-approval">{order.discount_approved_by.name}</dd>
            </>
          )}
          <dt className={classes.grand}>Total</dt>
          <dd className={classes.grand} data-testid="invoice-total">
            {formatMoney(order.total)}
          </dd>
          <dt>Amount paid</dt>
          <dd data-testid="invoice-paid">{formatMoney(amountReceived(order))}</dd>
          <dt>{balance.label}</dt>
          <dd data-testid="invoice-balance">{formatMoney(balance.amount)}</dd>
          {order.refunds.length > 0 && (
            <>
              <dt>Refunded</dt>
              <dd data-testid="invoice-refunded">-{formatMoney(order.refunded)}</dd>
              <dt className={classes.grand}>Total after refunds</dt>
              <dd className={classes.grand} data-testid="invoice-net">
                {formatMoney(netOfRefunds(order))}
              </dd>
            </>
          )}
        </dl>

        <section className={classes.payments}>
          <h2>Payments</h2>
          <table data-testid="invoice-payments">
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Reference</th>
                <th scope="col" className={classes.num}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((p, i) => (
                <tr key={i} data-testid="invoice-payment">
                  <td className={classes.method}>
                    {PAYMENT_METHOD_LABELS[p.method]}
                    {/* a transfer says whether it was seen on the statement (issue 17) */}
                    {!voided && p.transfer_status && (
                      <div className={classes.check} data-testid="invoice-payment-check" data-status={p.transfer_status}>
                        {transferCheckLine(p)}
                      </div>
                    )}
                  </td>
                  <td className={classes.reference}>{p.reference ?? '—'}</td>
                  <td className={classes.num}>{formatMoney(p.amount)}</td>
                </tr>
              ))}
              {/* money taken later against what the sale owed (issue 28) */}
              {paidLater(order).map((l) => (
                <tr key={`later-${l.id}`} data-testid="invoice-paid-later">
                  <td className={classes.method}>
                    {PAYMENT_METHOD_LABELS[l.method]}, paid {formatDateTime(l.created_at)}
                    {!voided && l.transfer_status && (
                      <div className={classes.check} data-status={l.transfer_status}>
                        {transferCheckLine(l)}
                      </div>
                    )}
                  </td>
                  <td className={classes.reference}>{l.reference ?? '—'}</td>
                  <td className={classes.num}>{formatMoney(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        {order.refunds.length > 0 && (
          <section className={classes.payments}>
            <h2>Refunds</h2>
            <table data-testid="invoice-refunds">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Items given back</th>
                  <th scope="col">Paid back</th>
                  <th scope="col" className={classes.num}>
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.refunds.map((r) => (
                  <tr key={r.id} data-testid="invoice-refund">
                    <td>{formatDateTime(r.created_at)}</td>
                    <td>
                      {r.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}
                      <div className={classes.check}>
                        {r.reason} · {r.staff.name}
                        {r.approved_by && `, approved by ${r.approved_by.name}`}
                      </div>
                    </td>
                    <td className={classes.method}>
                      {PAYMENT_METHOD_LABELS[r.method]}
                      {r.reference && <div className={classes.reference}>{r.reference}</div>}
                    </td>
                    <td className={classes.num}>-{formatMoney(r.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}

        {order.note && (
          <p className={classes.note}>
            <strong>Note:</strong> {order.note}
          </p>
        )}

        <footer className={classes.foot}>
          {payTo && (
            <div data-testid="invoice-pay-to">
              <strong>{payTo}</strong>, quoting {order.invoice_no}.
            </div>
          )}
          Thank you for choosing {studio.name}. Questions about this invoice: {studio.phone} or {studio.email}, quoting {order.invoice_no}.
        </footer>
      </article>
    </div>
  );
}
