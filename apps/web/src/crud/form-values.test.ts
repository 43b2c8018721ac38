import { bridalBookings, products } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { fieldsFor, fillValues, initialValues, toBody } from './form-values';
import type { FieldDef } from './resource-ui';
import { checkBody } from './use-schema-form';

// one field of every kind, as a feature's ui file declares them
const FIELDS: FieldDef[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'note', label: 'Note', kind: 'textarea' },
  { name: 'password', label: 'Password', kind: 'password', only: 'create' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'price', label: 'Price', kind: 'money' },
  { name: 'quantity', label: 'Quantity', kind: 'number' },
  { name: 'event_date', label: 'Event date', kind: 'date' },
  { name: 'active', label: 'Active', kind: 'boolean' },
  { name: 'is_admin', label: 'Admin', kind: 'flag' },
  { name: 'status', label: 'Status', kind: 'select', options: [{ value: 'pending', label: 'Pending' }] },
  { name: 'package_id', label: 'Package', kind: 'reference' },
  { name: 'level', label: 'Level', kind: 'select', only: 'edit', options: [{ value: '2', label: 'Two' }] },
];

const EMPTY = {
  name: '',
  note: '',
  password: '',
  email: '',
  price: '',
  quantity: '',
  event_date: null,
  active: false,
  is_admin: 0,
  status: null,
  package_id: null,
};

describe('initialValues', () => {
  it('starts a create form with each kind’s empty value, and only its create fields', () => {
    expect(initialValues(FIELDS, 'create')).toEqual(EMPTY);
  });

  it('takes a field’s default over its empty value', () => {
    const fields: FieldDef[] = [
      { name: 'kind', label: 'Kind', kind: 'select', defaultValue: 'product' },
      { name: 'reorder_level', label: 'Reorder level', kind: 'number', defaultValue: 5 },
      { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true },
    ];
    expect(initialValues(fields, 'create')).toEqual({ kind: 'product', reorder_level: 5, active: true });
  });

  it('starts an edit form from the record: selects and references as text, the rest as stored, nulls as empty', () => {
    const record = {
      id: 9,
      name: 'Ada',
      note: null,
      email: 'ada@example.com',
      price: 150000.5,
      quantity: 0,
      event_date: '2026-12-24',
      active: true,
      is_admin: 1,
      status: 'pending',
      package_id: 3,
      level: 2,
    };
    expect(initialValues(FIELDS, 'edit', record)).toEqual({
      name: 'Ada',
      note: '',
      email: 'ada@example.com',
      price: 150000.5,
      quantity: 0,
      event_date: '2026-12-24',
      active: true,
      is_admin: 1,
      status: 'pending',
      package_id: '3',
      level: '2',
    });
  });

  it('leaves a null reference empty when editing', () => {
    expect(initialValues([{ name: 'artist_id', label: 'Artist', kind: 'reference' }], 'edit', { artist_id: null })).toEqual({ artist_id: null });
  });
});

describe('toBody', () => {
  it('sends the empty form as "missing" values the schema can name, never 0 for an emptied amount', () => {
    expect(toBody(FIELDS, 'create', EMPTY)).toEqual({
      name: '',
      note: '',
      password: '',
      email: '',
      price: null,
      quantity: null,
      event_date: null,
      active: false,
      is_admin: 0,
      status: null,
      package_id: null,
    });
  });

  it('converts typed values per kind: amounts to numbers, flags to 1/0, booleans, dates and selects as they are, references to ids', () => {
    const values = {
      ...EMPTY,
      name: 'Ada',
      price: '2500.50',
      quantity: 12,
      event_date: '2026-12-24',
      active: 1,
      is_admin: true,
      status: 'pending',
      package_id: '3',
    };
    expect(toBody(FIELDS, 'create', values)).toMatchObject({
      name: 'Ada',
      price: 2500.5,
      quantity: 12,
      event_date: '2026-12-24',
      active: true,
      is_admin: 1,
      status: 'pending',
      package_id: 3,
    });
  });

  it('keeps 0 an amount (only an emptied input is missing)', () => {
    expect(toBody(FIELDS, 'create', { ...EMPTY, price: 0, quantity: '0' })).toMatchObject({ price: 0, quantity: 0 });
  });

  it('sends a flag switched off as 0 and a boolean switched off as false', () => {
    expect(toBody(FIELDS, 'create', { ...EMPTY, is_admin: false, active: 0 })).toMatchObject({ is_admin: 0, active: false });
  });

  it('sends an empty select, date or reference as null', () => {
    expect(toBody(FIELDS, 'create', { ...EMPTY, status: '', event_date: '', package_id: '' })).toMatchObject({ status: null, event_date: null, package_id: null });
  });

  it('sends only the fields of the mode', () => {
    const values = initialValues(FIELDS, 'edit', { name: 'Ada', level: 2 });
    const body = toBody(FIELDS, 'edit', values);
    expect(body).not.toHaveProperty('password');
    expect(body.level).toBe('2');
  });

  it('does not send a field hidden by showWhen, and sends it again once shown', () => {
    const fields: FieldDef[] = [
      { name: 'kind', label: 'Kind', kind: 'select' },
      { name: 'quantity', label: 'Opening stock', kind: 'number', showWhen: (v) => v.kind !== 'service' },
    ];
    expect(toBody(fields, 'create', { kind: 'service', quantity: 12 })).toEqual({ kind: 'service' });
    expect(toBody(fields, 'create', { kind: 'product', quantity: 12 })).toEqual({ kind: 'product', quantity: 12 });
    expect(fieldsFor(fields, 'create', { kind: 'service' }).map((f) => f.name)).toEqual(['kind']);
  });

  it('merges the filter’s fixed values, which win over a typed one', () => {
    const filter = { listPath: '/api/products', values: { outlet: 'salon' } };
    expect(toBody([{ name: 'name', label: 'Name', kind: 'text' }], 'create', { name: 'Lash Glue' }, filter)).toEqual({ name: 'Lash Glue', outlet: 'salon' });
    expect(toBody([{ name: 'outlet', label: 'Outlet', kind: 'text' }], 'create', { outlet: 'store' }, filter)).toEqual({ outlet: 'salon' });
  });

  it('gives the shared schema bodies it names the missing fields in (money, reference)', () => {
    const fields: FieldDef[] = [
      { name: 'client_name', label: 'Client', kind: 'text' },
      { name: 'phone', label: 'Phone', kind: 'text' },
      { name: 'event_date', label: 'Event date', kind: 'date' },
      { name: 'package_id', label: 'Package', kind: 'reference' },
      { name: 'price', label: 'Price', kind: 'money' },
      { name: 'artist_id', label: 'Artist', kind: 'reference' },
    ];
    const empty = toBody(fields, 'create', initialValues(fields, 'create'));
    const check = checkBody(bridalBookings.create, empty);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toMatchObject({ client_name: 'The client name field is required.', package_id: 'The package field is required.' });
    // an emptied price is sent as null, which the schema refuses (omitted means "the package's price")
    expect(!check.ok && check.errors.price).toBe('The price field is required.');
    // no artist is fine
    expect(!check.ok && check.errors.artist_id).toBeUndefined();

    const typed = toBody(fields, 'create', { client_name: ' Ada ', phone: '0803 123 4567', event_date: '2026-12-24', package_id: '3', price: '', artist_id: '7' });
    const { price: _emptied, ...withoutPrice } = typed;
    expect(checkBody(bridalBookings.create, withoutPrice)).toEqual({
      ok: true,
      data: expect.objectContaining({ client_name: 'Ada', package_id: 3, artist_id: 7, status: 'pending' }),
    });
  });

  it('reports an amount with more than 2 decimals in the schema’s words', () => {
    const body = toBody([{ name: 'price', label: 'Price', kind: 'money' }], 'create', { price: '10.555' });
    const check = checkBody(products.create.pick({ price: true }), body);
    expect(!check.ok && check.errors.price).toBe('The price field must have at most 2 decimal places.');
  });
});

describe('fillValues', () => {
  it('keeps what a reference’s fill proposes to the form’s own fields and plain values', () => {
    const values = { package_id: '3', price: '' };
    expect(fillValues(values, { price: 250000, description: 'not a field', package_id: '3' })).toEqual({ price: 250000, package_id: '3' });
    expect(fillValues(values, { price: { amount: 1 } })).toEqual({});
    expect(fillValues(values, { price: null })).toEqual({ price: null });
  });
});
