import '@mantine/dates/styles.css';
import { Group, SegmentedControl } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { type DateRange, type PickedRange, RANGE_PRESETS, type RangePreset, presetOf, presetRange } from './date-range';
import { studioDate } from '../../lib/studio-time';

/**
 * What the picker shows and the whole range the figures are for (this month at first): a half-chosen
 * range keeps the figures of the last whole one. `onRange` hears each new whole range.
 */
export function useDateRange(onRange?: (range: DateRange) => void) {
  const [picked, setPicked] = useState<PickedRange>(() => presetRange('month'));
  const [range, setRange] = useState<DateRange>(() => presetRange('month'));
  const pick = (next: PickedRange) => {
    setPicked(next);
    if (next[0] && next[1]) {
      setRange([next[0], next[1]]);
      onRange?.([next[0], next[1]]);
    }
  };
  return { picked, range, pick };
}

/** Quick ranges (today, this week, this month, last month) and a range picker for any other span. */
export function DateRangeFilter({ value, onChange }: { value: PickedRange; onChange: (range: PickedRange) => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const active = presetOf(value);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" data-testid="date-range-filter">
      <DatePickerInput
        type="range"
        label="Dates"
        value={value}
        onChange={(range) => onChange([range[0] ? String(range[0]).slice(0, 10) : null, range[1] ? String(range[1]).slice(0, 10) : null])}
        // on a phone the quick ranges beside the field are enough: the calendar needs the whole width
        presets={phone ? undefined : RANGE_PRESETS.map((p) => ({ value: presetRange(p.value), label: p.label }))}
        maxDate={studioDate()}
        valueFormat="MMM D, YYYY"
        allowSingleDateInRange
        leftSection={<IconCalendar size={16} />}
        dropdownType={phone ? 'modal' : 'popover'}
        w={{ base: '100%', sm: 280 }}
        data-testid="range-picker"
      />
      {/* no segment is lit while the range is one of the user's own */}
      <SegmentedControl
        value={active ?? ''}
        onChange={(preset) => onChange(presetRange(preset as RangePreset))}
        data={RANGE_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
        size={phone ? 'xs' : 'sm'}
        fullWidth={phone}
        w={phone ? '100%' : undefined}
        aria-label="Quick ranges"
        data-testid="range-presets"
      />
    </Group>
  );
}
