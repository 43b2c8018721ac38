import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { clientRef, isoDate, isoMonth, money, optionalText, outletSchema, recordBase, text } from '../primitives.js';

export const FINANCE_TYPES = ['income', 'expense'] as const;
export type FinanceType = (typeof FINANCE_TYPES)[number];
export const financeTypeSchema = z.enum(FINANCE_TYPES);

/** The starting categories; admins add more by typing a new one (every category in use is offered). */
export const FINANCE_CATEGORIES: Record<FinanceType, readonly string[]> = {
  expense: ['Rent', 'Salaries', 'Stock purchase', 'Utilities', 'Generator fuel', 'Transport', 'Marketing', 'Repairs', 'Other'],
  income: ['Consultation', 'Hall rental', 'Other income'],
};

export const financeSchema = z.object({
  ...recordBase,
  type: financeTypeSchema,
  category: z.string(),
  amount: z.number(),
  description: z.string().nullable(),
  date: z.string(),
  outlet: outletSchema.nullable(),
  /** The staff member who recorded it (set by the server). */
  recorded_by: z.number().nullable(),
});
export type FinanceEntry = z.infer<typeof financeSchema>;

const fields = {
  type: financeTypeSchema,
  category: text(60),
  amount: money().refine((n) => n > 0, { error: 'The amount must be greater than 0.' }),
  description: optionalText(500),
  date: isoDate(),
  outlet: outletSchema.nullish(),
};
export const financeInputSchema = z.object({ ...fields, client_ref: clientRef() });

const rangeParams = z
  .object({ from: isoDate(), to: isoDate() })
  .refine((p) => p.from <= p.to, { path: ['to'], error: 'The to date must be on or after the from date.' });

/** Manual income and expenses (rent, salaries, fuel...); sales, fees and booking payments are counted from their own records. */
export const finances = defineResource({
  name: 'finances',
  path: '/api/finances',
  label: 'Income & Expenses',
  singular: 'Entry',
  record: financeSchema,
  create: financeInputSchema,
  filters: z.object({ type: financeTypeSchema.optional(), category: z.string().max(60).optional(), outlet: outletSchema.optional() }),
  searchable: ['category', 'description'],
  sortable: ['date', 'type', 'category', 'amount', 'created_at'],
  defaultSort: { field: 'date', order: 'desc' },
  lists: {
    getmonth: { path: 'getmonth/:month', params: z.object({ month: isoMonth() }), label: 'Entries of a month' },
    range: { path: 'range/:from/:to', params: rangeParams, label: 'Entries between two dates' },
  },
  totals: ['income', 'expense'],
  references: { recorded_by: 'users' },
  roles: { read: 'admin', write: 'admin' },
  fixture: {
    examples: () => [
      { type: 'expense', category: 'Rent', amount: 150000, date: '2027-01-05', description: 'Shop rent' },
      { type: 'income', category: 'Consulting', amount: 20000.5, date: '2027-02-10' },
      { type: 'expense', category: 'Electricity', amount: 35000, date: '2027-03-15', outlet: 'salon' },
    ],
  },
});

/** `summary-range/{from}/{to}`. */
export interface FinanceSummary {
  from: string;
  to: string;
  income: number;
  expense: number;
  net: number;
  /** Manual income entries, paid POS sales (by outlet), trainees' fee payments and booking payments. */
  income_by_source: { manual: number; sales: number; sales_store: number; sales_office: number; sales_salon: number; fees: number; bookings: number };
  /** What bookings with an event in the range still owe, cancelled ones left out (the same figure Manage Bookings and the dashboard show). */
  bookings_due: number;
  expense_by_category: Record<string, number>;
  /**
   * Bank transfers flagged not received, dated in the range (issue 17), shown apart: a fee's or a booking's was
   * reversed in its ledger (so it is out of fees or bookings, and of `income`); a sale's is owed by the sale (its
   * `balance`) and out of its outlet's sales and `income` from the day it was flagged (issue 28; decision 027).
   */
  transfers_not_received: number;
  /** The part of `transfers_not_received` that is sales' lines: owed by those sales, out of the sales and `income`. */
  transfers_not_received_sales: number;
  /** Partial refunds of sales paid out in the range (issue 17): already out of the sales, and so of `income`; shown for the record. */
  refunds: number;
}
/** A row of `summary-monthly` (`period` YYYY-MM) or `summary-yearly` (`period` YYYY). */
export interface FinancePeriodRow {
  period: string;
  income: number;
  expense: number;
  net: number;
}
