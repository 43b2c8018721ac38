import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { recordBase, text } from '../primitives.js';

export const supplierSchema = z.object({
  ...recordBase,
  name: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierInputSchema = z.object({
  name: text(100),
});

export const suppliers = defineResource({
  name: 'suppliers',
  path: '/api/suppliers',
  label: 'Suppliers',
  singular: 'Supplier',
  record: supplierSchema,
  create: supplierInputSchema,
  searchable: ['name'],
  sortable: ['name', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  roles: { read: 'admin', write: 'admin' },
  fixture: {
    examples: (n) => [{ name: `Alpha Supplier ${n}` }, { name: `Bravo Supplier ${n}` }, { name: `Charlie Supplier ${n}` }],
  },
});
