import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { phoneNumber } from '../phone.js';
import { birthDate, isoDate, optionalText, outletSchema, recordBase, text } from '../primitives.js';

// Clients: who the studio serves, one record per person (by phone), with the notes PMU work needs.
// Found or created by phone from a sale, a booking, an enrolment or an appointment (docs/api.md, Clients).

export const PATCH_TEST_RESULTS = ['pending', 'passed', 'reaction'] as const;
export type PatchTestResult = (typeof PATCH_TEST_RESULTS)[number];
export const PATCH_TEST_RESULT_LABELS: Record<PatchTestResult, string> = { pending: 'Waiting to read', passed: 'Passed (no reaction)', reaction: 'Reaction' };

export const clientSchema = z.object({
  ...recordBase,
  name: z.string(),
  /** `+2348031234567`; null only once the client was erased. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  notes: z.string().nullable(),
  /** PMU: allergies or skin notes. */
  allergies: z.string().nullable(),
  patch_test_date: z.string().nullable(),
  patch_test_result: z.enum(PATCH_TEST_RESULTS).nullable(),
  /** The day the client gave (signed) consent, and who recorded it (set by the server). */
  consent_date: z.string().nullable(),
  consent_recorded_by: z.number().nullable(),
  consent_recorded_by_name: z.string().nullable(),
  /** Merged into another client: this record only forwards its phone there. */
  merged_into_id: z.number().nullable(),
  /** Erased on request (NDPA 2023): personal details gone, money records kept under "Erased client". */
  erased_at: z.string().nullable(),
});
export type Client = z.infer<typeof clientSchema>;

const fields = {
  name: text(100),
  phone: phoneNumber(),
  email: optionalText(150).pipe(z.email().nullable()),
  birthday: birthDate().nullish(),
  notes: optionalText(2000),
  allergies: optionalText(1000),
  patch_test_date: isoDate().nullish(),
  patch_test_result: z.enum(PATCH_TEST_RESULTS).nullish(),
  consent_date: isoDate().nullish(),
};
export const clientInputSchema = z.object(fields);
export const clientUpdateSchema = z.object(fields).partial();
export type ClientInput = z.input<typeof clientInputSchema>;

export const clientFiltersSchema = z.object({
  /** Lists show clients in use; merged records (which only forward a phone) only with `merged=true`. */
  merged: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  created_at_from: isoDate().optional(),
  created_at_to: isoDate().optional(),
});

export const clients = defineResource({
  name: 'clients',
  path: '/api/clients',
  label: 'Clients',
  singular: 'Client',
  record: clientSchema,
  create: clientInputSchema,
  update: clientUpdateSchema,
  filters: clientFiltersSchema,
  searchable: ['name', 'phone', 'email'],
  sortable: ['name', 'phone', 'birthday', 'patch_test_date', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  references: { consent_recorded_by: 'users' },
  // staff serve clients: they look them up, add them and record PMU notes; merge, erase, export are admin's
  roles: { read: 'staff', write: 'staff' },
  fixture: {
    // n in the phone: one client per phone
    examples: (n) => [
      { name: `Amina Client ${n}`, phone: `+234803${String(n).padStart(7, '0')}`, birthday: '1990-05-01', notes: 'Prefers mornings' },
      { name: `Bola Client ${n}`, phone: `+234805${String(n).padStart(7, '0')}`, birthday: '1985-12-24', patch_test_date: '2026-10-01', patch_test_result: 'passed' },
      { name: `Chidi Client ${n}`, phone: `+234807${String(n).padStart(7, '0')}`, email: `chidi.${n}@example.com`, patch_test_date: '2026-11-01', patch_test_result: 'pending' },
    ],
  },
});

/** `POST /api/clients/find-or-create`: the client with this phone, or a new one with this name. */
export const clientFindOrCreateSchema = z.object({ name: text(100), phone: phoneNumber() });
/** `POST /api/clients/merge` (admin): `merge_id`'s history moves to `keep_id`; its phone then finds `keep_id`. */
export const clientMergeSchema = z
  .object({ keep_id: z.number().int().positive().max(2_147_483_647), merge_id: z.number().int().positive().max(2_147_483_647) })
  .refine((b) => b.keep_id !== b.merge_id, { path: ['merge_id'], error: 'Choose two different clients to merge.' });
/** `POST /api/clients/{id}/erase` (admin): why (the client's request, its date). */
export const clientEraseSchema = z.object({ reason: text(255) });

/** One line of a client's history (`GET /api/clients/{id}/history`), newest first. */
export const clientHistoryEntrySchema = z.object({
  /** `sale`, `booking`, `student`, `office-student`, `hostel-student`, `appointment`, or the name of another resource whose records belong to clients. */
  kind: z.string(),
  id: z.number(),
  date: z.string(),
  outlet: outletSchema.nullable(),
  title: z.string(),
  status: z.string(),
  /** What it cost (a sale's total, a fee, a booking's price); omitted for staff. */
  amount: z.number().optional(),
  /** What is still owed on it. */
  balance: z.number(),
});
export type ClientHistoryEntry = z.infer<typeof clientHistoryEntrySchema>;

export interface ClientHistory {
  client: Client;
  entries: ClientHistoryEntry[];
  summary: {
    /** Paid sales' totals plus fees and booking payments taken; admins only. */
    total_spent?: number;
    visits: number;
    last_visit: string | null;
    /** Owed on bookings (not cancelled), trainee fees and appointments not yet checked out. */
    balance_owed: number;
    /** Deposits a no-show kept as the client's credit. */
    deposits_held: number;
  };
}

/** `POST /api/clients/backfill` (admin): what linking existing records by phone did. */
export interface ClientBackfillReport {
  linked: Record<string, number>;
  clients_created: number;
  left_alone: { total: number; by_reason: Record<string, number>; examples: { resource: string; id: number; phone: string | null; reason: string }[] };
}

/**
 * `GET /api/clients/{id}/duplicates` (admin; issue 34, item 3): the records likely to be the same person, the most
 * likely first: the same name and a similar phone, then the same name, then a similar phone (one digit off, two
 * digits swapped, or the same last 7 digits).
 */
export const DUPLICATE_REASONS = ['same_name', 'similar_phone'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export interface ClientDuplicate {
  client: Client;
  reasons: DuplicateReason[];
}

/** A merge as recorded (`POST /api/clients/merge`'s `merge`, `GET /api/clients/{id}/merges`): undone until `undo_until`. */
export interface ClientMergeRecord {
  id: number;
  keep_id: number;
  merge_id: number;
  /** How many records moved, per resource. */
  moved: Record<string, number>;
  merged_at: string;
  merged_by: { id: number; name: string } | null;
  undo_until: string;
  undone_at: string | null;
  undone_by: { id: number; name: string } | null;
  /** Whether `POST /api/clients/merges/{id}/undo` would undo it now. */
  can_undo: boolean;
}

/** How long a merge may be undone. */
export const MERGE_UNDO_DAYS = 7;
