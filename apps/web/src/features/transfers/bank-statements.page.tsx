import { Alert, Badge, Button, Card, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { TRANSFER_KIND_LABELS, type StatementColumnMap, type StatementLine, type StatementLineStatus, type TransferKind } from '@studio/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type TableColumn, dataTableIds } from '../../crud/data-table';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { PageHeader } from '../../lib/ui/page-header';
import { StatCard } from '../../lib/ui/stat-card';
import { useDecideLine, useImportStatement, useStatementLines, useStatements, useUnmatchedCredits } from './bank-statements.queries';

const STATUS: Record<StatementLineStatus, { label: string; color: string }> = {
  matched: { label: 'Confirmed', color: 'teal' },
  suggested: { label: 'Choose', color: 'yellow' },
  unmatched: { label: 'No record', color: 'red' },
  debit: { label: 'Money out', color: 'gray' },
  duplicate: { label: 'Imported before', color: 'gray' },
};
const ROLES: { key: keyof StatementColumnMap; label: string; required?: boolean }[] = [
  { key: 'date', label: 'Date', required: true },
  { key: 'narration', label: 'Narration', required: true },
  { key: 'reference', label: 'Reference' },
  { key: 'credit', label: 'Credit (money in)' },
  { key: 'debit', label: 'Debit (money out)' },
  { key: 'amount', label: 'Amount (signed, instead of credit and debit)' },
  { key: 'balance', label: 'Balance' },
];
const kindLabel = (kind: string) => TRANSFER_KIND_LABELS[kind as TransferKind] ?? kind;

const COLUMNS: TableColumn<StatementLine>[] = [
  { key: 'line_no', label: 'Line', render: (l) => l.line_no },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'narration', label: 'Narration', render: (l) => <Text fz="sm">{l.narration}{l.reference ? <Text span c="dimmed" fz="xs">{` · ${l.reference}`}</Text> : null}</Text> },
  { key: 'credit', label: 'In / out', kind: 'money', render: (l) => (l.credit ? <Text span fw={700} c="teal">{formatMoney(l.credit)}</Text> : <Text span c="dimmed">−{formatMoney(l.debit)}</Text>) },
  { key: 'status', label: 'What it is', render: (l) => <Badge variant="light" color={STATUS[l.status].color}>{STATUS[l.status].label}</Badge> },
  { key: 'reason', label: 'Why', priority: 2, render: (l) => <Text fz="xs" c="dimmed">{l.reason ?? '—'}</Text> },
];

/** The headers an unknown layout showed (named in the 422's words, each in quotes). */
const headersIn = (message: string) => [...message.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);

/**
 * Bank statements (admin; issue 30): drop the statement your bank app exports (CSV or XLSX) and every credit it shows
 * confirms the transfer it pays, with the line as evidence; what it cannot tell apart is offered to choose, and a
 * credit no record explains is listed as money with no record.
 */
export function BankStatementsPage({ title }: { title: string }) {
  const statements = useStatements();
  const unmatched = useUnmatchedCredits();
  const upload = useImportStatement();
  const [file, setFile] = useState<File | null>(null);
  const [account, setAccount] = useState('');
  const [headers, setHeaders] = useState<string[] | null>(null);
  const [map, setMap] = useState<Partial<StatementColumnMap>>({});
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const shown = openId ?? statements.data?.[0]?.id ?? null;
  const current = statements.data?.find((s) => s.id === shown);
  const lines = useStatementLines(shown);
  const { confirm, reject } = useDecideLine(shown ?? 0);

  async function send() {
    if (!file) return setError('Choose the statement file first.');
    setError(null);
    try {
      const columnMap = headers ? (map as StatementColumnMap) : undefined;
      const s = await upload.mutateAsync({ file, account, columnMap });
      setHeaders(null);
      setOpenId(s.id);
      notify.success(`${s.matched} confirmed, ${s.suggested} to choose, ${s.unmatched} with no record${s.duplicates ? `, ${s.duplicates} imported before` : ''}.`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const mapping = e.fieldErrors.column_map?.[0];
      if (mapping && !headers) setHeaders(headersIn(mapping));
      setError(mapping ?? e.firstError('file'));
    }
  }

  const actions = (l: StatementLine) =>
    l.status === 'suggested' ? (
      <Group gap={6} wrap="wrap">
        {l.candidates.map((c) => (
          <Button key={`${c.kind}:${c.id}`} size="compact-xs" variant="light" color="teal" loading={confirm.isPending} onClick={() => confirm.mutate({ line: l.line_no, item: { kind: c.kind as TransferKind, id: c.id } })} data-testid="confirm-candidate">
            {`${kindLabel(c.kind)} · ${c.party} · ${formatDate(c.date)}`}
          </Button>
        ))}
        <Button size="compact-xs" variant="subtle" color="red" loading={reject.isPending} onClick={() => reject.mutate(l.line_no)} data-testid="reject-candidates">
          None of these
        </Button>
      </Group>
    ) : null;

  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <FileInput label="Statement file" placeholder="CSV or XLSX from your bank app" accept=".csv,.xlsx,text/csv" leftSection={<IconFileSpreadsheet size={16} />} value={file} onChange={setFile} style={{ flex: '1 1 16rem' }} data-testid="statement-file" />
            <TextInput label="Account" placeholder="Account number or name (optional)" value={account} onChange={(e) => setAccount(e.currentTarget.value)} style={{ flex: '1 1 12rem' }} />
            <Button onClick={() => void send()} loading={upload.isPending} data-testid="import-statement">
              Import
            </Button>
          </Group>
          {headers && (
            <Stack gap="xs" data-testid="column-map">
              <Text fz="sm">This layout is new: say once which column is which. It is remembered for this account.</Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {ROLES.map((r) => (
                  <Select key={r.key} label={r.label} withAsterisk={r.required} data={headers} clearable value={map[r.key] ?? null} onChange={(v) => setMap((m) => ({ ...m, [r.key]: v ?? undefined }))} comboboxProps={{ withinPortal: true }} />
                ))}
              </SimpleGrid>
            </Stack>
          )}
          {error && (
            <Alert color="red" variant="light" data-testid="statement-error">
              {error}
            </Alert>
          )}
        </Stack>
      </Card>
      {current && (
        <>
          <Title order={3} fz="lg">
            {current.filename} · {current.layout} · {formatDate(current.imported_at)}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <StatCard label="Confirmed" value={String(current.matched)} color="teal" testId="stat-matched" />
            <StatCard label="To choose" value={String(current.suggested)} color="yellow" testId="stat-suggested" />
            <StatCard label="No record" value={String(current.unmatched)} color="red" testId="stat-unmatched" />
            <StatCard label="Imported before" value={String(current.duplicates)} color="gray" testId="stat-duplicates" />
          </SimpleGrid>
          <DataTable columns={COLUMNS} rows={lines.data ?? []} loading={lines.isLoading} failed={lines.isError} onRetry={() => void lines.refetch()} emptyText="No lines." rowKey={(l) => l.line_no} actions={actions} ids={dataTableIds('statement-lines')} />
        </>
      )}
      <Title order={3} fz="lg">
        Money with no record
      </Title>
      <Text fz="sm" c="dimmed">
        Credits on a statement that no sale, fee or booking explains: an unrecorded sale, or a payment sent elsewhere.
      </Text>
      <DataTable columns={COLUMNS.filter((c) => c.key !== 'status')} rows={unmatched.data ?? []} loading={unmatched.isLoading} failed={unmatched.isError} onRetry={() => void unmatched.refetch()} emptyText="Every credit imported is explained." rowKey={(l) => `${l.statement_id}:${l.line_no}`} ids={dataTableIds('unmatched-credits')} />
      {(statements.data?.length ?? 0) > 1 && (
        <Select label="Earlier statements" data={statements.data!.map((s) => ({ value: String(s.id), label: `${s.filename} · ${formatDate(s.imported_at)}` }))} value={shown ? String(shown) : null} onChange={(v) => setOpenId(v ? Number(v) : null)} maw={420} />
      )}
    </Stack>
  );
}
