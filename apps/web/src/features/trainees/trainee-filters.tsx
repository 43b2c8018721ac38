import '@mantine/dates/styles.css';
import { Group, Select } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { TRAINEE_STATUSES, TRAINEE_STATUS_LABELS, type TraineeStatus } from '@studio/shared';
import { IconCalendarMonth } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { QueryValue } from '../../lib/api-client';
import type { ReferenceOption } from '../../crud/reference-options';

/** A filter by a reference of the resource (program, session, package, pricing): the select and its query key. */
export interface ReferenceFilter {
  /** The filter's query key, a declared filter of the resource (`program_id`). */
  key: string;
  label: string;
  options: readonly ReferenceOption[];
}

export interface TraineeFilterValues {
  status: TraineeStatus | null;
  /** By reference filter key: the picked record's id. */
  refs: Record<string, string | null>;
  /** `YYYY-MM`: started (checked in) in that month. */
  started: string | null;
  /** `YYYY-MM`: ending (checking out) in that month. */
  ending: string | null;
}

export const NO_FILTERS: TraineeFilterValues = { status: null, refs: {}, started: null, ending: null };

const monthBounds = (month: string | null, field: 'start_date' | 'end_date'): Record<string, string> =>
  month ? { [`${field}_from`]: `${month}-01`, [`${field}_to`]: dayjs(`${month}-01`).endOf('month').format('YYYY-MM-DD') } : {};

/**
 * The filters as the query of every list call, in the resource's declared filter names:
 * `{ status, program_id, start_date_from, start_date_to, end_date_from, end_date_to }`.
 */
export function traineeFilterQuery(values: TraineeFilterValues): Record<string, QueryValue> {
  return {
    status: values.status ?? undefined,
    ...Object.fromEntries(Object.entries(values.refs).map(([key, id]) => [key, id ?? undefined])),
    ...monthBounds(values.started, 'start_date'),
    ...monthBounds(values.ending, 'end_date'),
  };
}

const statusOptions = TRAINEE_STATUSES.map((s) => ({ value: s, label: TRAINEE_STATUS_LABELS[s] }));
const WIDTH = { base: '100%', xs: 170 };

/** The admin lists' filter controls: references, status, and the month started and the month ending. */
export function TraineeFilters({
  value,
  onChange,
  references,
  words = { started: 'Started in', ending: 'Ending in' },
}: {
  value: TraineeFilterValues;
  onChange: (value: TraineeFilterValues) => void;
  references: readonly ReferenceFilter[];
  /** The month pickers' labels (the hostel: checked in, checking out). */
  words?: { started: string; ending: string };
}) {
  const month = (picked: unknown) => (picked ? String(picked).slice(0, 7) : null);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" data-testid="trainee-filters">
      {references.map((ref) => (
        <Select
          key={ref.key}
          label={ref.label}
          placeholder={`Every ${ref.label.toLowerCase()}`}
          clearable
          searchable
          data={[...ref.options]}
          value={value.refs[ref.key] ?? null}
          onChange={(id) => onChange({ ...value, refs: { ...value.refs, [ref.key]: id } })}
          w={WIDTH}
          data-testid={`filter-${ref.key}`}
        />
      ))}
      <Select
        label="Status"
        placeholder="Every status"
        clearable
        data={statusOptions}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: (status as TraineeStatus | null) ?? null })}
        w={{ base: '100%', xs: 140 }}
        data-testid="filter-status"
      />
      <MonthPickerInput
        label={words.started}
        placeholder="Any month"
        clearable
        valueFormat="MMM YYYY"
        leftSection={<IconCalendarMonth size={16} />}
        value={value.started ? `${value.started}-01` : null}
        onChange={(picked) => onChange({ ...value, started: month(picked) })}
        w={{ base: '100%', xs: 150 }}
        data-testid="filter-started"
      />
      <MonthPickerInput
        label={words.ending}
        placeholder="Any month"
        clearable
        valueFormat="MMM YYYY"
        leftSection={<IconCalendarMonth size={16} />}
        value={value.ending ? `${value.ending}-01` : null}
        onChange={(picked) => onChange({ ...value, ending: month(picked) })}
        w={{ base: '100%', xs: 150 }}
        data-testid="filter-ending"
      />
    </Group>
  );
}
