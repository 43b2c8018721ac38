import '@mantine/dates/styles.css';
import { Group, SegmentedControl } from '@mantine/core';
import { DatePickerInput, MonthPickerInput, YearPickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar, IconCalendarMonth } from '@tabler/icons-react';
import { useState } from 'react';
import { PERIOD_KINDS, type Period, type PeriodKind, switchPeriod } from './finance-period';

const day = (value: unknown) => (value ? String(value).slice(0, 10) : null);

/** Two days picked one after the other: the figures change once both are in. */
function RangePicker({ from, to, onChange, phone }: { from: string; to: string; onChange: (period: Period) => void; phone: boolean }) {
  const [picked, setPicked] = useState<[string | null, string | null]>([from, to]);
  return (
    <DatePickerInput
      type="range"
      label="Dates"
      value={picked}
      onChange={(range) => {
        const next: [string | null, string | null] = [day(range[0]), day(range[1])];
        setPicked(next);
        if (next[0] && next[1]) onChange({ kind: 'range', from: next[0], to: next[1] });
      }}
      valueFormat="MMM D, YYYY"
      allowSingleDateInRange
      leftSection={<IconCalendar size={16} />}
      dropdownType={phone ? 'modal' : 'popover'}
      w={{ base: '100%', sm: 280 }}
      data-testid="range-picker"
    />
  );
}

/** Month | Range | Year, then the picker of that kind; the choice lives in the address (see `usePeriodParam`). */
export function FinancePeriodPicker({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" data-testid="period-picker">
      <SegmentedControl
        value={period.kind}
        onChange={(kind) => onChange(switchPeriod(period, kind as PeriodKind))}
        data={PERIOD_KINDS.map((k) => ({ value: k.value, label: k.label }))}
        aria-label="Period"
        fullWidth={phone}
        w={phone ? '100%' : undefined}
        data-testid="period-kind"
      />
      {period.kind === 'month' && (
        <MonthPickerInput
          label="Month"
          value={`${period.month}-01`}
          onChange={(value) => {
            if (value) onChange({ kind: 'month', month: String(value).slice(0, 7) });
          }}
          valueFormat="MMMM YYYY"
          leftSection={<IconCalendarMonth size={16} />}
          w={{ base: '100%', xs: 200 }}
          data-testid="month-picker"
        />
      )}
      {period.kind === 'range' && <RangePicker key={`${period.from}/${period.to}`} from={period.from} to={period.to} onChange={onChange} phone={phone} />}
      {period.kind === 'year' && (
        <YearPickerInput
          label="Year"
          value={`${period.year}-01-01`}
          onChange={(value) => {
            if (value) onChange({ kind: 'year', year: String(value).slice(0, 4) });
          }}
          leftSection={<IconCalendar size={16} />}
          w={{ base: '100%', xs: 140 }}
          data-testid="year-picker"
        />
      )}
    </Group>
  );
}
