import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCertificate, IconPrinter, IconBrandWhatsapp } from '@tabler/icons-react';
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATUSES,
  SCHEDULE_STATUS_LABELS,
  TRAINEE_KIND_PATHS,
  type AttendanceStatus,
  type ScheduleStatus,
  type TraineeKind,
  formatPhone,
} from '@studio/shared';
import { ApiError } from '../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { PrintArea } from '../../lib/receipt/receipt';
import { studioDate } from '../../lib/studio-time';
import { PageHeader } from '../../lib/ui/page-header';
import { TraineeCertificate, TraineeStatement } from './trainee-printouts';
import {
  kindOf,
  traineePlanPath,
  useAttendance,
  useCertificates,
  useIssueCertificate,
  useMarkAttendance,
  useOverdue,
  useRegister,
  useRevokeCertificate,
  useStatement,
} from './trainee-plan-queries';

type PageProps = { title: string };

// Issue 33's pages: a trainee's plan (schedule, attendance, certificates), her statement and certificate on A4, the
// class register for a phone, the overdue lists.

const STATUS_COLORS: Record<ScheduleStatus, string> = { paid: 'teal', due: 'gray', overdue: 'red' };
const ATTENDANCE_COLORS: Record<AttendanceStatus, string> = { present: 'teal', late: 'yellow', absent: 'red' };

function useKindAndId(): { kind: TraineeKind | null; id: number } {
  const params = useParams();
  return { kind: kindOf(params.kind), id: Number(params.id) };
}

/** `/students/plan/:kind/:id`: her schedule (paid earliest first), attendance and, for an admin, her certificates. */
export function TraineePlanPage({ title }: PageProps) {
  const { kind, id } = useKindAndId();
  if (!kind || !Number.isInteger(id)) return <Alert color="red">No such trainee.</Alert>;
  return <TraineePlan title={title} kind={kind} id={id} />;
}

function TraineePlan({ title, kind, id }: { title: string; kind: TraineeKind; id: number }) {
  const admin = isAdmin(useCurrentUser());
  const statement = useStatement(kind, id);
  const attendance = useAttendance(kind, id);
  const s = statement.data;
  const base = traineePlanPath(kind, id);
  return (
    <Stack data-testid="trainee-plan">
      <PageHeader
        title={s ? `${s.trainee.name}: ${title}` : title}
        actions={
          <Group gap="xs">
            <Button component={Link} to={`${base}/statement`} variant="default" leftSection={<IconPrinter size={16} />} data-testid="open-statement">
              Statement
            </Button>
          </Group>
        }
      />
      {s && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Figure label="Program" value={s.trainee.program} />
          <Figure label="Fee" value={formatMoney(s.trainee.fee)} />
          <Figure label="Paid" value={formatMoney(s.trainee.amount_paid)} />
          <Figure label="Balance" value={formatMoney(s.trainee.balance)} testId="plan-balance" />
        </SimpleGrid>
      )}
      <Card withBorder>
        <Text fw={700} mb="xs">
          Instalments
        </Text>
        {s && s.schedule.length === 0 && <Text c="dimmed">No instalment plan: her program has none. An admin may write one.</Text>}
        {s && s.schedule.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table striped data-testid="schedule-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Instalment</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Paid</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.schedule.map((r) => (
                  <Table.Tr key={`${r.label}-${r.due_date}`} data-testid="schedule-row">
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td>{formatDate(r.due_date)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.amount)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.paid)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.balance)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[r.status]} variant="light" data-testid="schedule-status">
                        {SCHEDULE_STATUS_LABELS[r.status]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Card withBorder>
        <Text fw={700} mb="xs">
          Attendance
        </Text>
        {attendance.data && (
          <Stack gap="xs">
            <Group gap="xs" data-testid="attendance-summary">
              <Badge variant="light" color="teal">
                Present {attendance.data.summary.present}
              </Badge>
              <Badge variant="light" color="yellow">
                Late {attendance.data.summary.late}
              </Badge>
              <Badge variant="light" color="red">
                Absent {attendance.data.summary.absent}
              </Badge>
              <Text size="sm">
                Attended {attendance.data.summary.share_present ?? 0}% of {attendance.data.summary.marked} days marked
                {attendance.data.summary.min_percent !== null && ` (the program asks ${attendance.data.summary.min_percent}%)`}
              </Text>
            </Group>
          </Stack>
        )}
      </Card>
      {admin && <Certificates kind={kind} id={id} />}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** An admin issues her certificate (or reads what is missing), opens it to print, or revokes it with a reason. */
function Certificates({ kind, id }: { kind: TraineeKind; id: number }) {
  const list = useCertificates(kind, id, true);
  const issue = useIssueCertificate(kind, id);
  const revoke = useRevokeCertificate(kind, id);
  const [missing, setMissing] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const live = list.data?.find((c) => c.revoked_at === null) ?? null;
  const onIssue = async () => {
    setMissing([]);
    try {
      const c = await issue.mutateAsync();
      notify.success(`Certificate ${c.serial} issued.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setMissing(Object.values(err.fieldErrors).flat());
      else throw err;
    }
  };
  return (
    <Card withBorder data-testid="certificates">
      <Text fw={700} mb="xs">
        Certificate
      </Text>
      {missing.length > 0 && (
        <Alert color="red" mb="sm" title="Not yet" data-testid="certificate-missing">
          {missing.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      {live ? (
        <Stack gap="xs">
          <Text>
            <Anchor component={Link} to={`${traineePlanPath(kind, id)}/certificate/${encodeURIComponent(live.serial)}`} data-testid="open-certificate">
              Certificate {live.serial}
            </Anchor>{' '}
            issued {formatDate(live.issued_on)}
          </Text>
          <Group align="flex-end">
            <TextInput label="Reason to revoke" value={reason} onChange={(e) => setReason(e.currentTarget.value)} w={260} />
            <Button color="red" variant="light" disabled={reason.trim() === ''} loading={revoke.isPending} onClick={() => void revoke.mutateAsync({ serial: live.serial, reason }).then(() => setReason(''))}>
              Revoke
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button leftSection={<IconCertificate size={16} />} onClick={() => void onIssue().catch(() => {})} loading={issue.isPending} data-testid="issue-certificate">
          Issue certificate
        </Button>
      )}
    </Card>
  );
}

/** `/students/plan/:kind/:id/statement`: the A4 statement, Print, and the same in a WhatsApp message. */
export function TraineeStatementPage({ title }: PageProps) {
  const { kind, id } = useKindAndId();
  const statement = useStatement(kind ?? 'student', id);
  const s = statement.data;
  if (!kind) return <Alert color="red">No such trainee.</Alert>;
  const phone = s?.trainee.phone.replace(/\D/g, '').replace(/^0/, '234');
  return (
    <Stack>
      <PageHeader
        title={title}
        actions={
          s && (
            <Group gap="xs">
              <Button component="a" href={`https://wa.me/${phone}?text=${encodeURIComponent(s.message)}`} target="_blank" rel="noreferrer" variant="default" leftSection={<IconBrandWhatsapp size={16} />}>
                WhatsApp
              </Button>
              <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-testid="statement-print">
                Print
              </Button>
            </Group>
          )
        }
      />
      {s && (
        <>
          <Paper withBorder style={{ background: 'var(--mantine-color-gray-1)' }} p="sm">
            <TraineeStatement statement={s} />
          </Paper>
          <PrintArea format="a4">
            <TraineeStatement statement={s} />
          </PrintArea>
        </>
      )}
    </Stack>
  );
}

/** `/students/plan/:kind/:id/certificate/:serial` (admin): the A4 certificate with its QR code, and Print. */
export function TraineeCertificatePage({ title }: PageProps) {
  const params = useParams();
  const kind = kindOf(params.kind);
  const id = Number(params.id);
  const list = useCertificates(kind ?? 'student', id, kind !== null);
  const cert = list.data?.find((c) => c.serial === params.serial);
  return (
    <Stack>
      <PageHeader
        title={title}
        actions={
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!cert}>
            Print
          </Button>
        }
      />
      {list.isSuccess && !cert && <Alert color="red">No such certificate.</Alert>}
      {cert && (
        <>
          <Paper withBorder style={{ background: 'var(--mantine-color-gray-1)' }} p="sm">
            <TraineeCertificate certificate={cert} />
          </Paper>
          <PrintArea format="a4">
            <TraineeCertificate certificate={cert} />
          </PrintArea>
        </>
      )}
    </Stack>
  );
}

const KIND_OPTIONS = [
  { value: 'student', label: 'Makeup' },
  { value: 'office-student', label: 'PMU' },
];

/**
 * `/students/register` (staff): a day's class, one row per trainee in session with Present / Late / Absent; a tap
 * saves the mark (a second tap the same day changes it). Made for a phone.
 */
export function ClassRegisterPage({ title }: PageProps) {
  const [kind, setKind] = useState<TraineeKind>('student');
  const [date, setDate] = useState(studioDate());
  const register = useRegister(kind, date, null);
  const mark = useMarkAttendance(kind, date, null);
  const save = async (traineeId: number, name: string, status: AttendanceStatus) => {
    try {
      const res = await mark.mutateAsync({ trainee_id: traineeId, status });
      for (const w of res.warnings) notify.warning(w);
      notify.success(`${name}: ${ATTENDANCE_LABELS[status]}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) notify.error(err.firstError('trainee_id'));
    }
  };
  const rows = register.data ?? [];
  const marked = rows.filter((r) => r.status !== null).length;
  return (
    <Stack gap="sm" data-testid="class-register">
      <PageHeader title={title} />
      <Group gap="xs" grow wrap="wrap">
        <SegmentedControl value={kind} onChange={(v) => setKind(v as TraineeKind)} data={KIND_OPTIONS} data-testid="register-kind" />
        <TextInput type="date" value={date} max={studioDate()} onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)} aria-label="Day" data-testid="register-date" />
      </Group>
      <Text size="sm" c="dimmed" data-testid="register-count">
        {marked} of {rows.length} marked
      </Text>
      {register.isSuccess && rows.length === 0 && <Text c="dimmed">Nobody is in session on this day.</Text>}
      {rows.map((r) => (
        <Paper key={r.id} withBorder p="sm" radius="md" data-testid="register-row">
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <div style={{ minWidth: 0 }}>
              {/* a block, so that a long name is cut at the card's edge instead of widening the page (tables.spec at 390 px) */}
              <Anchor component={Link} to={traineePlanPath(kind, r.id)} fw={600} truncate="end" display="block">
                {r.name}
              </Anchor>
              <Text size="xs" c="dimmed" truncate="end">
                {r.program}
              </Text>
            </div>
            {r.status && (
              <Badge color={ATTENDANCE_COLORS[r.status]} variant="light" data-testid="register-status">
                {ATTENDANCE_LABELS[r.status]}
              </Badge>
            )}
          </Group>
          <SegmentedControl
            fullWidth
            size="md"
            value={r.status ?? ''}
            onChange={(v) => void save(r.id, r.name, v as AttendanceStatus)}
            data={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: ATTENDANCE_LABELS[s] }))}
            aria-label={`Attendance of ${r.name}`}
            data-testid="register-mark"
          />
        </Paper>
      ))}
    </Stack>
  );
}

/** `/students/overdue` (staff): makeup and PMU trainees with an instalment past its date, oldest first. */
export function OverdueTraineesPage({ title }: PageProps) {
  const [kind, setKind] = useState<TraineeKind>('student');
  const overdue = useOverdue(kind);
  const rows = overdue.data ?? [];
  return (
    <Stack data-testid="overdue-trainees">
      <PageHeader title={title} />
      <Select value={kind} onChange={(v) => v && setKind(v as TraineeKind)} data={KIND_OPTIONS} w={200} allowDeselect={false} aria-label="Trainees" />
      {overdue.isSuccess && rows.length === 0 && <Text c="dimmed">Nobody is late on an instalment.</Text>}
      {/* cards, not a table: read on a phone as on a laptop, nothing scrolls sideways */}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {rows.map((r) => (
          <Paper key={r.id} withBorder p="sm" radius="md" data-testid="overdue-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/students/plan/${TRAINEE_KIND_PATHS[kind]}/${r.id}`} fw={600}>
                  {r.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatPhone(r.phone)} · due since {formatDate(r.oldest_due_date)} ({r.days_overdue} d)
                </Text>
              </div>
              <div style={{ textAlign: 'right' }}>
                <Text c="red" fw={700} data-testid="overdue-amount">
                  {formatMoney(r.overdue_amount)}
                </Text>
                <Text size="xs" c="dimmed">
                  balance {formatMoney(r.balance)}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
