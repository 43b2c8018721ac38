import { ActionIcon, Badge, Button, Group, Menu, Modal, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type HostelStudent, type ListSummary, type RecordOf, TRAINEE_STATUS_LABELS, listPath, traineeKindOfPath } from '@studio/shared';
import { IconArrowsExchange, IconCalendarDue, IconCash, IconDoorExit, IconDots, IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { hooksFor } from '../../crud/create-resource-hooks';
import { ledgerParent } from '../../crud/ledger/ledger-parent';
import { RemindBalanceButton } from '../../crud/ledger/payment-receipt';
import { PaymentsDrawer } from '../../crud/ledger/payments.drawer';
import { renderCell } from '../../crud/paged-table';
import { ResourceForm } from '../../crud/resource-form';
import { ResourceListPage } from '../../crud/resource-list-page';
import type { ResourceUi } from '../../crud/resource-ui';
import type { SummaryCardDef } from '../../crud/summary-cards';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { studioDate } from '../../lib/studio-time';
import { ChangeSessionModal } from './change-session.modal';
import { CheckOutModal } from './check-out.modal';
import { NO_FILTERS, type ReferenceFilter, TraineeFilters, type TraineeFilterValues, traineeFilterQuery } from './trainee-filters';
import { TRAINEE_STATUS_COLORS, type Trainee, type TraineeResource, aboutTrainee } from './trainee-parts';
import { Figure } from '../../lib/ui/figure';
import { traineePlanPath } from './trainee-plan-queries';

/** The stat cards over every trainee list: how many, and their fees, payments and balance (the server's totals). */
/** Check out is for a stay that has begun and not ended: one not yet checked in is edited or deleted instead. */
const canCheckOut = (t: { status: string; start_date?: string | null }) => t.status !== 'completed' && !!t.start_date && t.start_date <= studioDate();

export function traineeSummaryCards(countLabel: string): SummaryCardDef<ListSummary>[] {
  return [
    { key: 'count', label: countLabel, format: 'count' },
    { key: 'fee', label: 'Fees', format: 'money' },
    { key: 'amount_paid', label: 'Paid', format: 'money', color: 'teal' },
    { key: 'balance', label: 'Balance due', format: 'money', color: 'blush' },
  ];
}

export interface TraineesAdminPageProps<R extends TraineeResource> {
  title: string;
  ui: ResourceUi<R>;
  /** Receipt numbers start with it: `MKP-12-P3`. */
  receiptPrefix: 'MKP' | 'PMU' | 'HST';
  /** The count card's words ("Students"). */
  countLabel: string;
  /** The CSV file's stem: `makeup-students` saves `makeup-students.csv` (a tab: `makeup-students-owing.csv`). */
  csvName: string;
  /** Filters by the resource's references (program, session, package, pricing). */
  references: readonly ReferenceFilter[];
  filterWords?: { started: string; ending: string };
  /** What the fee is for, as a receipt and a reminder say it ("Makeup training, Pro makeup, January class"). */
  describe: (trainee: RecordOf<R>) => readonly (string | null | undefined)[];
  /** More figures over the list (the hostel's beds taken). */
  summary?: ReactNode;
}

/**
 * An admin's list of trainees (makeup, PMU, hostel): tabs from the declared list paths, filters, search, the server's
 * totals as cards, CSV; per trainee the fee payments (receipts, a WhatsApp reminder), suspend or reinstate, change of
 * session where the resource declares it, and a detail that opens from the row.
 */
export function TraineesAdminPage<R extends TraineeResource>({ title, ui, receiptPrefix, countLabel, csvName, references, filterWords, describe, summary }: TraineesAdminPageProps<R>) {
  type Row = RecordOf<R>;
  const resource = ui.resource;
  const hooks = hooksFor(resource);
  const suspend = hooks.useAction('suspend');
  const movable = resource.actions.changeSession !== undefined;
  // hostel students: the desk checks her out (her bed is free from that day)
  const leaves = resource.actions.checkOut !== undefined;
  const [filters, setFilters] = useState<TraineeFilterValues>(NO_FILTERS);
  const [openId, setOpenId] = useState<number | null>(null);
  const [opened, setOpened] = useState<Row | null>(null);
  const [paying, setPaying] = useState<Trainee | null>(null);
  const [moving, setMoving] = useState<Trainee | null>(null);
  const [leaving, setLeaving] = useState<HostelStudent | null>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  // the open trainee as the API now has it (a payment or an edit changes its figures), else the row clicked
  const fresh = hooks.useOne(openId);
  const open = (fresh.data ?? opened) as Trainee | null;

  const about = (t: Trainee) => aboutTrainee(t, describe(t as Row));
  const toggleSuspend = async (t: Trainee) => {
    const suspended = t.status !== 'suspended';
    await suspend.mutateAsync({ id: t.id, suspended });
    notify.success(`${t.name} ${suspended ? 'suspended' : 'reinstated'}.`);
  };

  // makeup and PMU trainees have a plan, attendance and a certificate (issue 33)
  const planKind = traineeKindOfPath(resource.name);
  const rowActions = (row: Row) => {
    const t = row as Trainee;
    return (
      <>
        {planKind && (
          <Tooltip label="Plan, attendance, certificate">
            <ActionIcon component={Link} to={traineePlanPath(planKind, t.id)} variant="subtle" color="gold" aria-label={`Plan of ${t.name}`} data-testid="row-plan">
              <IconCalendarDue size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label="Fee payments">
          <ActionIcon variant="subtle" color="teal" aria-label={`Fee payments of ${t.name}`} onClick={() => setPaying(t)} data-testid="row-payments">
            <IconCash size={18} />
          </ActionIcon>
        </Tooltip>
        {t.status !== 'completed' || movable ? (
          <Menu position="bottom-end" withinPortal shadow="md" width={220}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`More for ${t.name}`} data-testid="row-more">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t.name}</Menu.Label>
              {t.status !== 'completed' && (
                <Menu.Item
                  leftSection={t.status === 'suspended' ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
                  onClick={() => void toggleSuspend(t).catch(() => {})}
                  data-testid="row-suspend"
                >
                  {t.status === 'suspended' ? 'Reinstate' : 'Suspend'}
                </Menu.Item>
              )}
              {movable && (
                <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => setMoving(t)} data-testid="row-change-session">
                  Change session
                </Menu.Item>
              )}
              {leaves && canCheckOut(t) && (
                <Menu.Item leftSection={<IconDoorExit size={16} />} onClick={() => setLeaving(t as HostelStudent)} data-testid="row-check-out">
                  Check out
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </>
    );
  };

  return (
    <div data-testid={`trainees-page-${resource.name}`}>
      <ResourceListPage
        ui={ui}
        title={title}
        summary={summary}
        summaryCards={traineeSummaryCards(countLabel)}
        query={traineeFilterQuery(filters)}
        filters={<TraineeFilters value={filters} onChange={setFilters} references={references} words={filterWords} />}
        csv={{ name: csvName }}
        rowActions={rowActions}
        onOpen={(row) => {
          setOpened(row);
          setOpenId((row as Trainee).id);
        }}
      />
      <TraineeDetailModal
        ui={ui as unknown as ResourceUi}
        trainee={openId === null ? null : open}
        hidden={paying !== null || moving !== null || editing !== null || leaving !== null}
        onClose={() => setOpenId(null)}
        actions={(t) => (
          <>
            <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(t)} data-testid="trainee-payments">
              {t.balance > 0 ? 'Take payment' : 'Payments'}
            </Button>
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(t as Row)} data-testid="trainee-edit">
              Edit
            </Button>
            {t.status !== 'completed' && (
              <Button
                variant="light"
                color={t.status === 'suspended' ? 'teal' : 'orange'}
                leftSection={t.status === 'suspended' ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
                loading={suspend.isPending}
                onClick={() => void toggleSuspend(t).catch(() => {})}
                data-testid="trainee-suspend"
              >
                {t.status === 'suspended' ? 'Reinstate' : 'Suspend'}
              </Button>
            )}
            {movable && (
              <Button variant="light" leftSection={<IconArrowsExchange size={16} />} onClick={() => setMoving(t)} data-testid="trainee-change-session">
                Change session
              </Button>
            )}
            {leaves && canCheckOut(t) && (
              <Button variant="light" color="orange" leftSection={<IconDoorExit size={16} />} onClick={() => setLeaving(t as HostelStudent)} data-testid="trainee-check-out">
                Check out
              </Button>
            )}
            <RemindBalanceButton parent={ledgerParent(resource, t as Row, about(t))} />
          </>
        )}
      />
      <ResourceForm ui={ui} opened={editing !== null} record={editing} onClose={() => setEditing(null)} />
      <PaymentsDrawer
        resource={resource}
        record={paying && ledgerParent(resource, paying as Row, about(paying))}
        opened={paying !== null}
        onClose={() => setPaying(null)}
        receiptPrefix={receiptPrefix}
      />
      {movable && <ChangeSessionModal resource={resource} trainee={moving} onClose={() => setMoving(null)} />}
      {leaves && (
        <CheckOutModal
          student={leaving}
          onClose={() => setLeaving(null)}
          // what she owes, settled before she leaves: the payments, or the fee changed (a stay cut short)
          onPayments={(s) => {
            setLeaving(null);
            setPaying(s);
          }}
          onChangeFee={(s) => {
            setLeaving(null);
            setEditing(s as Row);
          }}
        />
      )}
    </div>
  );
}

/** The columns the detail lists under the figures: every one but the name, the money and the status (shown above). */
const SHOWN_ABOVE = new Set(['name', 'fee', 'amount_paid', 'balance', 'status']);

function TraineeDetailModal({
  ui,
  trainee,
  hidden,
  onClose,
  actions,
}: {
  ui: ResourceUi;
  trainee: Trainee | null;
  hidden: boolean;
  onClose: () => void;
  actions: (t: Trainee) => ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const t = trainee;
  return (
    <Modal opened={t !== null && !hidden} onClose={onClose} title={t ? <Text fw={700}>{t.name}</Text> : null} size="lg" fullScreen={phone} centered data-testid="trainee-detail">
      {t && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={TRAINEE_STATUS_COLORS[t.status]} variant="light" size="lg" data-testid="trainee-detail-status">
              {TRAINEE_STATUS_LABELS[t.status]}
            </Badge>
            {t.balance <= 0 && (
              <Badge color="teal" variant="filled" size="lg">
                Paid in full
              </Badge>
            )}
          </Group>
          <SimpleGrid cols={3} spacing="xs">
            <Figure label="Fee" value={formatMoney(t.fee)} />
            <Figure label="Paid" value={formatMoney(t.amount_paid)} />
            <Figure label="Balance" value={formatMoney(t.balance)} testId="trainee-balance" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {ui.columns
              .filter((c) => !SHOWN_ABOVE.has(c.key))
              .map((col) => (
                <div key={col.key}>
                  <Text fz="xs" c="dimmed">
                    {col.label}
                  </Text>
                  <Text fz="sm" component="div">
                    {renderCell(col, t, ui.resource)}
                  </Text>
                </div>
              ))}
          </SimpleGrid>
          <Group gap="xs" wrap="wrap">
            {actions(t)}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export interface TraineesStaffPageProps<R extends TraineeResource> {
  title: string;
  ui: ResourceUi<R>;
  /** The one list staff may read here: `insession`, `owing` or `vacated` (the API refuses them the others). */
  call: 'insession' | 'owing' | 'vacated';
  countLabel: string;
}

/**
 * A staff member's view of trainees: one declared list path (in session, owing, vacated) with search and its totals,
 * read-only. It asks for nothing else: no full list, no program or package names (reference columns of resources
 * staff may not read stay off the table).
 */
export function TraineesStaffPage<R extends TraineeResource>({ title, ui, call, countLabel }: TraineesStaffPageProps<R>) {
  const staffUi = useMemo<ResourceUi<R>>(() => ({ ...ui, views: undefined, filter: { listPath: listPath(ui.resource, call), values: {} } }), [ui, call]);
  return (
    <div data-testid={`trainees-staff-${ui.resource.name}-${call}`}>
      <ResourceListPage ui={staffUi} title={title} readOnly summaryCards={traineeSummaryCards(countLabel)} />
    </div>
  );
}
