import { OUTLET_LABELS, PAYMENT_METHOD_LABELS, type Digest, type DigestOutlet } from '@studio/shared';
import { Link } from 'react-router';
import { studio } from '../../lib/config';
import { formatDate, formatMoney } from '../../lib/format';
import classes from '../../lib/ui/a4-sheet.module.css';

/** Every exception of the day, outlet by outlet, in words: what the page and the sheet show first. */
export function digestExceptions(digest: Digest) {
  return digest.outlets.flatMap((o) => o.exceptions.map((e) => ({ ...e, outlet: o.outlet })));
}

/** One line per method with money in it, then the total. */
function salesLines(o: DigestOutlet) {
  return Object.entries(o.sales.by_method).filter(([, v]) => v !== 0) as [keyof typeof PAYMENT_METHOD_LABELS, number][];
}

/**
 * The digest on an A4 sheet (a4-sheet.module.css): on screen and in print. Exceptions first, then each outlet's figures;
 * `onOpenSale` makes invoice numbers open the sale (not in print).
 */
export function DigestSheet({ digest, onOpenSale }: { digest: Digest; onOpenSale?: (orderId: number) => void }) {
  const exceptions = digestExceptions(digest);
  const invoice = (no: string, id: number) =>
    onOpenSale ? (
      <button type="button" onClick={() => onOpenSale(id)} style={{ all: 'unset', cursor: 'pointer', textDecoration: 'underline' }}>
        {no}
      </button>
    ) : (
      no
    );
  return (
    <div className={classes.statement} data-testid="digest-sheet">
      <div className={classes.head}>
        <div>
          <div className={classes.name}>{studio.name}</div>
          {studio.address && <div className={classes.muted}>{studio.address}</div>}
        </div>
        <div>
          <div className={classes.title}>Daily digest</div>
          <div className={classes.muted} style={{ textAlign: 'right' }}>
            {formatDate(digest.date)}
          </div>
        </div>
      </div>

      <div className={classes.section} data-testid="digest-exceptions">
        <h3>What is unusual</h3>
        {exceptions.length === 0 ? (
          <p>Nothing unusual: every figure is within what this studio usually sees.</p>
        ) : (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {exceptions.map((e, i) => (
              <li key={`${e.kind}-${i}`} data-testid="digest-exception">
                <strong>{OUTLET_LABELS[e.outlet]}:</strong> {e.message}{' '}
                {onOpenSale && (
                  <Link to={e.link}>
                    See the lines
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
        {digest.credits_with_no_record.count > 0 && (
          <p data-testid="digest-no-record">
            {digest.credits_with_no_record.count} bank credit{digest.credits_with_no_record.count === 1 ? '' : 's'} of {formatMoney(digest.credits_with_no_record.total)} in all
            {digest.credits_with_no_record.count === 1 ? ' has' : ' have'} no record (money with no record).
          </p>
        )}
      </div>

      {digest.outlets.map((o) => (
        <div className={classes.section} key={o.outlet} data-testid={`digest-outlet-${o.outlet}`}>
          <h3>{OUTLET_LABELS[o.outlet]}</h3>
          <table className={classes.lines}>
            <tbody>
              {salesLines(o).map(([m, v]) => (
                <tr key={m}>
                  <td>{PAYMENT_METHOD_LABELS[m]}</td>
                  <td>{formatMoney(v)}</td>
                </tr>
              ))}
              <tr className={classes.sum}>
                <td>
                  Sales ({o.sales.count} invoice{o.sales.count === 1 ? '' : 's'})
                </td>
                <td data-testid="digest-sales-total">{formatMoney(o.sales.total)}</td>
              </tr>
              <tr>
                <td>Cash</td>
                <td>
                  {o.cash
                    ? `expected ${formatMoney(o.cash.expected)}, counted ${formatMoney(o.cash.counted)}: ${o.cash.over_short === 0 ? 'exact' : o.cash.over_short > 0 ? `${formatMoney(o.cash.over_short)} over` : `${formatMoney(-o.cash.over_short)} short`}`
                    : 'the day is not closed yet'}
                </td>
              </tr>
              <tr>
                <td>Transfers not confirmed</td>
                <td>
                  {o.transfers.unconfirmed.count} · {formatMoney(o.transfers.unconfirmed.total)}
                </td>
              </tr>
              <tr>
                <td>Transfers not received</td>
                <td>
                  {o.transfers.not_received.count} · {formatMoney(o.transfers.not_received.total)}
                </td>
              </tr>
              <tr>
                <td>Offline sales sent to review</td>
                <td>{o.offline_reviews.open}</td>
              </tr>
              {o.voids.map((v) => (
                <tr key={`v${v.order_id}`} data-testid="digest-void">
                  <td>
                    Void {invoice(v.invoice, v.order_id)}: sold by {v.who}
                    {v.voided_by ? `, voided by ${v.voided_by}` : ''}
                    {v.reason ? ` (${v.reason})` : ''}
                  </td>
                  <td>{formatMoney(v.amount)}</td>
                </tr>
              ))}
              {o.refunds.map((r, i) => (
                <tr key={`r${i}`} data-testid="digest-refund">
                  <td>
                    Refund on {invoice(r.invoice, r.order_id)} by {r.who}
                    {r.approved_by ? `, approved by ${r.approved_by}` : ''} ({r.reason})
                  </td>
                  <td>{formatMoney(r.amount)}</td>
                </tr>
              ))}
              {o.discounts_above_limit.map((d) => (
                <tr key={`d${d.order_id}`} data-testid="digest-discount">
                  <td>
                    Discount above the limit on {invoice(d.invoice, d.order_id)} by {d.who}, approved by {d.approved_by}
                  </td>
                  <td>{formatMoney(d.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
