import { PAY_SOURCE_LABELS, type PayRun, type PayRunLine, type PaySource } from '@studio/shared';
import { studio } from '../../lib/config';
import { formatDate, formatMoney } from '../../lib/format';
import classes from '../../lib/ui/a4-sheet.module.css';

/** A payslip as text for WhatsApp (wa.me): the figures, each in words. */
export function payslipText(run: PayRun, line: PayRunLine): string {
  return [
    `${studio.name}: payslip ${formatDate(run.from)} to ${formatDate(run.to)}`,
    line.staff.name,
    `Base pay: ${formatMoney(line.base_pay)}`,
    `Commission: ${formatMoney(line.commission)}`,
    ...(line.adjustments ? [`Adjustments: ${formatMoney(line.adjustments)}`] : []),
    `Net pay: ${formatMoney(line.net)}`,
  ].join('\n');
}

/**
 * One person's pay of a run on A4: every figure and, under it, each source that makes it up (the sale's invoice
 * and the rule), so that the naira of the payslip add up to its net. `onOpenSale` links a source to its sale.
 */
export function Payslip({ run, line, onOpenSale }: { run: PayRun; line: PayRunLine; onOpenSale?: (source: PaySource) => void }) {
  const figures: [string, number][] = [
    ['Base pay', line.base_pay],
    ['Commission', line.commission],
    ['Tips', line.tips],
    ['Advances paid back', -line.advances_paid_back],
    ['Adjustments', line.adjustments],
  ];
  return (
    <div className={classes.statement} data-testid="payslip">
      <div className={classes.head}>
        <div>
          <div className={classes.name}>{studio.name}</div>
          {studio.address && <div className={classes.muted}>{studio.address}</div>}
        </div>
        <div>
          <div className={classes.title}>Payslip</div>
          <div className={classes.muted} style={{ textAlign: 'right' }}>
            {line.staff.name}
            <br />
            {formatDate(run.from)} to {formatDate(run.to)} · {run.status === 'closed' ? 'closed' : 'draft'}
          </div>
        </div>
      </div>
      <div className={classes.section}>
        <table className={classes.lines}>
          <tbody>
            {figures.map(([label, value]) => (
              <tr key={label}>
                <td>{label}</td>
                <td>{formatMoney(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={classes.net} data-testid="payslip-net">
        <span>Net pay</span>
        <span>{formatMoney(line.net)}</span>
      </div>
      <div className={classes.section}>
        <h3>Where it came from</h3>
        <table className={classes.lines} data-testid="payslip-sources">
          <tbody>
            {line.sources.map((s, i) => (
              <tr key={i}>
                <td>
                  {formatDate(s.date)} · {PAY_SOURCE_LABELS[s.kind]}
                  {s.order &&
                    (onOpenSale ? (
                      <>
                        {' · '}
                        <a href={`#sale-${s.order.id}`} onClick={(e) => (e.preventDefault(), onOpenSale(s))} data-testid="payslip-sale">
                          {s.order.invoice_no}
                        </a>
                      </>
                    ) : (
                      ` · ${s.order.invoice_no}`
                    ))}
                  <div className={classes.muted}>{s.detail}</div>
                </td>
                <td>{formatMoney(s.amount)}</td>
              </tr>
            ))}
            <tr className={classes.sum}>
              <td>Sum of the sources</td>
              <td>{formatMoney(line.sources.reduce((k, s) => k + Math.round(s.amount * 100), 0) / 100)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className={classes.foot}>Commission is worked out by the rule named on each line, on the sale's day; a refund or void after a run closed is an adjustment in the next one.</div>
    </div>
  );
}
