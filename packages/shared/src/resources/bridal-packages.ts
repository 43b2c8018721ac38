import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { money, optionalText, recordBase, text } from '../primitives.js';

export const bridalPackageSchema = z.object({
  ...recordBase,
  name: z.string(),
  price: z.number(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export const bridalPackageInputSchema = z.object({
  name: text(100),
  price: money(),
  description: optionalText(1000),
  active: z.boolean().default(true),
});

export const bridalPackages = defineResource({
  name: 'bridalpackages',
  path: '/api/bridalpackages',
  label: 'Booking Packages',
  singular: 'Booking Package',
  record: bridalPackageSchema,
  create: bridalPackageInputSchema,
  searchable: ['name'],
  sortable: ['name', 'price', 'active', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  roles: { read: 'admin', write: 'admin' },
  fixture: {
    examples: (n) => [
      { name: `Bridal Gold ${n}`, price: 250000, description: 'Bride and two maids' },
      { name: `Bridal Silver ${n}`, price: 150000, active: false },
      { name: `Owambe Guest ${n}`, price: 20000.5 },
    ],
  },
});
