import { Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PER_PAGE_MAX, type ResourceDefinition } from '@studio/shared';
import { type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { QueryValue } from '../lib/api-client';
import { resourceCalls } from '../lib/resource-calls';
import { studioDate } from '../lib/studio-time';
import { pageLocally, resourceKeys } from './create-resource-hooks';
import { labelOfRecord } from './reference-options';
import type { ReferencedRecord } from './resource-ui';

/** How many records one page of a picker asks for: a handful to choose from, never the whole table. */
export const PICKER_PAGE_SIZE = 20;
/** How long typing pauses before the picker asks the server. */
export const PICKER_DEBOUNCE_MS = 250;
const MORE = '__more__';

export interface PickerSource {
  /** The referenced resource (its cache root, its path, its `pickerOrder`). */
  referenced: ResourceDefinition;
  /** The record's field that names it. Default `name`. */
  labelField?: string;
  /** More parameters of the list call (`{ kind: 'service' }`). */
  query?: Record<string, QueryValue>;
  /** Another path that lists the records (staff's `/api/appointments/artists`); default the resource's own path. */
  path?: string;
}

interface PickerPage {
  records: ReferencedRecord[];
  page: number;
  lastPage: number;
}

/**
 * One page of a picker's search: GET {path}?q=&page=&per_page=20, always with a page size (the API caps it at
 * PER_PAGE_MAX and answers 422 above it). A path that answers with its whole short list (staff's artists, which takes
 * no paging) is searched and paged here the same way.
 */
export async function fetchPickerPage(source: PickerSource, q: string, page: number, signal?: AbortSignal): Promise<PickerPage> {
  const { referenced, labelField = 'name', query, path = referenced.path } = source;
  const perPage = Math.min(PICKER_PAGE_SIZE, PER_PAGE_MAX);
  const body = await resourceCalls.list(referenced, { ...query, q: q || undefined, page, per_page: perPage }, signal, path);
  const records = body.data as ReferencedRecord[];
  if ('current_page' in body) return { records, page: body.current_page, lastPage: Math.max(1, body.last_page) };
  const local = pageLocally(records, { page, perPage, q }, [labelField, ...referenced.searchable]);
  return { records: local.rows, page: local.page, lastPage: local.lastPage };
}

/** The key of one record as a picker knows it: picked from a page, or fetched by id to name the current value. */
const recordKey = (source: PickerSource, id: number) => [...resourceKeys(source.referenced.name).all, 'picked', source.path ?? source.referenced.path, id] as const;

/**
 * The record with this id as a reference field's picker has it (picked or fetched to show the current value), for a
 * form's `fill` that reads another field's pick (a session's dates). Undefined before the picker has it.
 */
export function pickedRecord(client: QueryClient, source: PickerSource, id: unknown): ReferencedRecord | undefined {
  if (id === null || id === undefined || id === '') return undefined;
  return client.getQueryData<ReferencedRecord>(recordKey(source, Number(id)));
}

/**
 * The record a value names, to show its label when a form opens on it: GET {path}/{id}, one record. A path other
 * than the resource's own (staff may not read the resource) has no by-id call: its short list is searched for it.
 */
async function fetchRecord(source: PickerSource, id: number, signal?: AbortSignal): Promise<ReferencedRecord | null> {
  const { referenced, query, path = referenced.path } = source;
  if (path === referenced.path) return (await resourceCalls.one(referenced, id, signal)) as ReferencedRecord;
  const body = await resourceCalls.list(referenced, query, signal, path);
  return (body.data as ReferencedRecord[]).find((r) => r.id === id) ?? null;
}

/**
 * One referenced record by id, to name it (a trainee's current session): the record a picker shows, cached under the
 * same key, so a pick made in a picker is already here.
 *
 * @example
 * const session = useReferencedRecord({ referenced: trainingSessions }, trainee.session_id);
 * session.data?.name // 'January 2027'
 */
export function useReferencedRecord(source: PickerSource, id: unknown, enabled = true) {
  const known = id !== null && id !== undefined && id !== '';
  return useQuery({
    queryKey: recordKey(source, known ? Number(id) : 0),
    queryFn: ({ signal }) => fetchRecord(source, Number(id), signal),
    enabled: known && enabled,
    staleTime: 60_000,
  });
}

interface ReferencePickerProps extends PickerSource {
  /** The chosen record's id as text, or null. */
  value: string | null;
  onChange: (value: string | null, record: ReferencedRecord | undefined) => void;
  /** Which records are offered (only active packages); the record already chosen stays offered. */
  optionFilter?: (record: ReferencedRecord) => boolean;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  /** An optional choice has a clear button; a required one cannot be emptied. */
  clearable?: boolean;
  name?: string;
  'data-field'?: string;
  'data-testid'?: string;
}

/**
 * A searchable input for a record of another resource that never loads the whole table: it asks the referenced
 * list for one page (`per_page` 20) of what is typed (`q`, debounced), offers "More…" while there are more pages,
 * and names the current value by fetching that one record. Every reference field of a form uses it (field-input.tsx).
 *
 * @example
 * <ReferencePicker referenced={clients} label="Bought by" value={clientId} onChange={(id) => setClientId(id)} />
 */
export function ReferencePicker(props: ReferencePickerProps) {
  const { referenced, labelField = 'name', query, path = referenced.path, value, onChange, optionFilter } = props;
  const source: PickerSource = { referenced, labelField, query, path };
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [typed, setTyped] = useState(false);
  const [asked, setAsked] = useState(false);
  const [debounced] = useDebouncedValue(typed ? text.trim() : '', PICKER_DEBOUNCE_MS);

  const pages = useInfiniteQuery({
    queryKey: [...resourceKeys(referenced.name).lists(), 'picker', path, query ?? {}, debounced],
    queryFn: ({ pageParam, signal }) => fetchPickerPage(source, debounced, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PickerPage) => (last.page < last.lastPage ? last.page + 1 : undefined),
    // nothing is asked until the picker is opened
    enabled: asked,
    staleTime: 60_000,
  });
  const loaded = useMemo(() => {
    const all = pages.data?.pages.flatMap((p) => p.records) ?? [];
    const order = referenced.pickerOrder;
    if (!order) return all;
    const today = studioDate();
    return [...all].sort((a, b) => order(a, b, today));
  }, [pages.data, referenced.pickerOrder]);

  const id = value === null || value === '' ? null : Number(value);
  const inPages = id === null ? undefined : loaded.find((r) => r.id === id);
  const current = useReferencedRecord(source, id, !inPages);
  const chosen = inPages ?? current.data ?? undefined;
  const client = useQueryClient();
  // the chosen record is where a form's `fill` finds it (`pickedRecord`)
  useEffect(() => {
    if (chosen) client.setQueryData(recordKey(source, chosen.id), chosen);
  }, [chosen]); // eslint-disable-line react-hooks/exhaustive-deps -- the key follows the chosen record; source is rebuilt each render
  const chosenLabel = chosen ? labelOfRecord(chosen, labelField) : id === null ? '' : current.isPending ? 'Loading...' : `#${id}`;

  // the input names the chosen record, until something is typed
  const shown = typed ? text : chosenLabel;

  const offered = loaded.filter((r) => r.id === id || !optionFilter || optionFilter(r));
  const pick = (record: ReferencedRecord) => {
    client.setQueryData(recordKey(source, record.id), record);
    combobox.closeDropdown();
    setTyped(false);
    onChange(String(record.id), record);
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => {
        if (v === MORE) {
          void pages.fetchNextPage();
          return;
        }
        const record = loaded.find((r) => String(r.id) === v);
        if (record) pick(record);
      }}
    >
      <Combobox.Target>
        <InputBase
          label={props.label}
          description={props.description}
          error={props.error ?? (pages.isError ? `The ${referenced.label.toLowerCase()} could not be loaded.` : undefined)}
          withAsterisk={props.required}
          name={props.name}
          data-field={props['data-field']}
          data-testid={props['data-testid']}
          placeholder={props.placeholder}
          autoComplete="off"
          value={shown}
          rightSection={pages.isFetching ? <Loader size={14} /> : props.clearable && id !== null ? <Combobox.ClearButton onClear={() => { setTyped(false); onChange(null, undefined); }} /> : <Combobox.Chevron />}
          rightSectionPointerEvents={props.clearable && id !== null ? 'all' : 'none'}
          onClick={() => {
            setAsked(true);
            combobox.openDropdown();
          }}
          onFocus={() => {
            setAsked(true);
            combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            setTyped(false);
          }}
          onChange={(e) => {
            setAsked(true);
            setTyped(true);
            setText(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {offered.map((r) => (
            <Combobox.Option value={String(r.id)} key={r.id} active={r.id === id}>
              {labelOfRecord(r, labelField)}
            </Combobox.Option>
          ))}
          {pages.isSuccess && offered.length === 0 && <Combobox.Empty>Nothing matches</Combobox.Empty>}
          {pages.isPending && asked && (
            <Text size="sm" c="dimmed" p="xs">
              Loading...
            </Text>
          )}
          {pages.hasNextPage && (
            <Combobox.Option value={MORE} data-testid="reference-more" c="dimmed">
              {pages.isFetchingNextPage ? 'Loading...' : 'More…'}
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
