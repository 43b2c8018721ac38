// A fixed list of statuses, declared once with the words and colours every screen shows for them (issue 29, item 6):
// the schema (`z.enum(x.values)`), the form's select, the list's filter, the badge and the CSV all read this one
// declaration. No zod here, so a screen that only names a status (the dashboard) does not load the schemas.

/** What one status shows: its words, and a Mantine colour name for its badge and calendar accent. */
export interface StatusLook {
  label: string;
  color: string;
}

export interface Statuses<S extends string> {
  /** The statuses in their order (the lifecycle's), for `z.enum(statuses.values)`. */
  values: readonly [S, ...S[]];
  labels: Readonly<Record<S, string>>;
  colors: Readonly<Record<S, string>>;
  /** `{ value, label }` per status, for a select or a filter. */
  options: readonly { value: S; label: string }[];
  /** The words for a status; an unknown value (an older client's) is shown as it is. */
  labelOf: (status: string) => string;
  /** The colour for a status; gray for an unknown one. */
  colorOf: (status: string) => string;
}

/**
 * Declares a resource's statuses once: order, words and colours.
 *
 * @example
 * export const bookingStatuses = defineStatuses({ pending: { label: 'Pending', color: 'yellow' }, confirmed: { label: 'Confirmed', color: 'blue' } });
 * z.enum(bookingStatuses.values)          // the schema's field
 * bookingStatuses.options                 // the form's select and the list's filter
 * <StatusBadge statuses={bookingStatuses} status={b.status} />   // apps/web/src/crud/status-badge.tsx
 */
export function defineStatuses<const T extends Record<string, StatusLook>>(looks: T): Statuses<keyof T & string> {
  type S = keyof T & string;
  const values = Object.keys(looks) as S[];
  if (values.length === 0) throw new Error('defineStatuses needs at least one status');
  const labels = Object.fromEntries(values.map((s) => [s, looks[s]!.label])) as Record<S, string>;
  const colors = Object.fromEntries(values.map((s) => [s, looks[s]!.color])) as Record<S, string>;
  const has = (s: string): s is S => Object.hasOwn(looks, s);
  return {
    values: values as [S, ...S[]],
    labels,
    colors,
    options: values.map((value) => ({ value, label: labels[value] })),
    labelOf: (s) => (has(s) ? labels[s] : s),
    colorOf: (s) => (has(s) ? colors[s] : 'gray'),
  };
}
