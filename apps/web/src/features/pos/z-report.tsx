import {
  type DayClose,
  type DayCloseRecord,
  OUTLET_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from '@studio/shared';
import { studio } from '../../lib/config';
import { formatDate, formatDateTime, formatMoney, formatSignedMoney } from '../../lib/format';
import { type ReceiptFormat, receiptClasses as paper } from '../../lib/receipt/receipt';
import { studioReceiptTime } from '../../lib/studio-time';

// The end-of-day (Z) report as it prints, and the over/short wording the day-close dialog shares with it.

/** `+₦200.00 over`, `-₦150.00 short`, `₦0.00`: the sign and the word, so colour is never the only clue. */
export function overShortText(amount: number): string {
  const shown = formatSignedMoney(amount);
  if (shown === formatSignedMoney(0)) return shown;
  return `${shown} ${amount > 0 ? 'over' : 'short'}`;
}

export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The amount kept whole on one line, its "over"/"short" after it (on the next line when the column is narrow). */
export function OverShort({ amount }: { amount: number }) {
  const text = overShortText(amount);
  const cut = text.lastIndexOf(' ');
  if (cut < 0 || !/ (over|short)$/.test(text)) return <span style={NO_WRAP}>{text}</span>;
  return (
    <>
      <span style={NO_WRAP}>{text.slice(0, cut)}</span> {text.slice(cut + 1)}
    </>
  );
}

export const overShortColor = (amount: number) => (Math.round(amount * 100) === 0 ? undefined : amount > 0 ? 'teal.8' : 'red.8');

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={paper.row} style={strong ? { fontWeight: 700 } : undefined}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

/** The close's money per method on paper: a block per method, so it fits the 80 mm roll as well as A4. */
function CloseLines({ record }: { record: DayCloseRecord }) {
  return (
    <>
      {PAYMENT_METHODS.map((m) => (
        <div key={m} className={paper.item}>
          <div>
            <strong>{PAYMENT_METHOD_LABELS[m]}</strong>
          </div>
          <Row label="  Expected" value={formatMoney(record.expected[m])} />
          <Row label="  Counted" value={formatMoney(record.counted[m])} />
          <Row label="  Over/short" value={overShortText(record.over_short[m])} />
        </div>
      ))}
      <Row label="Expected, all methods" value={formatMoney(record.expected_total)} />
      <Row label="Counted, all methods" value={formatMoney(record.counted_total)} />
      <Row label="Over/short" value={overShortText(record.over_short_total)} strong />
    </>
  );
}

/** The end-of-day (Z) report as it prints: sales by method, expected money, the close (counted, over/short, who and when) and its reopen history. */
export function ZReport({ close, format }: { close: DayClose; format: ReceiptFormat }) {
  const record = close.close;
  return (
    <div className={paper.receipt} data-format={format} data-testid="z-report">
      <div className={paper.center}>
        <div className={paper.name}>{studio.name}</div>
        <div>{OUTLET_LABELS[close.outlet]}</div>
        <div>
          <strong>END OF DAY (Z) REPORT</strong>
        </div>
        <div>{formatDate(close.date)}</div>
        <div>{record ? `CLOSED by ${record.closed_by.name}, ${formatDateTime(record.closed_at)}` : 'NOT CLOSED'}</div>
      </div>
      <hr className={paper.rule} />
      <Row label="Sales" value={String(close.count)} />
      <Row label="Discounts given" value={formatMoney(close.discount)} />
      <Row label="Total sales" value={formatMoney(close.total)} strong />
      {close.gross_profit !== undefined && <Row label="Gross profit" value={formatMoney(close.gross_profit)} />}
      <hr className={paper.rule} />
      {PAYMENT_METHODS.map((m) => (
        <Row key={m} label={PAYMENT_METHOD_LABELS[m]} value={formatMoney(close.by_method[m] ?? 0)} />
      ))}
      <Row label="Change given" value={formatMoney(-close.change_given)} />
      {PAYMENT_METHODS.filter((m) => close.refunds.by_method[m] > 0).map((m) => (
        <Row key={m} label={`Refunds paid, ${PAYMENT_METHOD_LABELS[m].toLowerCase()}`} value={formatMoney(-close.refunds.by_method[m])} />
      ))}
      <Row label="Expected cash in drawer" value={formatMoney(close.expected.cash)} strong />
      <Row label={`Transfers not confirmed (${close.transfers.unconfirmed.count})`} value={formatMoney(close.transfers.unconfirmed.amount)} />
      {close.transfers.not_received.count > 0 && <Row label={`Transfers not received (${close.transfers.not_received.count})`} value={formatMoney(close.transfers.not_received.amount)} />}
      {record && (
        <>
          <hr className={paper.rule} />
          <div>
            <strong>Counted at the close</strong>
          </div>
          <CloseLines record={record} />
          {record.note && <div style={{ marginTop: 6 }}>Note: {record.note}</div>}
        </>
      )}
      <hr className={paper.rule} />
      <Row label={`Voided sales (${close.voids.count})`} value={formatMoney(close.voids.total)} />
      {close.items.length > 0 && (
        <>
          <hr className={paper.rule} />
          <div>
            <strong>Items sold</strong>
          </div>
          {close.items.map((i) => (
            <Row key={i.product_id} label={`${i.quantity} x ${i.name}`} value={formatMoney(i.total)} />
          ))}
        </>
      )}
      {close.by_staff.length > 0 && (
        <>
          <hr className={paper.rule} />
          <div>
            <strong>By staff</strong>
          </div>
          {close.by_staff.map((s) => (
            <Row key={s.id} label={`${s.name} (${s.count})`} value={formatMoney(s.total)} />
          ))}
        </>
      )}
      {close.reopened.length > 0 && (
        <>
          <hr className={paper.rule} />
          <div>
            <strong>Reopened closes</strong>
          </div>
          {close.reopened.map((r) => (
            <div key={r.id} className={paper.item}>
              <div>
                Closed by {r.closed_by.name}, {formatDateTime(r.closed_at)} (counted {formatMoney(r.counted_total)}, {overShortText(r.over_short_total)})
              </div>
              <div>
                Reopened by {r.reopened_by?.name ?? '—'}, {formatDateTime(r.reopened_at)}: {r.reopen_reason}
              </div>
            </div>
          ))}
        </>
      )}
      <hr className={paper.rule} />
      <div className={paper.center}>Printed {studioReceiptTime(new Date())}</div>
    </div>
  );
}
