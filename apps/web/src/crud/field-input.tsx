import { NumberInput, PasswordInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { FieldDef, FormValue } from './resource-ui';

interface FieldInputProps {
  field: FieldDef;
  value: FormValue;
  error?: string;
  onChange: (value: FormValue) => void;
}

/** One form input per field kind; every input is controlled and reports plain JSON values. */
export function FieldInput({ field, value, error, onChange }: FieldInputProps) {
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
        <NumberInput
          {...common}
          prefix="₦"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          min={0}
          allowNegative={false}
          hideControls
          inputMode="decimal"
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
    default:
      return <TextInput {...common} autoComplete="off" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
