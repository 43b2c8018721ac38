import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { optionalText, recordBase, text } from '../primitives.js';
import { phoneNumber } from '../phone.js';

// Suppliers: who the studio buys its stock from. A product names its usual supplier; a restock, who delivered it.

export const supplierSchema = z.object({
  ...recordBase,
  name: z.string(),
  /** `+2348031234567` (one spelling, like a client's). */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

const fields = {
  name: text(100),
  phone: phoneNumber().nullish(),
  email: optionalText(150).pipe(z.email().nullable()),
  address: optionalText(255),
  notes: optionalText(2000),
};
export const supplierInputSchema = z.object(fields);
export const supplierUpdateSchema = z.object(fields).partial();

export const suppliers = defineResource({
  name: 'suppliers',
  path: '/api/suppliers',
  label: 'Suppliers',
  singular: 'Supplier',
  record: supplierSchema,
  create: supplierInputSchema,
  update: supplierUpdateSchema,
  searchable: ['name', 'phone', 'email', 'address'],
  sortable: ['name', 'phone', 'email', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  roles: { read: 'admin', write: 'admin' },
  fixture: {
    // phones as stored (one spelling): the contract tests read back what they sent
    examples: (n) => [
      { name: `Alpha Beauty Supplies ${n}`, phone: '+2348031234567', email: `alpha.${n}@example.com`, address: '12 Balogun Street, Lagos Island' },
      { name: `Bravo Cosmetics ${n}`, phone: '+2348057654321', email: `bravo.${n}@example.com`, notes: 'Delivers on Tuesdays' },
      { name: `Charlie Lashes ${n}`, phone: '+442079460958', email: `charlie.${n}@example.com`, address: 'London (ships by DHL)' },
    ],
  },
});
