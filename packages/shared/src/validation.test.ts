import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, withLabel } from './validation.js';
import { text } from './primitives.js';
import { userCreateSchema } from './resources/users.js';

const errorsOf = (schema: z.ZodType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error.issues);
};

describe('the rule an empty field breaks', () => {
  it('is "required", for a text with a minimum length too; a short text breaks the length rule', () => {
    const body = { name: 'Ada', username: '', role: 'Sales Rep', password: '' };
    expect(errorsOf(userCreateSchema, body)).toEqual({
      username: ['The username field is required.'],
      password: ['The password field is required.'],
    });
    expect(errorsOf(userCreateSchema, { ...body, username: 'ab', password: 'short' })).toEqual({
      username: ['The username field must be at least 3 characters.'],
      password: ['The password field must be at least 8 characters.'],
    });
    // spaces only are trimmed to nothing: required as well
    expect(errorsOf(z.object({ name: text(20) }), { name: '   ' })).toEqual({ name: ['The name field is required.'] });
  });
});

describe('withLabel', () => {
  it('says a sentence with the label the form shows for the field', () => {
    expect(withLabel('The name field is required.', 'name', 'Full name')).toBe('Full name is required.');
    expect(withLabel('The username field must be at least 3 characters.', 'username', 'Username')).toBe('Username must be at least 3 characters.');
    expect(withLabel('The username has already been taken.', 'username', 'Username')).toBe('Username has already been taken.');
    expect(withLabel('The end date must be on or after the start date.', 'end_date', 'Check-out')).toBe('Check-out must be on or after the start date.');
    expect(withLabel('The selected program is invalid.', 'program_id', 'Program type')).toBe('Program type is not one of the options.');
    expect(withLabel('The quantity field must be at least 1.', 'items.0.quantity', 'Qty')).toBe('Qty must be at least 1.');
  });

  it('leaves a sentence about something else as it is', () => {
    expect(withLabel('Only 2 left in stock.', 'quantity', 'Qty')).toBe('Only 2 left in stock.');
    expect(withLabel('The name field is required.', 'username', 'Username')).toBe('The name field is required.');
  });
});
