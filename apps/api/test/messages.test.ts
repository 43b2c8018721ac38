import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { userBody } from './helpers/fixtures.js';

// The sentences of a 422 (contract §2): the rule the value broke, and a negative amount refused, never changed.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: Record<string, unknown>) => t.call(admin, { method, url, payload });

describe('422 sentences', () => {
  it('an empty username is "required", not a length rule; a short one is the length rule', async () => {
    const empty = await call('POST', '/api/users', userBody({ username: '' }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'The username field is required.', errors: { username: ['The username field is required.'] } });
    const short = await call('POST', '/api/users', userBody({ username: 'ab' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ username: ['The username field must be at least 3 characters.'] });
    const blankName = await call('POST', '/api/users', userBody({ name: '   ' }));
    expect(blankName.json().errors).toEqual({ name: ['The name field is required.'] });
  });
});

describe('negative money', () => {
  it('a product priced -5 is refused with 422 on create and on edit, and nothing is stored or changed', async () => {
    const before = (await call('GET', '/api/products')).json().data.length;
    const refused = await call('POST', '/api/products', { outlet: 'store', name: 'Minus Lipstick', price: -5, quantity: 3 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'The price field must be at least 0.', errors: { price: ['The price field must be at least 0.'] } });
    expect((await call('GET', '/api/products')).json().data.length).toBe(before);

    const made = await call('POST', '/api/products', { outlet: 'store', name: 'Plus Lipstick', price: 5, cost_price: 2, quantity: 3 });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id;
    for (const body of [{ price: -5 }, { cost_price: -0.01 }]) {
      const res = await call('PUT', `/api/products/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(Object.keys(body));
    }
    expect((await call('GET', `/api/products/${id}`)).json().data).toMatchObject({ price: 5, cost_price: 2 });
  });

  it('every other money field refuses -5 the same way', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/training-programs', { name: 'Course', duration: '3 months', fee: -5 }, 'fee'],
      ['/api/extra-programs', { type: 'office', name: 'Brows', price: -5 }, 'price'],
      ['/api/bridalpackages', { name: 'Glam', price: -5 }, 'price'],
      ['/api/finances', { type: 'expense', category: 'Rent', amount: -5, date: '2026-01-05' }, 'amount'],
    ];
    for (const [path, body, field] of cases) {
      const res = await call('POST', path, body);
      expect(res.statusCode, path).toBe(422);
      expect(res.json().errors[field][0], path).toBe(`The ${field} field must be at least 0.`);
    }
  });
});
