import { Badge, Stack, Text } from '@mantine/core';
import {
  type HostelStudent,
  type OfficeStudent,
  methodOptions,
  type Student,
  TRAINEE_STATUS_LABELS,
  type TraineeStatus,
  enrolmentEnd,
  type hostelStudents,
  listPath,
  type officeStudents,
  programLength,
  type students,
  formatPhone,
} from '@studio/shared';
import type { ColumnDef, FieldDef, FormValue, ReferencedRecord, ResourceView } from '../../crud/resource-ui';
import { studioDate } from '../../lib/studio-time';

// What the three trainee pages (makeup, PMU, hostel) share: status, money columns, the deposit, the tabs.

export type TraineeResource = typeof students | typeof officeStudents | typeof hostelStudents;
export type Trainee = Student | OfficeStudent | HostelStudent;

export const TRAINEE_STATUS_COLORS: Record<TraineeStatus, string> = { active: 'teal', suspended: 'orange', completed: 'gray' };

export function TraineeStatusBadge({ status }: { status: TraineeStatus }) {
  return (
    <Badge variant="light" color={TRAINEE_STATUS_COLORS[status]} miw="max-content" data-testid="trainee-status">
      {TRAINEE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The name with the phone under it (a narrower table); the phone is its own column in a CSV. */
export function nameColumns<T extends Trainee>(): ColumnDef<T>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      render: (t) => (
        <Stack gap={0} miw={150}>
          <Text span fz="sm" fw={600}>
            {t.name}
          </Text>
          <Text span fz="xs" c="dimmed">
            {formatPhone(t.phone)}
          </Text>
        </Stack>
      ),
      csv: (t) => t.name,
    },
    { key: 'phone', label: 'Phone', only: 'csv' },
  ];
}

/** Fee and balance (what was paid: in the detail, the totals and a CSV), then the status as a coloured badge (its label in a CSV). */
export function feeAndStatusColumns<T extends Trainee>(): ColumnDef<T>[] {
  return [
    { key: 'fee', label: 'Fee', kind: 'money' },
    { key: 'amount_paid', label: 'Paid', kind: 'money', only: 'csv' },
    { key: 'balance', label: 'Balance', kind: 'money' },
    { key: 'status', label: 'Status', render: (t) => <TraineeStatusBadge status={t.status} />, csv: (t) => TRAINEE_STATUS_LABELS[t.status] },
  ];
}

/** The fee, filled in from what is picked (program, package, pricing), and a deposit taken with the create (the ledger's first line). */
export function feeAndDepositFields(from: string): FieldDef<'fee' | 'amount_paid' | 'payment_method'>[] {
  return [
    { name: 'fee', label: 'Fee', kind: 'money', required: true, description: `Filled in from the ${from}; change it for a special price.` },
    { name: 'amount_paid', label: 'Deposit taken now', kind: 'money', only: 'create', defaultValue: 0, description: 'Recorded as the first payment, with a receipt.' },
    {
      name: 'payment_method',
      label: 'Deposit paid by',
      kind: 'select',
      only: 'create',
      // shown only with a deposit, and then required; nothing is chosen for the desk (never cash by default)
      required: true,
      placeholder: 'Choose how it was paid',
      options: methodOptions('fees'),
      showWhen: (v) => Number(v.amount_paid) > 0,
    },
  ];
}

/** Tabs over an admin list, from the declared list paths: all, in session today, owing, and vacated for the hostel. */
export function traineeViews(resource: TraineeResource): ResourceView[] {
  return [
    { value: 'all', label: 'All' },
    { value: 'insession', label: 'In session', listPath: listPath(resource, 'insession') },
    { value: 'owing', label: 'Owing', listPath: listPath(resource, 'owing') },
    ...('vacated' in resource.lists ? [{ value: 'vacated', label: 'Vacated', listPath: listPath(resource, 'vacated') }] : []),
  ];
}

/** What a receipt or reminder says the fee is for: the parts that are known, joined ("Makeup training, Pro makeup, January class"). */
export function aboutTrainee(t: Trainee, description: readonly (string | null | undefined)[]) {
  return { title: t.name, phone: t.phone, description: description.filter(Boolean).join(', ') };
}

/**
 * The end of an enrolment starting on `start` for a program or package whose `duration` reads as a length
 * ("3 months", "2 weeks"), when both are known: start plus that length (issue 17, item 4; decision 029).
 */
export function enrolmentEndFor(start: FormValue | undefined, program: ReferencedRecord | undefined): string | undefined {
  const length = program ? programLength(program.duration as string | null) : null;
  return typeof start === 'string' && start && length ? enrolmentEnd(start, length) : undefined;
}

/** The start a new enrolment takes when a package is picked before any date: the one typed, else today. */
export const startOr = (start: FormValue | undefined): string => (typeof start === 'string' && start ? start : studioDate());
