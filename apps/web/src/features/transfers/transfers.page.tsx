import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { OUTLET_LABELS, TRANSFER_KIND_LABELS, type TransferItem, type TransferLine, transferNotReceivedSchema } from '@studio/shared';
import { IconCashBanknoteOff, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BANK_STATEMENTS_PATH } from '../../lib/config';
import { useState } from 'react';
import { DataTable, type TableColumn, dataTableIds } from '../../crud/data-table';
import { useSchemaForm } from '../../crud/use-schema-form';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { sumMoney } from '../../lib/orders/order-labels';
import { PageHeader } from '../../lib/ui/page-header';
import { StatCard } from '../../lib/ui/stat-card';
import { useCheckTransfers, useUnconfirmedTransfers } from './transfers.queries';
import classes from './transfers.module.css';

const keyOf = (l: Pick<TransferLine, 'kind' | 'id'>) => `${l.kind}:${l.id}`;
const plural = (n: number) => `${n} ${n === 1 ? 'transfer' : 'transfers'}`;

/** What the line paid for: the invoice and its outlet for a sale, the fee or booking otherwise; who paid under it. */
function For({ line }: { line: TransferLine }) {
  return (
    <div>
      <Text span fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {line.kind === 'sale' ? `${line.invoice_no ?? 'Sale'}${line.outlet ? ` · ${OUTLET_LABELS[line.outlet]}` : ''}` : TRANSFER_KIND_LABELS[line.kind]}
      </Text>
      <Text fz="xs" c="dimmed">
        {line.party}
      </Text>
    </div>
  );
}

const COLUMNS: TableColumn<TransferLine>[] = [
  { key: 'party', label: 'For', render: (l) => <For line={l} /> },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'reference', label: 'Reference', priority: 2, render: (l) => (l.reference ? <Text span fz="sm" ff="monospace">{l.reference}</Text> : <Text span c="dimmed" fz="sm">—</Text>) },
  { key: 'taken_by', label: 'Taken by', priority: 4, nowrap: true, render: (l) => l.taken_by?.name ?? '—' },
  { key: 'amount', label: 'Amount', kind: 'money', render: (l) => <Text span fz="sm" fw={700}>{formatMoney(l.amount)}</Text> },
];

/**
 * Transfers to confirm (admin; issue 17, item 5): every bank transfer taken (sales, fees, booking payments) that no
 * person has checked on the bank statement yet, oldest first. Tick the ones that arrived and Confirm them; tick the
 * ones that never did and mark them Not received, with the reason (a fee or booking payment is then owed again).
 */
export function TransfersPage({ title }: { title: string }) {
  const query = useUnconfirmedTransfers();
  const { confirm, notReceived } = useCheckTransfers();
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [flagging, setFlagging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lines = query.data?.data ?? [];
  const chosen = lines.filter((l) => selected.has(keyOf(l)));
  const items: TransferItem[] = chosen.map((l) => ({ kind: l.kind, id: l.id }));
  const chosenAmount = sumMoney(chosen.map((l) => l.amount));
  const busy = confirm.isPending || notReceived.isPending;
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const actions = (
    <Group justify="flex-end" gap="xs" p="sm" wrap="nowrap" grow={phone}>
      <Button color="red" variant="light" leftSection={<IconCashBanknoteOff size={18} />} disabled={!chosen.length || busy} onClick={() => setFlagging(true)} data-testid="transfers-not-received">
        Not received
      </Button>
      <Button color="teal" leftSection={<IconCircleCheck size={18} />} disabled={!chosen.length} loading={confirm.isPending} onClick={confirmChosen} data-testid="transfers-confirm">
        {chosen.length ? `Confirm ${phone ? chosen.length : plural(chosen.length)}` : 'Confirm'}
      </Button>
    </Group>
  );

  async function confirmChosen() {
    setError(null);
    try {
      await confirm.mutateAsync(items);
      notify.success(`Confirmed ${plural(items.length)} (${formatMoney(chosenAmount)}).`);
      setSelected(new Set());
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <div data-testid="transfers-page">
      <PageHeader
        title={title}
        actions={
          <Button component={Link} to={BANK_STATEMENTS_PATH} variant="light" leftSection={<IconFileSpreadsheet size={18} />} data-testid="open-bank-statements">
            Import a bank statement
          </Button>
        }
      />
      <Stack gap="md">
        <Text size="sm" c="dimmed" maw={760}>
          A transfer counts as taken, but it is money in the bank only once someone has seen it on the statement. Tick the transfers that arrived and confirm them; mark the ones that never
          arrived as not received, with the reason.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <StatCard label="Waiting to be confirmed" value={query.data ? formatMoney(query.data.summary.amount) : null} hint={query.data && plural(query.data.summary.count)} loading={query.isPending} testId="transfers-waiting" />
          <StatCard label="Selected" value={query.data ? formatMoney(chosenAmount) : null} hint={chosen.length ? plural(chosen.length) : 'Tick the transfers you see on the statement'} loading={query.isPending} testId="transfers-selected" />
        </SimpleGrid>
        {error && (
          <Alert color="red" variant="light" withCloseButton onClose={() => setError(null)} data-testid="transfers-error">
            {error}
          </Alert>
        )}
        <Card withBorder radius="md" padding={0}>
          {!phone && actions}
          <DataTable
            columns={COLUMNS}
            rows={lines}
            loading={query.isPending}
            failed={query.isError}
            failedText="The transfers could not be loaded."
            onRetry={() => query.refetch()}
            emptyText="Every transfer has been checked: nothing is waiting."
            rowKey={keyOf}
            rowProps={(l) => ({ 'data-kind': l.kind, 'data-id': l.id })}
            selection={{ selected, onChange: setSelected, label: (l) => `Select the ${formatMoney(l.amount)} transfer of ${formatDate(l.date)} (${l.kind === 'sale' ? l.invoice_no : l.party})` }}
            ids={dataTableIds('transfers')}
          />
        </Card>
        {/* on a phone the buttons follow the thumb: held at the foot of the screen while the list scrolls */}
        {phone && lines.length > 0 && <div className={classes.phoneBar}>{actions}</div>}
      </Stack>
      <NotReceivedModal
        opened={flagging}
        count={chosen.length}
        amount={chosenAmount}
        onClose={() => setFlagging(false)}
        submit={async (reason) => {
          await notReceived.mutateAsync({ items, reason });
          notify.success(`Marked ${plural(items.length)} not received (${formatMoney(chosenAmount)}).`);
          setSelected(new Set());
          setFlagging(false);
        }}
      />
    </div>
  );
}

function messageOf(err: unknown): string {
  if (err instanceof ApiError) {
    const first = Object.values(err.fieldErrors)[0]?.[0];
    return first ? `${err.message} ${first}` : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

const reasonSchema = transferNotReceivedSchema.pick({ reason: true });

/** Why the chosen transfers never arrived (kept on each line and in the log). */
function NotReceivedModal({ opened, count, amount, onClose, submit }: { opened: boolean; count: number; amount: number; onClose: () => void; submit: (reason: string) => Promise<void> }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: reasonSchema,
    initialValues: { reason: '' },
    submit: (body) => submit(body.reason),
    onSuccess: () => form.reset(),
    labels: { reason: 'Reason' },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Transfers not received" fullScreen={phone} centered data-testid="not-received-modal">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Mark {plural(count)} ({formatMoney(amount)}) as never received? This cannot be undone: money that arrives later is taken as a new payment. A fee or booking payment is reversed
            and owed again; a sale keeps its items and shows the transfer as not received.
          </Text>
          {formError && (
            <Alert color="red" variant="light">
              {formError}
            </Alert>
          )}
          <Textarea label="Reason" withAsterisk placeholder="No credit on the statement; the alert was fake" autosize minRows={2} maxRows={4} data-autofocus {...form.getInputProps('reason')} data-field="reason" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={saving} leftSection={<IconCashBanknoteOff size={18} />} data-testid="not-received-submit">
              Mark not received
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
