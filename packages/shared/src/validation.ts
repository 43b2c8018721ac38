import { z } from 'zod';

/** Turns a field key (`start_date`) into the words a person reads (`start date`). */
export function fieldLabel(key: string): string {
  return key.replace(/_id$/, '').replace(/_/g, ' ');
}

type Issue = z.core.$ZodRawIssue;

function sentence(iss: Issue): string | undefined {
  const key = iss.path && iss.path.length ? String(iss.path[iss.path.length - 1]) : 'value';
  const the = `The ${fieldLabel(key)} field`;
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return `${the} is required.`;
      return `${the} must be ${iss.expected === 'number' || iss.expected === 'int' ? 'a number' : iss.expected === 'boolean' ? 'true or false' : iss.expected === 'array' ? 'a list' : iss.expected === 'object' ? 'an object' : 'text'}.`;
    case 'too_small':
      // an empty text breaks the rule "required", whatever length it would need once typed
      if (iss.origin === 'string') return Number(iss.minimum) <= 1 || iss.input === '' ? `${the} is required.` : `${the} must be at least ${iss.minimum} characters.`;
      if (iss.origin === 'array') return `${the} must have at least ${iss.minimum} item${Number(iss.minimum) === 1 ? '' : 's'}.`;
      return `${the} must be at least ${iss.minimum}.`;
    case 'too_big':
      if (iss.origin === 'string') return `${the} must not be greater than ${iss.maximum} characters.`;
      if (iss.origin === 'array') return `${the} must not have more than ${iss.maximum} items.`;
      return `${the} must not be greater than ${iss.maximum}.`;
    case 'invalid_format':
      if (iss.format === 'email') return `${the} must be a valid email address.`;
      return `${the} format is invalid.`;
    case 'invalid_value':
      return `The selected ${fieldLabel(key)} is invalid.`;
    case 'invalid_union':
      return `The selected ${fieldLabel(key)} is invalid.`;
    case 'not_multiple_of':
      return `${the} must have at most 2 decimal places.`;
    case 'unrecognized_keys':
      return undefined;
    default:
      return `${the} is invalid.`;
  }
}

/**
 * Every schema in the product reports errors as the sentences a Laravel back end
 * would ("The name field is required."), on the server and in the forms alike.
 * Explicit messages given in a schema win over these.
 */
export function installValidationMessages(): void {
  z.config({ customError: (iss) => sentence(iss) });
}
installValidationMessages();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A sentence about a field said with the label a form shows for it, in place of the words of its key.
 * The API keeps Laravel's sentences (contract §2); a form relabels them, its own and a 422's alike.
 * A sentence about something else is returned as it is.
 *
 * @example
 * withLabel('The name field is required.', 'name', 'Full name') // 'Full name is required.'
 * withLabel('The end date must be on or after the start date.', 'end_date', 'Check-out') // 'Check-out must be on or after the start date.'
 */
export function withLabel(sentence: string, key: string, label: string): string {
  const words = escape(fieldLabel(key.split('.').at(-1) ?? key));
  const selected = new RegExp(`^The selected ${words} is invalid\\.$`, 'i');
  if (selected.test(sentence)) return `${label} is not one of the options.`;
  return sentence.replace(new RegExp(`^The ${words}( field)? `, 'i'), `${label} `);
}

/** `{ field: [sentence] }` from zod issues; nested paths are joined with dots (`items.0.quantity`). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
