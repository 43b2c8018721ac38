import { Autocomplete, Group, NumberInput, PasswordInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { MoneyInput } from '../lib/ui/money-input';
import { DatePickerInput, TimePicker, type TimePickerProps } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import type { ResourceDefinition } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { referencedResource } from './reference-options';
import { ReferencePicker } from './reference-picker';
import type { FieldDef, FormValue, ReferencedRecord, SuggestionSource } from './resource-ui';
import { clockFormat } from '../lib/studio-time';

interface FieldInputProps {
  field: FieldDef;
  value: FormValue;
  error?: ReactNode;
  onChange: (value: FormValue) => void;
  /** The resource the form edits: a reference field finds the resource it names in its `references`. */
  resource?: ResourceDefinition;
  /** A reference field's record was picked (the form applies the field's `fill`). */
  onPick?: (record: ReferencedRecord) => void;
  /** The values typed so far: an autocomplete's suggestions may depend on another field (`suggestions.by`). */
  values?: Readonly<Record<string, FormValue>>;
}

/** One form input per field kind; every input is controlled and reports plain JSON values. */
/** What every input of a field shows: label, description, placeholder, error, asterisk; `data-field` for tests. */
function commonProps(field: FieldDef, error: ReactNode) {
  return {
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    error,
    withAsterisk: field.required,
    name: field.name,
    'data-field': field.name,
  };
}

/**
 * How a choice is taken back: never by clicking the chosen option again (Mantine's default `allowDeselect`), which
 * empties a field without anyone seeing it (a deposit's "Bank transfer" silently became no method). A required
 * choice cannot be emptied at all; an optional one has a clear button, a deliberate act.
 */
export function choiceProps(field: Pick<FieldDef, 'required'>) {
  return { allowDeselect: false, clearable: !field.required } as const;
}

export function FieldInput({ field, value, error, onChange, resource, onPick, values }: FieldInputProps) {
  const common = commonProps(field, error);
  switch (field.kind) {
    case 'textarea':
      return <Textarea {...common} autosize minRows={3} maxRows={8} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'email':
      return <TextInput {...common} type="email" autoComplete="off" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'money':
      return (
        <MoneyInput
          {...common}
          fixedDecimalScale
          hideControls
          value={value === null ? '' : (value as number | string)}
          onChange={(v) => onChange(v)}
        />
      );
    case 'number':
      return <NumberInput {...common} value={value === null ? '' : (value as number | string)} onChange={(v) => onChange(v)} />;
    case 'date':
      return (
        <DatePickerInput
          {...common}
          leftSection={<IconCalendar size={16} />}
          valueFormat="MMM D, YYYY"
          clearable
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
        />
      );
    case 'datetime':
      return <DateTimeField field={field} value={value} error={error} onChange={onChange} />;
    case 'phone':
      return <TextInput {...common} type="tel" inputMode="tel" autoComplete="off" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'time':
      // the value is HH:MM (24-hour) whatever the studio's clock shows; emptied, it is sent as '' (none)
      return <ClockInput {...common} name={field.name} label={field.label} leftSection={<IconClock size={16} />} value={String(value ?? '')} onChange={(v) => onChange(v)} />;
    case 'boolean':
    case 'flag':
      return (
        <Switch
          label={field.label}
          description={field.description}
          error={error}
          name={field.name}
          data-field={field.name}
          mt="lg"
          checked={value === true || value === 1}
          onChange={(e) => onChange(field.kind === 'flag' ? (e.currentTarget.checked ? 1 : 0) : e.currentTarget.checked)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options ? [...field.options] : []}
          {...choiceProps(field)}
          value={value === null || value === '' ? null : String(value)}
          onChange={(v) => onChange(v)}
        />
      );
    case 'reference':
      if (!resource) throw new Error(`The reference field ${field.name} needs the form's resource`);
      return <ReferenceSelect field={field} referenced={referencedResource(resource, field.name)} value={value} error={error} onChange={onChange} onPick={onPick} />;
    case 'autocomplete':
      if (!field.suggestions) throw new Error(`The autocomplete field ${field.name} needs its suggestions`);
      return <SuggestedText field={field} source={field.suggestions} value={value} error={error} onChange={onChange} values={values} />;
    default:
      return <TextInput {...common} autoComplete="off" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** A day and a clock time on the studio's clock: the value is `YYYY-MM-DD HH:mm` (sent as an instant, form-values.ts). */
function DateTimeField({ field, value, error, onChange }: Pick<FieldInputProps, 'field' | 'value' | 'error' | 'onChange'>) {
  const text = typeof value === 'string' ? value : '';
  const day = text.slice(0, 10);
  const time = text.slice(11, 16);
  const set = (d: string, t: string) => onChange(d || t ? `${d} ${t}`.trim() : null);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-field={field.name}>
      <DatePickerInput
        label={field.label}
        description={field.description}
        error={error}
        withAsterisk={field.required}
        leftSection={<IconCalendar size={16} />}
        valueFormat="ddd MMM D, YYYY"
        value={day || null}
        onChange={(v) => set(v ? String(v).slice(0, 10) : '', time)}
        style={{ flex: 1, minWidth: 0 }}
        data-field={`${field.name}-day`}
      />
      <ClockInput
        label="Time"
        spoken={`${field.label} time`}
        name={`${field.name}-time`}
        withAsterisk={field.required}
        value={time}
        onChange={(v) => set(day, v)}
        w={clockFormat() === '12h' ? 150 : 110}
        data-field={`${field.name}-time`}
      />
    </Group>
  );
}

/** Free text with the loaded suggestions that match what is typed; a new word is allowed (a new category). */
function SuggestedText({ field, source, value, error, onChange, values }: Omit<FieldInputProps, 'resource' | 'onPick'> & { source: SuggestionSource }) {
  const loaded = useQuery({ queryKey: source.queryKey, queryFn: ({ signal }) => source.load(signal), staleTime: 60_000 });
  const lists = loaded.data;
  const group = source.by === undefined ? undefined : values?.[source.by];
  const data = !lists ? [] : Array.isArray(lists) ? lists : group === null || group === undefined ? [] : ((lists as Readonly<Record<string, readonly string[]>>)[String(group)] ?? []);
  return <Autocomplete {...commonProps(field, error)} autoComplete="off" data={[...new Set(data)]} value={String(value ?? '')} onChange={(v) => onChange(v)} />;
}

/** A reference field: the shared picker (one searched page at a time, reference-picker.tsx); the value is the record's id as text. */
function ReferenceSelect({ field, referenced, value, error, onChange, onPick }: Omit<FieldInputProps, 'resource'> & { referenced: ResourceDefinition }) {
  return (
    <ReferencePicker
      referenced={referenced}
      labelField={field.labelField}
      query={field.referenceQuery}
      path={field.referencePath}
      optionFilter={field.optionFilter}
      label={field.label}
      description={field.description}
      placeholder={field.placeholder}
      error={error}
      required={field.required}
      clearable={choiceProps(field).clearable}
      name={field.name}
      data-field={field.name}
      value={value === null || value === '' ? null : String(value)}
      onChange={(v, record) => {
        onChange(v);
        if (record) onPick?.(record);
      }}
    />
  );
}

/**
 * A clock time on the studio's clock (issue 34, item 7): Mantine's TimePicker in the studio's 24- or 12-hour format
 * (the native time input followed the device's language: "12:00 PM" on one phone, 24-hour elsewhere). The value is
 * always `HH:mm` on the 24-hour clock. Its hours and minutes are named after the field (`spoken`, default its label:
 * "Starts time: hours"), for screen readers and tests.
 */
function ClockInput({ label, spoken = label, name, ...props }: Omit<TimePickerProps, 'format' | 'label'> & { label: string; spoken?: string; name: string }) {
  return (
    <TimePicker
      {...props}
      label={label}
      name={name}
      format={clockFormat()}
      clearable
      hoursInputLabel={`${spoken}: hours`}
      minutesInputLabel={`${spoken}: minutes`}
      amPmInputLabel={`${spoken}: AM or PM`}
    />
  );
}
