import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { money, optionalText, outletSchema, recordBase, text } from '../primitives.js';
import { MONEY_METHODS } from '../payment-methods.js';
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

/**
 * What the studio owes a supplier (issue 28, item 7; decision 027): restocks recorded as owed (positive lines) less the
 * payments made to it (negative lines), `GET /api/suppliers/{id}/payables`.
 */
export interface SupplierPayableLine {
  id: number;
  /** > 0: bought on credit; < 0: paid to the supplier. */
  amount: number;
  method: string | null;
  date: string;
  note: string | null;
  product_id: number | null;
  user: { id: number; name: string } | null;
  created_at: string;
}
export interface SupplierPayables {
  supplier_id: number;
  owed: number;
  lines: SupplierPayableLine[];
}

/** `POST /api/suppliers/{id}/payments` (admin): money paid to a supplier against what is owed; an expense "Stock purchases". */
export const supplierPaymentSchema = z.object({
  amount: money().refine((n) => n > 0, { error: 'The amount must be greater than 0.' }),
  method: z.enum(MONEY_METHODS as [string, ...string[]] as ['cash', 'transfer', 'card', 'pos'], { error: `The method must be one of ${MONEY_METHODS.join(', ')}.` }),
  outlet: outletSchema.nullish(),
  note: optionalText(255),
  client_ref: z.uuid({ error: 'The client ref must be a UUID.' }),
});
export type SupplierPaymentInput = z.input<typeof supplierPaymentSchema>;
