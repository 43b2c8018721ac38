import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { SCHEDULE_STATUS_LABELS, bankAccountLine, certificateVerifyPath, type CertificateDetail, formatPhone } from '@studio/shared';
import { studio } from '../../lib/config';
import { formatDate, formatMoney } from '../../lib/format';
import type { Statement } from './trainee-plan-queries';
import classes from './trainee-printouts.module.css';

/** A trainee's statement on A4 (issue 33, item 7): her schedule, what is paid, what is due next and how to pay. */
export function TraineeStatement({ statement }: { statement: Statement }) {
  const { trainee: t, schedule, next_due: next, bank_account: account } = statement;
  return (
    <div className={classes.sheet} data-testid="trainee-statement">
      <div className={classes.head}>
        <div>
          <div className={classes.studio}>{studio.name}</div>
          {studio.address && <div className={classes.muted}>{studio.address}</div>}
          {(studio.phone || studio.email) && <div className={classes.muted}>{[studio.phone, studio.email].filter(Boolean).join(' · ')}</div>}
        </div>
        <div className={classes.right}>
          <div className={classes.title}>Fee statement</div>
          <div className={classes.muted}>{formatDate(statement.today)}</div>
        </div>
      </div>
      <p>
        <strong>{t.name}</strong> · {formatPhone(t.phone)}
        <br />
        {t.program}, {formatDate(t.start_date)} to {formatDate(t.end_date)}
      </p>
      <table className={classes.lines}>
        <thead>
          <tr>
            <th>Instalment</th>
            <th>Due</th>
            <th>Amount</th>
            <th>Paid</th>
            <th>Balance</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((r) => (
            <tr key={`${r.label}-${r.due_date}`} data-testid="statement-line" className={r.status === 'overdue' ? classes.overdue : undefined}>
              <td>{r.label}</td>
              <td>{formatDate(r.due_date)}</td>
              <td>{formatMoney(r.amount)}</td>
              <td>{formatMoney(r.paid)}</td>
              <td>{formatMoney(r.balance)}</td>
              <td>{SCHEDULE_STATUS_LABELS[r.status]}</td>
            </tr>
          ))}
          <tr className={classes.sum}>
            <td colSpan={2}>Total fee</td>
            <td>{formatMoney(t.fee)}</td>
            <td>{formatMoney(t.amount_paid)}</td>
            <td data-testid="statement-balance">{formatMoney(t.balance)}</td>
            <td />
          </tr>
        </tbody>
      </table>
      {schedule.length === 0 && <p className={classes.muted}>No instalment plan: the fee is {formatMoney(t.fee)}, paid {formatMoney(t.amount_paid)}.</p>}
      <div className={classes.box}>
        {t.balance <= 0 ? (
          <strong>Paid in full. Thank you.</strong>
        ) : (
          <>
            <div data-testid="statement-next">
              {next ? (
                <>
                  <strong>{next.status === 'overdue' ? 'Overdue' : 'Next due'}:</strong> {formatMoney(next.balance)} on {formatDate(next.due_date)}
                  {statement.overdue_amount > 0 && <> ({formatMoney(statement.overdue_amount)} overdue in all)</>}
                </>
              ) : (
                <>
                  <strong>Balance:</strong> {formatMoney(t.balance)}
                </>
              )}
            </div>
            <div>
              <strong>How to pay:</strong> {account ? <>transfer to {bankAccountLine(account)}, with your name as the reference</> : 'at the studio'}, or cash or card at the desk.
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** The QR code of a certificate's public check, as an image address. */
function useQrCode(text: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(text, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then((u) => current && setUrl(u));
    return () => {
      current = false;
    };
  }, [text]);
  return url;
}

/** A certificate on A4 (issue 33, item 6): the studio, the trainee, the program, the dates, and a QR code to check it. */
export function TraineeCertificate({ certificate: c }: { certificate: CertificateDetail }) {
  const verifyUrl = `${window.location.origin}${certificateVerifyPath(c.serial, c.verify_code)}`;
  const qr = useQrCode(verifyUrl);
  return (
    <div className={`${classes.sheet} ${classes.certificate}`} data-testid="trainee-certificate">
      <div className={classes.certStudio}>{studio.name}</div>
      <div className={classes.certTitle}>Certificate of Completion</div>
      <div className={classes.muted}>This is to certify that</div>
      <div className={classes.certName} data-testid="certificate-name">
        {c.name}
      </div>
      <div className={classes.muted}>has completed the training</div>
      <div className={classes.certProgram}>{c.program}</div>
      <div>
        from {formatDate(c.start_date)} to {formatDate(c.end_date)}
      </div>
      <div className={classes.certFoot}>
        <div className={classes.signature}>
          <div className={classes.line} />
          Director
        </div>
        <div className={classes.qr}>
          {qr && <img src={qr} alt={`QR code to check certificate ${c.serial}`} width={120} height={120} data-testid="certificate-qr" />}
          <div className={classes.small}>
            Serial {c.serial} · code {c.verify_code}
            <br />
            Issued {formatDate(c.issued_on)} · check at {window.location.host}/verify/{c.serial}
          </div>
        </div>
      </div>
      {c.revoked_at && <div className={classes.revoked}>REVOKED</div>}
    </div>
  );
}
