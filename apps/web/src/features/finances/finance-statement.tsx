import { Button, Group, Modal, ScrollArea, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FinanceSummary } from '@studio/shared';
import { IconPrinter } from '@tabler/icons-react';
import { studio } from '../../lib/config';
import { formatDate, formatMoney } from '../../lib/format';
import { PrintArea } from '../../lib/receipt/receipt';
import { studioDateTime } from '../../lib/studio-time';
import { INCOME_SOURCES } from './finance-charts';
import classes from '../../lib/ui/a4-sheet.module.css';

/** The statement of a period on A4: the studio, the period, income by source, expenses by category, totals and net. */
export function FinanceStatement({ summary, periodName, printedAt = new Date() }: { summary: FinanceSummary; periodName: string; printedAt?: Date }) {
  const categories = Object.entries(summary.expense_by_category).sort(([, a], [, b]) => b - a);
  return (
    <div className={classes.statement} data-testid="finance-statement">
      <div className={classes.head}>
        <div>
          <div className={classes.name} data-testid="statement-studio">
            {studio.name}
          </div>
          {studio.address && <div className={classes.muted}>{studio.address}</div>}
          {(studio.phone || studio.email) && <div className={classes.muted}>{[studio.phone, studio.email].filter(Boolean).join(' · ')}</div>}
        </div>
        <div>
          <div className={classes.title}>Income &amp; Expenses Statement</div>
          <div className={classes.muted} style={{ textAlign: 'right' }} data-testid="statement-period">
            {periodName}
            <br />
            {formatDate(summary.from)} to {formatDate(summary.to)}
          </div>
        </div>
      </div>

      <div className={classes.section}>
        <h3>Income by source</h3>
        <table className={classes.lines}>
          <tbody>
            {INCOME_SOURCES.map((s) => (
              <tr key={s.key} data-testid="statement-income-line">
                <td>{s.label}</td>
                <td>{formatMoney(summary.income_by_source[s.key])}</td>
              </tr>
            ))}
            <tr className={classes.sum}>
              <td>Total income</td>
              <td data-testid="statement-income">{formatMoney(summary.income)}</td>
            </tr>
          </tbody>
        </table>
      </div>

      <div className={classes.section}>
        <h3>Shown apart</h3>
        <table className={classes.lines}>
          <tbody>
            <tr data-testid="statement-refunds">
              <td>Refunds paid out (already taken off the sales above; sold {formatMoney(summary.income_by_source.sales + summary.refunds)})</td>
              <td>{formatMoney(summary.refunds)}</td>
            </tr>
            <tr data-testid="statement-not-received">
              <td>Transfers not received (out of the income above)</td>
              <td>{formatMoney(summary.transfers_not_received)}</td>
            </tr>
            <tr data-testid="statement-not-received-sales">
              <td>of which sales&apos; transfers, now owed on those sales</td>
              <td>{formatMoney(summary.transfers_not_received_sales)}</td>
            </tr>
            <tr data-testid="statement-bookings-due">
              <td>Bookings still owe (events in the period)</td>
              <td>{formatMoney(summary.bookings_due)}</td>
            </tr>
          </tbody>
        </table>
      </div>

      <div className={classes.section}>
        <h3>Expenses by category</h3>
        <table className={classes.lines}>
          <tbody>
            {categories.length === 0 && (
              <tr>
                <td>No expenses</td>
                <td>{formatMoney(0)}</td>
              </tr>
            )}
            {categories.map(([category, amount]) => (
              <tr key={category} data-testid="statement-expense-line">
                <td>{category}</td>
                <td>{formatMoney(amount)}</td>
              </tr>
            ))}
            <tr className={classes.sum}>
              <td>Total expenses</td>
              <td data-testid="statement-expense">{formatMoney(summary.expense)}</td>
            </tr>
          </tbody>
        </table>
      </div>

      <div className={classes.net}>
        <span>{summary.net < 0 ? 'Net loss' : 'Net income'}</span>
        <span data-testid="statement-net">{formatMoney(summary.net)}</span>
      </div>
      <div className={classes.foot}>
        Sales are paid invoices (voids left out) less the refunds paid out in the period; fees and bookings are payments received, reversals netted. Printed {studioDateTime(printedAt)}.
      </div>
    </div>
  );
}

/** The statement on screen with Print: only the statement is printed, on A4. */
export function FinanceStatementModal({ opened, onClose, summary, periodName }: { opened: boolean; onClose: () => void; summary: FinanceSummary | undefined; periodName: string }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened && summary !== undefined} onClose={onClose} title={`Statement, ${periodName}`} size="xl" fullScreen={phone} centered data-testid="statement-modal">
      {summary && (
        <Stack>
          <ScrollArea.Autosize mah={phone ? undefined : '65vh'} type="auto" style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 8 }} p="sm">
            <FinanceStatement summary={summary} periodName={periodName} />
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="statement-print">
              Print
            </Button>
          </Group>
          <PrintArea format="a4">
            <FinanceStatement summary={summary} periodName={periodName} />
          </PrintArea>
        </Stack>
      )}
    </Modal>
  );
}
