import { Badge, Button, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { type BankAccount, DEFAULT_REMINDER_DAYS, type DueReminder, REMINDER_KIND_LABELS, bankAccountLine, formatPhone } from '@studio/shared';
import { useStudioSettings } from '../../lib/settings-queries';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { studio } from '../../lib/config';
import { type CsvColumn, csvFileName, downloadCsv, toCsv } from '../../lib/csv';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { studioDate } from '../../lib/studio-time';
import { PageHeader } from '../../lib/ui/page-header';
import { ReminderRun } from '../../lib/ui/reminder-run';
import { StatCard } from '../../lib/ui/stat-card';
import { reminderKey, useDueReminders, useMarkReminderSent } from './reminders.queries';

/** How far ahead a run looks for bookings' events. */
const WINDOWS = [7, DEFAULT_REMINDER_DAYS, 30, 60, 90];

/**
 * The WhatsApp message of one person who owes, in the studio's name (build-time config):
 * "Hello Ada Obi, this is a reminder from Glam Studio that a balance of ₦200,000.00 is due for Bridal booking
 * Dec 5, 2026, Gold (₦100,000.00 paid of ₦300,000.00). ..."
 */
export function dueReminderText(r: Pick<DueReminder, 'name' | 'balance' | 'about' | 'charge' | 'amount_paid'>, account: BankAccount | null = null): string {
  const paid = r.amount_paid > 0 ? ` (${formatMoney(r.amount_paid)} paid of ${formatMoney(r.charge)})` : '';
  // the studio's own account, from Settings: never a number typed by whoever sends the reminder
  const payTo = account ? ` You can pay by transfer to ${bankAccountLine(account)}.` : '';
  const call = studio.phone ? ` Please call us on ${studio.phone} with any question.` : '';
  return `Hello ${r.name}, this is a reminder from ${studio.name} that a balance of ${formatMoney(r.balance)} is due for ${r.about}${paid}.${payTo}${call} Thank you, ${studio.name}.`;
}

/** "Reminded Nov 26, 2026, 14:05 by Blessing". */
export function lastReminderLine(r: Pick<DueReminder, 'last_reminder'>): string | null {
  const last = r.last_reminder;
  return last ? `Reminded ${formatDateTime(last.at)}${last.by ? ` by ${last.by.name}` : ''}` : null;
}

const CSV_COLUMNS = (sent: ReadonlySet<string>): CsvColumn<DueReminder>[] => [
  { label: 'Kind', value: (r) => REMINDER_KIND_LABELS[r.kind] },
  { label: 'Name', value: (r) => r.name },
  { label: 'Phone', value: (r) => formatPhone(r.phone) },
  { label: 'For', value: (r) => r.about },
  { label: 'Date', kind: 'date', value: (r) => r.date },
  { label: 'Charge', kind: 'money', value: (r) => r.charge },
  { label: 'Paid', kind: 'money', value: (r) => r.amount_paid },
  { label: 'Balance', kind: 'money', value: (r) => r.balance },
  { label: 'Sent in this run', value: (r) => (sent.has(reminderKey(r)) ? 'yes' : 'no') },
  { label: 'Last reminded', value: (r) => (r.last_reminder ? formatDateTime(r.last_reminder.at) : '') },
  { label: 'By', value: (r) => r.last_reminder?.by?.name ?? '' },
];

/**
 * Payment reminders (admin; issue 17, item 7): everyone who owes (makeup, PMU and hostel trainees with a balance,
 * bookings with a balance and an event in the next N days), each with a prepared WhatsApp message, stepped through
 * one after another: open, mark sent (recorded on the server: when, by whom), next. Whoever was reminded within the
 * studio's skip window (setting reminder_skip_days) is left out unless asked for. The run saves as CSV.
 */
export function PaymentRemindersPage({ title }: { title: string }) {
  const [days, setDays] = useState(DEFAULT_REMINDER_DAYS);
  const [includeReminded, setIncludeReminded] = useState(false);
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const query = useDueReminders(days, includeReminded);
  const mark = useMarkReminderSent();
  const account = useStudioSettings().settings.bank_account;
  const rows = query.data?.data ?? [];
  const summary = query.data?.summary;

  async function markSent(r: DueReminder) {
    await mark.mutateAsync([{ kind: r.kind, id: r.id }]);
    setSent((s) => new Set(s).add(reminderKey(r)));
  }

  function saveCsv() {
    const name = csvFileName('payment-reminders', studioDate());
    downloadCsv(name, toCsv(rows, CSV_COLUMNS(sent)));
    notify.success(`${rows.length} ${rows.length === 1 ? 'row' : 'rows'} saved to ${name}.`, 'Exported');
  }

  const skipDays = summary?.skip_days ?? 3;
  return (
    <div data-testid="payment-reminders-page">
      <PageHeader
        title={title}
        actions={
          <Button variant="default" leftSection={<IconFileSpreadsheet size={18} />} disabled={!rows.length} onClick={saveCsv} data-testid="reminders-csv">
            Export CSV
          </Button>
        }
      />
      <Stack gap="md">
        <Text size="sm" c="dimmed" maw={760}>
          Everyone who owes: trainees with a fee balance, and bookings with a balance and an event coming up. Open each reminder in WhatsApp, send it, mark it sent, and go on to the next.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <StatCard
            label="Owing, to remind"
            value={formatMoney(summary?.balance ?? 0)}
            hint={summary && `${summary.count} ${summary.count === 1 ? 'person' : 'people'}`}
            loading={query.isPending}
            testId="reminders-owing"
          />
          <StatCard
            label={`Reminded in the last ${skipDays} ${skipDays === 1 ? 'day' : 'days'}`}
            value={summary ? String(summary.skipped) : '0'}
            hint={includeReminded ? 'Listed below, marked as reminded' : summary?.skipped ? 'Left out of this run' : 'Nobody left out'}
            loading={query.isPending}
            testId="reminders-skipped"
          />
        </SimpleGrid>
        <ReminderRun
          rows={rows}
          rowKey={reminderKey}
          name={(r) => r.name}
          phone={(r) => r.phone}
          text={(r) => dueReminderText(r, account)}
          sent={sent}
          onSent={markSent}
          confirm
          loading={query.isPending}
          failed={query.isError}
          emptyText={includeReminded || !summary?.skipped ? 'Nobody owes: there is nobody to remind.' : `Nobody else owes: ${summary.skipped} reminded lately ${summary.skipped === 1 ? 'is' : 'are'} left out.`}
          controls={
            <>
              <Select
                label="Booking events within"
                data={WINDOWS.map((d) => ({ value: String(d), label: `${d} days` }))}
                value={String(days)}
                onChange={(v) => v && setDays(Number(v))}
                w={190}
                data-testid="reminders-days"
              />
              <Switch
                label={`Include those reminded in the last ${skipDays} ${skipDays === 1 ? 'day' : 'days'}`}
                checked={includeReminded}
                onChange={(e) => setIncludeReminded(e.currentTarget.checked)}
                mb={6}
                data-testid="reminders-include"
              />
            </>
          }
          title={(r) => (
            <Group gap={6} wrap="wrap">
              <Text fw={600}>{r.name}</Text>
              <Badge size="sm" variant="light" color="gray">
                {REMINDER_KIND_LABELS[r.kind]}
              </Badge>
              <Text fw={700} fz="sm" c="var(--mantine-color-red-text)" data-testid="reminder-balance">
                owes {formatMoney(r.balance)}
              </Text>
            </Group>
          )}
          detail={(r) => (
            <>
              {/* a booking's words already say its day */}
              {r.about}
              {r.kind === 'booking' ? '' : ` · ends ${formatDate(r.date)}`} · {formatPhone(r.phone) || 'no phone'}
              {r.last_reminder && <div data-testid="reminder-last">{lastReminderLine(r)}</div>}
            </>
          )}
          status={(r) =>
            sent.has(reminderKey(r)) ? (
              <Badge color="teal" variant="light">
                Sent
              </Badge>
            ) : r.recently_reminded ? (
              <Badge color="yellow" variant="light">
                Reminded lately
              </Badge>
            ) : null
          }
        />
      </Stack>
    </div>
  );
}
