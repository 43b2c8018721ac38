import { studioInstant, studioWallClock } from '../lib/studio-time';
import type { FieldDef, FormValue, ResourceFilter } from './resource-ui';

export type FormMode = 'create' | 'edit';
export type FormValues = Record<string, FormValue>;

/** The fields of a create or edit form; given the values typed so far, only those whose `showWhen` holds. */
export function fieldsFor<F extends FieldDef>(fields: readonly F[], mode: FormMode, values?: Readonly<FormValues>): F[] {
  return fields.filter((f) => (!f.only || f.only === mode) && (!values || !f.showWhen || f.showWhen(values)));
}

function emptyValue(field: FieldDef): FormValue {
  switch (field.kind) {
    case 'money':
    case 'number':
      return '';
    case 'date':
    case 'datetime':
    case 'select':
    case 'reference':
      return null;
    case 'boolean':
      return false;
    case 'flag':
      return 0;
    default:
      return '';
  }
}

/** What the form starts with: the record's values when editing, each field's default when creating. */
export function initialValues(fields: readonly FieldDef[], mode: FormMode, record?: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fieldsFor(fields, mode)) {
    const stored = record?.[field.name];
    if (mode === 'edit' && stored !== undefined && stored !== null) {
      // a select's value is a string, whatever the record stores (an id, a level)
      values[field.name] =
        field.kind === 'select' || field.kind === 'reference' ? String(stored) : field.kind === 'datetime' ? studioWallClock(String(stored)) : (stored as FormValue);
    } else {
      values[field.name] = field.defaultValue ?? emptyValue(field);
    }
  }
  return values;
}

/** The request body as typed by the user, before the shared schema parses it (trims, defaults). */
export function toBody(fields: readonly FieldDef[], mode: FormMode, values: FormValues, filter?: ResourceFilter): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  // a field hidden by `showWhen` is not sent (no opening stock for a service)
  for (const field of fieldsFor(fields, mode, values)) {
    const value = values[field.name];
    switch (field.kind) {
      case 'money':
      case 'number':
        // an emptied amount is "missing" (the schema says "... is required"), not 0
        body[field.name] = value === '' || value === null ? null : Number(value);
        break;
      case 'boolean':
        body[field.name] = Boolean(value);
        break;
      case 'flag':
        body[field.name] = value === 1 || value === true ? 1 : 0;
        break;
      case 'date':
      case 'select':
        body[field.name] = value === '' ? null : value;
        break;
      case 'reference':
        body[field.name] = value === '' || value === null ? null : Number(value);
        break;
      case 'datetime':
        // the studio's wall clock as an instant; a half-typed value goes as typed (the schema says what is wrong)
        body[field.name] = typeof value === 'string' && value ? (studioInstant(value) ?? value) : null;
        break;
      default:
        body[field.name] = value ?? '';
    }
  }
  return { ...body, ...(filter?.values ?? {}) };
}

/** Values a reference's `fill` proposes, kept to the form's own fields and plain values. */
export function fillValues(values: Readonly<FormValues>, proposed: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const [key, value] of Object.entries(proposed)) {
    if (!(key in values)) continue;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}
