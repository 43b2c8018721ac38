import { ActionIcon, Box, Button, Card, CloseButton, Group, Modal, Select, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useMediaQuery, useUncontrolled } from '@mantine/hooks';
import type { ListSummary, RecordOf, ResourceDefinition } from '@studio/shared';
import { IconHistory, IconPencil, IconPlus, IconSearch, IconSortAscending, IconSortDescending, IconTrash } from '@tabler/icons-react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import type { QueryValue } from '../lib/api-client';
import { isAdmin, useCurrentUser } from '../lib/auth-store';
import { type CsvColumn, csvFileName } from '../lib/csv';
import { notify } from '../lib/notify';
import { PageHeader } from '../lib/ui/page-header';
import { PagingFooter } from '../lib/ui/table-parts';
import { type ListParams, hooksFor } from './create-resource-hooks';
import { EXPORT_PER_PAGE, ExportCsvButton, useCsvExport } from './csv-export';
import { RecordHistoryDrawer } from './record-history.drawer';
import { DataTable, dataTableIds } from './data-table';
import { csvColumnsOf } from './paged-table';
import { canRead, fetchReferenceLabels, referencedResource } from './reference-options';
import { ResourceForm } from './resource-form';
import { type ColumnDef, type ResourceUi, singularOf } from './resource-ui';
import { useUsageColumn } from './usage';
import { type SummaryCardDef, SummaryCards } from './summary-cards';
import classes from './resource-list-page.module.css';

const SEARCH_DEBOUNCE_MS = 350;
/** The list's test ids (tests and the e2e specs read them). */
const LIST_IDS = dataTableIds('list', { table: 'resource-table', cards: 'resource-cards', row: 'resource-row', open: 'row-open', empty: 'list-empty', retry: 'list-retry' });

export interface ResourceListPageProps<R extends ResourceDefinition> {
  ui: ResourceUi<R>;
  /** The menu title, also the page title. */
  title: string;
  /** More row actions before history, edit and delete (e.g. change password). */
  rowActions?: (row: RecordOf<R>) => ReactNode;
  /** Hide create, edit and delete (view-only pages). Default: on for staff when only admins may write the resource. */
  readOnly?: boolean;
  /** Shown between the title row and the list (e.g. stat cards). */
  summary?: ReactNode;
  /** The selected tab of `ui.views` when the page controls it (a stat card that opens its tab); otherwise the page keeps it. */
  view?: string;
  onViewChange?: (view: string) => void;
  /** Filter controls beside the search; their values reach the list through `query`. */
  filters?: ReactNode;
  /**
   * More query parameters of every list call, over the tab's own (`{ status: 'active', program_id: 3 }`): part of
   * the query key, the CSV and the summary; a change goes back to page 1. Empty values are not sent.
   */
  query?: Record<string, QueryValue>;
  /** Stat cards of the server's `summary` of the list shown (tab, search and filters), never sums of the page. */
  summaryCards?: readonly SummaryCardDef<ListSummary>[];
  /** "Export CSV" of every row shown (every page of the tab, search and filters): `name` is the file's stem. */
  csv?: { name: string; columns?: readonly CsvColumn<RecordOf<R>>[] };
  /** A click on a row (or on its first cell, a button for the keyboard) opens it; the row's buttons keep their own. */
  onOpen?: (row: RecordOf<R>) => void;
}

type Sort = { field: string; order: 'asc' | 'desc' };

/** The parts of list params that make it another list (not another page or order of it): what a summary answers. */
const listIdentity = (p: ListParams) => hashKey([p.path ?? null, p.query ?? null, p.q ?? null]);
const hasValue = (v: QueryValue) => v !== undefined && v !== null && v !== '';

/**
 * A resource's list screen: optional tabs (`ui.views`), search (debounced, `?q=`), filters (`filters` and `query`),
 * sortable headers (resource.sortable), paging with the total, the server's summary as stat cards, "Export CSV" of
 * what is shown, a row that opens, create, edit and delete (with a confirmation), toasts on success.
 * Admins also read each record's history (the activity log). Staff see neither `adminOnly` columns, reference
 * columns naming a resource they may not read, the history nor, on an admin-written resource, the write buttons.
 *
 * @example
 * <ResourceListPage ui={studentsUi} title="Makeup Students" query={{ status, program_id }} filters={<StatusSelect />}
 *   summaryCards={[{ key: 'count', label: 'Students', format: 'count' }]} csv={{ name: 'makeup-students' }} onOpen={setOpen} />
 */
export function ResourceListPage<R extends ResourceDefinition>({ ui, title, rowActions, summary, filters, summaryCards = [], csv, onOpen, ...props }: ResourceListPageProps<R>) {
  type Row = RecordOf<R>;
  const hooks = hooksFor(ui.resource);
  const queryClient = useQueryClient();
  const singular = singularOf(ui as ResourceUi);
  const admin = isAdmin(useCurrentUser());
  const phone = useMediaQuery('(max-width: 36em)');
  const readOnly = props.readOnly ?? (ui.resource.roles.write === 'admin' && !admin);
  // what this user may see: in a CSV export; on screen, all but the CSV's own columns
  const readable = useMemo(
    () =>
      ui.columns.filter(
        (c) => (admin || !c.adminOnly) && (c.kind !== 'reference' || canRead(referencedResource(ui.resource, c.key), admin)),
      ),
    [admin, ui.columns, ui.resource],
  );
  // settings (programs, sessions, packages, pricing) say how many records use each one
  const usageColumn = useUsageColumn<Row & { id: number }>(ui.resource, admin && ui.usage === true);
  const columns = useMemo(() => [...readable.filter((c) => c.only !== 'csv'), ...(usageColumn ? [usageColumn as ColumnDef<Row>] : [])], [readable, usageColumn]);
  const views = ui.views ?? [];
  const [viewValue, setView] = useUncontrolled({ value: props.view, defaultValue: views[0]?.value, finalValue: '', onChange: props.onViewChange });
  const view = views.find((v) => v.value === viewValue) ?? views[0];
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const baseQuery = view?.query ?? ui.filter?.query;
  const filterQuery = props.query && Object.values(props.query).some(hasValue) ? props.query : undefined;
  const query = filterQuery ? { ...baseQuery, ...filterQuery } : baseQuery;
  // another tab or other filters start again at the first page
  const pagingKey = hashKey([view?.value ?? null, filterQuery ?? null]);
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: pagingKey, page: next });
  const [sort, setSort] = useState<Sort>({ field: ui.resource.defaultSort.field, order: ui.resource.defaultSort.order });
  const [editing, setEditing] = useState<Row | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [historyOf, setHistoryOf] = useState<Row | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const remove = hooks.useDelete();

  const params: ListParams = { page, sort: sort.field, order: sort.order, q: q || undefined, path: view?.listPath ?? ui.filter?.listPath, query };
  const list = hooks.useList(params);
  // the rows of the previous list stay while the next loads; its summary (another list's figures) does not
  // a resource without money totals (clients) has no `summary` in its answer: its count is the paging's total
  const summaryShown = list.data && listIdentity(list.data.params) === listIdentity(params) ? (list.data.summary ?? { count: list.data.total }) : undefined;
  const summaryHint = [views.length > 0 ? view?.label : undefined, filterQuery && 'filtered', q && `matching “${q}”`].filter(Boolean).join(' · ') || undefined;
  const exporter = useCsvExport<Row>({
    fetchPage: (p, signal) => hooks.fetchPaged({ ...params, page: p, perPage: EXPORT_PER_PAGE }, signal),
    columns:
      csv?.columns ??
      (async () => {
        const references = readable.filter((c) => c.kind === 'reference' && c.csv === undefined);
        return csvColumnsOf(readable, await fetchReferenceLabels(queryClient, ui.resource, references));
      }),
    fileName: csvFileName(csv?.name ?? ui.resource.name, ...(view && view !== views[0] ? [view.value] : []), ...(q ? ['search', q] : [])),
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = list.data?.lastPage ?? 1;
  const perPage = list.data?.perPage ?? 20;
  const titleOf = (row: Row) => String((row as Record<string, unknown>)[ui.titleField ?? 'name'] ?? `#${(row as { id: number }).id}`);

  // admins always have a row action: the record's history
  const hasActions = !readOnly || rowActions !== undefined || admin;
  const sortColumns = columns.filter((c) => ui.resource.sortable.includes(c.key));
  const emptyText = q
      ? `Nothing matches “${q}”.`
      : view && view !== views[0]
        ? `Nothing under “${view.label}”.`
        : `No ${title.toLowerCase()} yet.`;

  /** The page's own row actions, then history (admins: the API keeps the log from staff), edit and delete. */
  const actionsOf = (row: Row) => (
    <>
      {rowActions?.(row)}
      {admin && (
        <Tooltip label="History">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`History of ${titleOf(row)}`}
            onClick={() => {
              setHistoryOf(row);
              setHistoryOpen(true);
            }}
            data-testid="row-history"
          >
            <IconHistory size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {!readOnly && (
        <>
          <Tooltip label="Edit">
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${titleOf(row)}`}
              onClick={() => {
                setEditing(row);
                setFormOpen(true);
              }}
              data-testid="row-edit"
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${titleOf(row)}`} onClick={() => setDeleting(row)} data-testid="row-delete">
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </>
  );

  function toggleSort(field: string) {
    setSort((s) => (s.field === field ? { field, order: s.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' }));
    setPage(1);
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync((deleting as { id: number }).id);
      notify.success(`${singular} “${titleOf(deleting)}” deleted.`);
      setDeleting(null);
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch {
      // reported by the API client; the dialog stays open so the user can retry or cancel
    }
  }

  return (
    <div data-testid={`resource-page-${ui.resource.name}`}>
      <PageHeader
        title={title}
        actions={
          !readOnly && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-testid="create-button"
            >
              Add {singular}
            </Button>
          )
        }
      />
      {summaryCards.length > 0 && (
        <Box mb="md">
          <SummaryCards cards={summaryCards} summary={summaryShown} loading={summaryShown === undefined && !list.isError} hint={summaryHint} />
        </Box>
      )}
      {summary}
      <Card withBorder radius="md" padding={0}>
        {views.length > 0 && (
          <Tabs value={view?.value ?? null} onChange={(v) => v && setView(v)} variant="pills" radius="xl" px="md" pt="md" data-testid="list-views">
            <Tabs.List className={classes.views}>
              {views.map((v) => (
                <Tabs.Tab key={v.value} value={v.value} className={classes.viewTab} data-testid={`view-${v.value}`}>
                  {v.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        <Group justify="space-between" p="md" gap="sm" wrap="wrap" align={filters ? 'flex-end' : 'center'}>
          <TextInput
            className={classes.search}
            placeholder={`Search ${title.toLowerCase()}...`}
            aria-label="Search"
            leftSection={<IconSearch size={16} />}
            rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            data-testid="list-search"
          />
          {phone && sortColumns.length > 0 && (
            // no header row to click on a phone: sort from here
            <Group gap={4} wrap="nowrap" className={classes.phoneSort}>
              <Select
                size="sm"
                aria-label="Sort by"
                placeholder="Sort by"
                data={sortColumns.map((c) => ({ value: c.key, label: c.label }))}
                value={sortColumns.some((c) => c.key === sort.field) ? sort.field : null}
                allowDeselect={false}
                onChange={(field) => {
                  if (!field) return;
                  setSort((s) => ({ field, order: s.order }));
                  setPage(1);
                }}
                data-testid="list-sort"
              />
              <Tooltip label={sort.order === 'asc' ? 'Ascending' : 'Descending'}>
                <ActionIcon variant="default" size="input-sm" aria-label={`Sort ${sort.order === 'asc' ? 'descending' : 'ascending'}`} onClick={() => toggleSort(sort.field)} data-testid="list-sort-order">
                  {sort.order === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
          {filters}
          <Group gap="sm" wrap="nowrap" ml="auto">
            <Text size="sm" c="dimmed" data-testid="list-total">
              {total} {total === 1 ? 'record' : 'records'}
            </Text>
            {csv && <ExportCsvButton exporter={exporter} disabled={list.isPending || list.isPlaceholderData || total === 0} testId="list-export" />}
          </Group>
        </Group>
        <DataTable
          columns={columns}
          rows={rows}
          loading={list.isPending}
          failed={list.isError}
          onRetry={() => void list.refetch()}
          emptyText={emptyText}
          onOpen={onOpen}
          actions={hasActions ? actionsOf : undefined}
          sort={{ sortable: ui.resource.sortable, value: sort, onSort: toggleSort }}
          resource={ui.resource}
          ids={LIST_IDS}
        />
        <PagingFooter page={page} lastPage={lastPage} perPage={perPage} total={total} onPage={setPage} testId="list" />
      </Card>

      {admin && (
        <RecordHistoryDrawer
          ui={ui}
          opened={historyOpen}
          record={historyOf && { id: (historyOf as { id: number }).id, title: titleOf(historyOf) }}
          onClose={() => setHistoryOpen(false)}
        />
      )}
      {!readOnly && (
        <>
          <ResourceForm ui={ui} opened={formOpen} record={editing} onClose={() => setFormOpen(false)} />
          <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={`Delete ${singular}`} centered data-testid="delete-confirm">
            <Text>
              Delete <b>{deleting ? titleOf(deleting) : ''}</b>? This cannot be undone.
            </Text>
            <Group justify="flex-end" mt="xl">
              <Button variant="default" onClick={() => setDeleting(null)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button color="red" onClick={confirmDelete} loading={remove.isPending} data-testid="confirm-delete">
                Delete
              </Button>
            </Group>
          </Modal>
        </>
      )}
    </div>
  );
}
