import { Badge, Drawer, Group, Skeleton, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ActivityEntry, OUTLET_LABELS, type Outlet, type Paged, type ResourceDefinition } from '@studio/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../lib/format';
import { PagingFooter } from '../lib/ui/table-parts';
import { resourceKeys } from './create-resource-hooks';
import type { ColumnKind, FieldKind, ResourceUi } from './resource-ui';
import classes from './record-history.module.css';

const PER_PAGE = 10;

const ACTIONS: Record<string, { label: string; color: string }> = {
  create: { label: 'Created', color: 'teal' },
  update: { label: 'Updated', color: 'blue' },
  delete: { label: 'Deleted', color: 'red' },
  password: { label: 'Password changed', color: 'grape' },
  photo: { label: 'Photo changed', color: 'grape' },
  restock: { label: 'Restocked', color: 'teal' },
  write_off: { label: 'Written off', color: 'orange' },
  stock: { label: 'Stock change', color: 'yellow' },
  transfer: { label: 'Transfer', color: 'cyan' },
  void: { label: 'Voided', color: 'red' },
  login: { label: 'Signed in', color: 'gray' },
  logout: { label: 'Signed out', color: 'gray' },
  logout_others: { label: 'Signed out other devices', color: 'gray' },
};

const humanize = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** What an action is called on screen: `write_off` → "Written off"; an action not known here reads as its own words. */
export function actionLabel(action: string): { label: string; color: string } {
  return ACTIONS[action] ?? { label: humanize(action), color: 'gray' };
}

/** One line under an entry: "Fee: ₦50,000.00 → ₦60,000.00", or "Note: Supplier 12" for a value that is only new. */
export interface FieldChange {
  key: string;
  label: string;
  from?: string;
  to: string;
}

// bookkeeping every write touches; a stock change's signed delta (the quantity shows "3 → 9") and a transfer's target id
const HIDDEN_KEYS = new Set(['id', 'created_at', 'updated_at', 'change', 'to_product_id', 'from_product_id']);
// never on screen, even if one reached the log by mistake
const SECRET_KEY = /password|secret|token|hash/i;
const HASH_VALUE = /^\$(2[abxy]?|argon2(id|i|d)?|scrypt|pbkdf2[\w-]*)\$/;
// the label already says it all: a whole record (create, delete), a secret (password), a file path (photo)
const NO_DETAILS = new Set(['create', 'delete', 'password', 'photo', 'login', 'logout']);

const looksSecret = (value: unknown) => typeof value === 'string' && HASH_VALUE.test(value);
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

interface KeyMeta {
  label: string;
  kind?: FieldKind | ColumnKind | 'outlet';
  options?: readonly { value: string; label: string }[];
}

// what the calls beyond CRUD (restock, transfer) log that no column or field names
const LOG_KEYS: Record<string, KeyMeta> = {
  outlet: { label: 'Outlet', kind: 'outlet' },
  to_outlet: { label: 'To', kind: 'outlet' },
  from_outlet: { label: 'From', kind: 'outlet' },
  note: { label: 'Note' },
};

/**
 * A key's label and kind from the resource's ui: the column's words first (shorter than a form label), then the
 * field's; a switch keeps its field label, the question its Yes or No answers ("Active (may sign in): Yes → No").
 */
function metaOf(ui: ResourceUi, key: string): KeyMeta {
  const column = ui.columns.find((c) => c.key === key);
  const field = ui.fields.find((f) => f.name === key);
  const logged = LOG_KEYS[key];
  const yesNo = field?.kind === 'boolean' || field?.kind === 'flag';
  const label = (yesNo ? field.label : column?.label) ?? field?.label ?? logged?.label ?? humanize(key);
  return { label, kind: field?.kind ?? column?.kind ?? logged?.kind, options: field?.options };
}

function formatValue(value: unknown, meta: KeyMeta): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (meta.kind) {
    case 'money':
      return formatMoney(value as number | string);
    case 'date':
      return formatDate(String(value));
    case 'boolean':
    case 'flag':
      return value === true || Number(value) === 1 ? 'Yes' : 'No';
    case 'select':
      return meta.options?.find((o) => o.value === String(value))?.label ?? String(value);
    case 'outlet':
      return OUTLET_LABELS[value as Outlet] ?? String(value);
    default:
      if (typeof value === 'boolean') return value ? 'Yes' : 'No';
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The keys in the order the list shows its columns (then the form its fields), a note last: the log keeps no order of its own. */
function keysInUiOrder(ui: ResourceUi, keys: readonly string[]): string[] {
  const order = [...ui.columns.map((c) => c.key as string), ...ui.fields.map((f) => f.name as string)];
  const rank = (key: string) => (key === 'note' ? order.length + 1 : order.includes(key) ? order.indexOf(key) : order.length);
  return [...new Set(keys)].sort((a, b) => rank(a) - rank(b));
}

/**
 * The fields an entry changed, from its before and after: a value in both that differs ("old → new"), or one only
 * in after ("new"). Never ids or timestamps, nothing that looks like a password or its hash, no nested objects.
 */
export function changesOf(entry: Pick<ActivityEntry, 'action' | 'before' | 'after'>, ui: ResourceUi): FieldChange[] {
  if (NO_DETAILS.has(entry.action)) return [];
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const changes: FieldChange[] = [];
  for (const key of keysInUiOrder(ui, [...Object.keys(before), ...Object.keys(after)])) {
    if (HIDDEN_KEYS.has(key) || SECRET_KEY.test(key) || !(key in after)) continue;
    const from = before[key];
    const to = after[key];
    if (looksSecret(from) || looksSecret(to) || (to !== null && typeof to === 'object')) continue;
    const meta = metaOf(ui, key);
    if (key in before) {
      if (!same(from, to)) changes.push({ key, label: meta.label, from: formatValue(from, meta), to: formatValue(to, meta) });
    } else if (to !== null && to !== '') {
      changes.push({ key, label: meta.label, to: formatValue(to, meta) });
    }
  }
  return changes;
}

/** GET /api/activity-log?resource=&record_id=&page=: one record's entries, newest first. Rooted at the resource, so its writes refresh it. */
function useRecordHistory(resource: string, recordId: number, page: number) {
  return useQuery({
    queryKey: [...resourceKeys(resource).all, 'history', recordId, page],
    queryFn: ({ signal }) => apiRequest<Paged<ActivityEntry>>('/api/activity-log', { query: { resource, record_id: recordId, page, per_page: PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface RecordHistoryDrawerProps<R extends ResourceDefinition> {
  ui: ResourceUi<R>;
  opened: boolean;
  /** The record shown; it stays while the drawer slides shut. */
  record: { id: number; title: string } | null;
  onClose: () => void;
}

/** The activity log of one record (admins): when, who, what, and for an edit the fields it changed. Full screen on a phone. */
export function RecordHistoryDrawer<R extends ResourceDefinition>({ ui, opened, record, onClose }: RecordHistoryDrawerProps<R>) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'md'} title={<Text fw={700}>History</Text>} data-testid="record-history">
      {record && <HistoryList key={record.id} ui={ui as ResourceUi} record={record} />}
    </Drawer>
  );
}

function HistoryList({ ui, record }: { ui: ResourceUi; record: { id: number; title: string } }) {
  const [page, setPage] = useState(1);
  const history = useRecordHistory(ui.resource.name, record.id, page);
  const entries = history.data?.data ?? [];
  const total = history.data?.total ?? 0;

  return (
    <>
      <Text fw={600} mb="sm" data-testid="history-title">
        {record.title}
      </Text>
      <div className={classes.entries} data-testid="history-list">
        {history.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={44} my={8} radius="sm" />)}
        {!history.isPending && entries.length === 0 && (
          <Text ta="center" c="dimmed" py="md" data-testid="history-empty">
            {history.isError ? 'The history could not be loaded.' : 'Nothing recorded yet.'}
          </Text>
        )}
        {entries.map((entry) => {
          const action = actionLabel(entry.action);
          const changes = changesOf(entry, ui);
          return (
            <div key={entry.id} className={classes.entry} data-testid="history-entry">
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Group gap={8} wrap="wrap" align="center">
                  <Badge variant="light" color={action.color} miw="max-content" data-testid="history-action">
                    {action.label}
                  </Badge>
                  <Text size="sm" fw={500} data-testid="history-who">
                    {entry.user_name ?? 'System'}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" className={classes.when} data-testid="history-when">
                  {formatDateTime(entry.created_at)}
                </Text>
              </Group>
              {changes.length > 0 && (
                <ul className={classes.changes}>
                  {changes.map((c) => (
                    <li key={c.key} data-testid="history-change">
                      <Text span c="dimmed" inherit>
                        {c.label}:
                      </Text>{' '}
                      {c.from === undefined ? c.to : `${c.from} → ${c.to}`}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
      {total > PER_PAGE && (
        <div className={classes.footer}>
          <PagingFooter page={page} lastPage={Math.max(1, history.data?.last_page ?? 1)} perPage={PER_PAGE} total={total} onPage={setPage} testId="history" />
        </div>
      )}
    </>
  );
}
