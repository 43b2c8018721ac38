import { z } from 'zod';
import { optionalText, text } from './primitives.js';

// Bank statements (issue 30): a statement file imported by an admin confirms the transfers it shows. The import's
// body when it is JSON (a file upload sends the same fields as multipart: `file`, `account`, `column_map`).

/** Which column of an unrecognised layout holds what, by its header: remembered for the account. */
export const statementColumnMapSchema = z.object({
  date: text(80),
  narration: text(80),
  reference: optionalText(80),
  /** Two columns (credit and debit), or one signed `amount`. */
  credit: optionalText(80),
  debit: optionalText(80),
  amount: optionalText(80),
  balance: optionalText(80),
});
export type StatementColumnMap = z.input<typeof statementColumnMapSchema>;

/** `POST /api/bank-statements` as JSON: the CSV text of a statement. */
export const bankStatementImportSchema = z.object({
  filename: text(200),
  content: z.string().min(1, { error: 'The statement is empty.' }).max(20_000_000, { error: 'The statement is too large (20 MB at most).' }),
  /** The account the statement is of (its number or a name): a column map is remembered for it. */
  account: optionalText(60),
  column_map: statementColumnMapSchema.optional(),
});
export type BankStatementImport = z.input<typeof bankStatementImportSchema>;

export const STATEMENT_LINE_STATUSES = ['matched', 'suggested', 'unmatched', 'debit', 'duplicate'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];

/** What importing a statement did: lines read, credits among them, and what became of the credits. */
export interface BankStatementSummary {
  id: number;
  filename: string;
  account: string | null;
  layout: string;
  lines: number;
  credits: number;
  matched: number;
  suggested: number;
  unmatched: number;
  duplicates: number;
  imported_at: string;
  imported_by: { id: number; name: string } | null;
}

/** A payment line a credit may be: its kind and id as on Transfers to confirm, and why it is a candidate. */
export interface StatementCandidate {
  kind: string;
  id: number;
  amount: number;
  date: string;
  party: string;
  reference: string | null;
  reason: string;
}

export interface StatementLine {
  statement_id: number;
  line_no: number;
  date: string;
  narration: string;
  reference: string | null;
  credit: number;
  debit: number;
  balance: number | null;
  status: StatementLineStatus;
  match: { kind: string; id: number } | null;
  /** Why it was matched, suggested or left alone, in words. */
  reason: string | null;
  candidates: StatementCandidate[];
}

/** `POST /api/bank-statements/{id}/lines/{line_no}/confirm`: which suggestion is the payment. */
export const statementConfirmSchema = z.object({ kind: text(30), id: z.number().int().positive().max(2_147_483_647) });
