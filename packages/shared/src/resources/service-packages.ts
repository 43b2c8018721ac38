import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { id, money, optionalText, recordBase, text } from '../primitives.js';

// Packages of sessions sold before the service (issue 31, item 4; docs/decisions/040-packages-and-touch-ups.md): what a
// package is (its services, sessions, price, validity) is this resource; a client's bought package and its sessions
// left are on the prepaid ledger (prepaid.ts `ClientPackage`).

export const servicePackageSchema = z.object({
  ...recordBase,
  name: z.string(),
  /** The service a session covers (a product of kind service). */
  service_id: z.number(),
  /** Other services a session may cover instead (a lash fill or a lash removal): a visit may use one session for each. */
  extra_service_ids: z.array(z.number()),
  sessions: z.number().int(),
  price: z.number(),
  validity_days: z.number().int(),
  active: z.boolean(),
  note: z.string().nullable(),
});
export type ServicePackage = z.infer<typeof servicePackageSchema>;

const serviceIdList = z
  .array(id().max(2_147_483_647))
  .max(20)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'A service is listed twice.' });

export const servicePackageInputSchema = z.object({
  name: text(100),
  service_id: id().max(2_147_483_647),
  extra_service_ids: serviceIdList.default([]),
  sessions: z.number().int().min(1).max(100),
  price: money().refine((n) => n > 0, { error: 'The price must be greater than 0.' }),
  /** How long a bought package may be used, from the day it is sold. */
  validity_days: z.number().int().min(1).max(3650),
  active: z.boolean().default(true),
  note: optionalText(500),
});
export const servicePackageUpdateSchema = servicePackageInputSchema.partial();

export const servicePackages = defineResource({
  name: 'service-packages',
  path: '/api/service-packages',
  label: 'Service packages',
  singular: 'Service package',
  record: servicePackageSchema,
  create: servicePackageInputSchema,
  update: servicePackageUpdateSchema,
  searchable: ['name'],
  sortable: ['name', 'sessions', 'price', 'validity_days', 'active', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  references: { service_id: 'products' },
  roles: { read: 'staff', write: 'admin' },
  fixture: {
    // the third products example is a service
    refs: { service_id: 2 },
    examples: (n) => [
      { name: `Lash fills x6 ${n}`, sessions: 6, price: 60000, validity_days: 180 },
      { name: `Brow tint x3 ${n}`, sessions: 3, price: 20000.5, validity_days: 90, active: false },
      { name: `Nails x10 ${n}`, sessions: 10, price: 75000, validity_days: 365, note: 'Gel or plain' },
    ],
  },
});
