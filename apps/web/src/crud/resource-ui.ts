import type { CreateOf, RecordOf, ResourceDefinition, UpdateOf } from '@studio/shared';
import type { ComponentType, ReactNode } from 'react';
import type { QueryValue } from '../lib/api-client';
import type { CsvValue } from '../lib/csv';

/**
 * How a form field is edited:
 * text, textarea, password, email: text inputs; money: ₦ amount with 2 decimals; number: plain number;
 * date: a day picker whose value is 'YYYY-MM-DD'; time: a time of day 'HH:MM' ('' for none); boolean: a switch (true/false);
 * flag: a switch stored as 1/0 (is_admin); select: one of `options`;
 * reference: a searchable select of another resource's records, sent as the record's id (a number). Which
 * resource comes from the shared declaration, `resource.references[field.name]`;
 * autocomplete: free text with suggestions loaded from the API (`suggestions`), e.g. the categories in use, where
 * typing a new one is allowed;
 * datetime: a day and a clock time on the studio's clock, sent as an instant (ISO 8601); phone: a phone number.
 */
export type FieldKind = 'text' | 'textarea' | 'password' | 'email' | 'money' | 'number' | 'date' | 'time' | 'datetime' | 'phone' | 'boolean' | 'flag' | 'select' | 'reference' | 'autocomplete';

/** What an `autocomplete` field's loader answers: one list, or lists by the value of another field (`by`). */
export type SuggestionLists = readonly string[] | Readonly<Record<string, readonly string[]>>;

/**
 * Where an `autocomplete` field's suggestions come from: loaded once and cached under `queryKey` (every form that
 * asks shares it); with `by`, the loader answers lists keyed by another field's value and the field offers that one.
 *
 * @example
 * { queryKey: ['finances', 'categories'], load: (signal) => api.get('/api/finances/categories', undefined, signal), by: 'type' }
 */
export interface SuggestionSource {
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<SuggestionLists>;
  by?: string;
}

export type FormValue = string | number | boolean | null;

/** A record of a referenced resource as its list returns it (a package, a staff member). */
export type ReferencedRecord = Record<string, unknown> & { id: number };

export interface FieldDef<Name extends string = string> {
  name: Name;
  label: string;
  kind: FieldKind;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  description?: string;
  /** Marks the label with an asterisk; the rule itself is the shared schema's. */
  required?: boolean;
  defaultValue?: FormValue;
  /** Only on the create form (a first password) or only on the edit form. */
  only?: 'create' | 'edit';
  /** Takes the full width of the two-column form. */
  wide?: boolean;
  /** Shown (and sent) only while this holds for the values typed so far, e.g. opening stock only for a product, not a service. */
  showWhen?: (values: Readonly<Record<string, FormValue>>) => boolean;
  /** reference: the referenced record's field that names it in the select. Default `name`. */
  labelField?: string;
  /** reference: which records are offered (only active packages); the record already chosen stays offered. */
  optionFilter?: (referenced: ReferencedRecord) => boolean;
  /** reference: query parameters of the referenced list, when only part of it is offered (`{ kind: 'service' }`). */
  referenceQuery?: Record<string, QueryValue>;
  /**
   * reference: another path that lists the referenced records (under the same cache root), for a user who may not
   * read the resource itself: staff pick an artist from `/api/appointments/artists`, not `/api/users`.
   */
  referencePath?: string;
  /**
   * reference: values to fill in when a record is picked, e.g. a package's price: `fill: (pkg) => ({ price: pkg.price })`.
   * Only keys that are fields of the form are set; the user may still change them afterwards. `pickedOf(field)` is the
   * record chosen in another reference field of the form (a session's dates and the program's duration make the end).
   */
  fill?: (referenced: ReferencedRecord, values: Readonly<Record<string, FormValue>>, pickedOf: (field: string) => ReferencedRecord | undefined) => Record<string, unknown>;
  /** autocomplete: where its suggestions come from. */
  suggestions?: SuggestionSource;
  /**
   * Shown under the input, from the values typed so far: what the value means (the client a typed phone finds).
   * A component, so it may load what it shows.
   */
  after?: ComponentType<{ values: Readonly<Record<string, FormValue>> }>;
}

/** text: the value as is; money: ₦; date: the studio's day; boolean: Yes/No; reference: the referenced record's name ('—' when none). */
export type ColumnKind = 'text' | 'money' | 'date' | 'boolean' | 'reference' | 'phone';

export interface ColumnDef<TRecord> {
  key: keyof TRecord & string;
  label: string;
  kind?: ColumnKind;
  render?: (row: TRecord) => ReactNode;
  /** Keeps the cell on one line (names, money). */
  nowrap?: boolean;
  /** Money is right-aligned unless told otherwise. */
  align?: 'left' | 'right';
  /**
   * How much the column matters when the table is short of room (a laptop beside the sidebar, a tablet): 1 is never
   * hidden; the table hides the highest numbers first (among equals the rightmost) until the rest fit, instead of
   * scrolling sideways. Default: 1 for the first column, money and the status; 2 for dates; 3 for the rest.
   * A hidden column is still on a phone's card, in the record's detail and in the CSV.
   */
  priority?: number;
  /** The row's status (a badge): kept in view like money, and at the top of a phone's card. Default: the column keyed `status`. */
  status?: boolean;
  /** Only admins see it: staff never see cost prices or profit (contract §3). */
  adminOnly?: boolean;
  /** `csv`: not a column of the table on screen, only of a CSV export (and a record's detail), e.g. a phone shown under the name. */
  only?: 'csv';
  /** reference: the referenced record's field shown in the cell. Default `name`. */
  labelField?: string;
  /**
   * The cell in a CSV export; default the field itself, written by its kind (a reference: the referenced
   * record's name). `false` leaves the column out of the file.
   */
  csv?: ((row: TRecord) => CsvValue) | false;
}

/**
 * A fixed subset of a resource: listed from its own path (and query), created with fixed values
 * (PMU packages: `/api/extra-programs/list/office`, type office; salon products: `/api/products?outlet=salon`, outlet salon).
 */
export interface ResourceFilter {
  listPath: string;
  /** Extra query parameters of every list call, e.g. `{ outlet: 'salon' }`. */
  query?: Record<string, QueryValue>;
  values: Record<string, FormValue>;
}

/**
 * One tab of a list page: another list path (and query) of the same resource, e.g. the low-stock
 * products from `/api/products/low?outlet=salon`. Unset parts fall back to the ui's filter.
 */
export interface ResourceView {
  value: string;
  label: string;
  listPath?: string;
  query?: Record<string, QueryValue>;
}

export interface ResourceUi<R extends ResourceDefinition = ResourceDefinition> {
  resource: R;
  /** Words for buttons and toasts; default the resource's own (`resource.singular`). */
  singular?: string;
  columns: readonly ColumnDef<RecordOf<R>>[];
  fields: readonly FieldDef<(keyof CreateOf<R> | keyof UpdateOf<R>) & string>[];
  filter?: ResourceFilter;
  /** Tabs over the list (the first one is the default); each lists from its own path. */
  views?: readonly ResourceView[];
  /** The column that names a record in confirmations ("Delete 'Bridal Gold'?"). Default `name`. */
  titleField?: keyof RecordOf<R> & string;
  /** Show how many records of other resources use each record (`GET {path}/usage`): settings others refer to. */
  usage?: boolean;
  /**
   * The server warns of a draft (`POST {path}/warnings`, a module with a `warnings` hook): the form shows what the
   * save would warn of (a double booking, a patch test's reaction) before Save, as the fields change.
   */
  draftWarnings?: boolean;
}

/**
 * Declares how a resource looks on screen: its table columns, its form fields and an optional fixed filter.
 * Everything else (paging, sorting, search, validation, server errors) comes from the generic pages.
 *
 * @example
 * export const trainingProgramsUi = defineResourceUi({
 *   resource: trainingPrograms,
 *   columns: [{ key: 'name', label: 'Name' }, { key: 'fee', label: 'Fee', kind: 'money' }],
 *   fields: [{ name: 'name', label: 'Name', kind: 'text', required: true }, { name: 'fee', label: 'Fee', kind: 'money' }],
 * });
 */
export function defineResourceUi<R extends ResourceDefinition>(ui: ResourceUi<R>): ResourceUi<R> {
  return ui;
}

export function singularOf(ui: ResourceUi): string {
  return ui.singular ?? ui.resource.singular;
}
