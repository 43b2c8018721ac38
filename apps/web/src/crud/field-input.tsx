import { NumberInput, PasswordInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { MoneyInput } from '../lib/ui/money-input';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { ResourceDefinition } from '@studio/shared';
import type { ReactNode } from 'react';
import { referencedResource, useReferenceOptions } from './reference-options';
import type { FieldDef, FormValue, ReferencedRecord } from './resource-ui';

interface FieldInputProps {
  field: FieldDef;
  value: FormValue;
  error?: ReactNode;
  onChange: (value: FormValue) => void;
  /** The resource the form edits: a reference field finds the resource it names in its `references`. */
  resource?: ResourceDefinition;
  /** A reference field's record was picked (the form applies the field's `fill`). */
  onPick?: (record: ReferencedRecord) => void;
}

/** One form input per field kind; every input is controlled and reports plain JSON values. */
export function FieldInput({ field, value, error, onChange, resource, onPick }: FieldInputProps) {
  const common = {
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    error,
    withAsterisk: field.required,
    name: field.name,
    'data-field': field.name,
  };
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
          allowDeselect={!field.required}
          value={value === null || value === '' ? null : String(value)}
          onChange={(v) => onChange(v)}
        />
      );
    case 'reference':
      if (!resource) throw new Error(`The reference field ${field.name} needs the form's resource`);
      return <ReferenceSelect field={field} referenced={referencedResource(resource, field.name)} value={value} error={error} onChange={onChange} onPick={onPick} />;
    default:
      return <TextInput {...common} autoComplete="off" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** A searchable select of another resource's records (its whole list, cached); the value is the record's id as text. */
function ReferenceSelect({ field, referenced, value, error, onChange, onPick }: Omit<FieldInputProps, 'resource'> & { referenced: ResourceDefinition }) {
  const list = useReferenceOptions(referenced, { labelField: field.labelField });
  const selected = value === null || value === '' ? null : String(value);
  const { optionFilter } = field;
  // the record already chosen stays offered (an inactive package on an old booking still shows its name)
  const data = optionFilter ? list.options.filter((o, i) => o.value === selected || optionFilter(list.records[i]!)) : list.options;
  return (
    <Select
      label={field.label}
      description={field.description}
      placeholder={list.isPending ? 'Loading...' : field.placeholder}
      error={error ?? (list.isError ? `The ${referenced.label.toLowerCase()} could not be loaded.` : undefined)}
      withAsterisk={field.required}
      name={field.name}
      data-field={field.name}
      data={data}
      searchable
      nothingFoundMessage="Nothing matches"
      clearable={!field.required}
      allowDeselect={!field.required}
      value={selected}
      onChange={(v) => {
        onChange(v);
        const record = list.recordOf(v);
        if (record) onPick?.(record);
      }}
    />
  );
}
