import { and, desc, eq, inArray, ne, isNull, or, sql } from 'drizzle-orm';
import { MERGE_UNDO_DAYS, type ClientMergeRecord, type DuplicateReason } from '@studio/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth.js';
import { clientMergesTable } from './client-merges.table.js';
import { clientsTable } from './clients.table.js';

// A merge that is hard to get wrong (issue 34, item 3): the likely duplicates listed first, and every merge recorded
// with what it moved so that it can be undone for MERGE_UNDO_DAYS days (the undo is in clients.service.ts).

const C = clientsTable;
const M = clientMergesTable;
type ClientRow = typeof clientsTable.$inferSelect;
type MergeRow = typeof clientMergesTable.$inferSelect;
export type ClientMergeRef = ClientMergeRecord;

/** The kept client's details a merge may fill (clients.service.ts mergeClients): what an undo puts back. */
export const MERGE_DETAIL_FIELDS = ['email', 'birthday', 'notes', 'allergies', 'patch_test_date', 'patch_test_result', 'consent_date', 'consent_recorded_by', 'consent_recorded_by_name'] as const;

const UNDO_MS = MERGE_UNDO_DAYS * 86_400_000;

/** A merge as the API answers it. */
export function presentMerge(r: MergeRow, now = new Date()): ClientMergeRecord {
  const until = new Date(r.merged_at.getTime() + UNDO_MS);
  return {
    id: r.id,
    keep_id: r.keep_id,
    merge_id: r.merge_id,
    moved: Object.fromEntries(Object.entries(r.moved).map(([k, ids]) => [k, ids.length])),
    merged_at: r.merged_at.toISOString(),
    merged_by: r.merged_by !== null ? { id: r.merged_by, name: r.merged_by_name ?? '' } : null,
    undo_until: until.toISOString(),
    undone_at: r.undone_at?.toISOString() ?? null,
    undone_by: r.undone_by !== null ? { id: r.undone_by, name: r.undone_by_name ?? '' } : null,
    can_undo: r.undone_at === null && r.details !== null && now < until,
  };
}

/** Records a merge just made: what moved, what it forwarded, and the kept client's details it changed. */
export async function recordMerge(
  tx: Tx,
  m: { keep: ClientRow; kept: ClientRow; mergeId: number; moved: Record<string, number[]>; forwarded: number[]; user: UserRow },
): Promise<ClientMergeRecord> {
  const details: Record<string, [unknown, unknown]> = {};
  for (const f of MERGE_DETAIL_FIELDS) if (m.keep[f] !== m.kept[f]) details[f] = [m.keep[f], m.kept[f]];
  const [row] = await tx
    .insert(M)
    .values({ keep_id: m.keep.id, merge_id: m.mergeId, moved: m.moved, forwarded: m.forwarded, details, merged_by: m.user.id, merged_by_name: m.user.name })
    .returning();
  return presentMerge(row!);
}

/** An erasure of these clients: the details their merges kept (notes, an e-mail) go, and those merges can no longer be undone. */
export async function forgetMergeDetails(tx: Tx, ids: number[]): Promise<void> {
  await tx.update(M).set({ details: null }).where(or(inArray(M.keep_id, ids), inArray(M.merge_id, ids)));
}

/** The merges a client took part in (kept or merged away), newest first. */
export async function mergesOf(db: DbOrTx, clientId: number): Promise<ClientMergeRecord[]> {
  const found = await db
    .select()
    .from(M)
    .where(or(eq(M.keep_id, clientId), eq(M.merge_id, clientId)))
    .orderBy(desc(M.merged_at), desc(M.id))
    .limit(50);
  const now = new Date();
  return found.map((r) => presentMerge(r, now));
}

/** The last 10 digits of a phone (the national number without its 0): `+2348031234567` → `8031234567`. */
const national = (phone: string | null) => (phone ?? '').replace(/\D/g, '').slice(-10);

/** Two phones one slip apart: one digit typed wrong, two neighbours swapped, or the same last 7 digits. */
export function similarPhones(a: string | null, b: string | null): boolean {
  const x = national(a);
  const y = national(b);
  if (x.length < 7 || y.length < 7) return false;
  if (x.slice(-7) === y.slice(-7)) return true;
  if (x.length !== y.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < x.length && diff.length <= 2; i++) if (x[i] !== y[i]) diff.push(i);
  if (diff.length === 1) return true;
  return diff.length === 2 && diff[1] === diff[0]! + 1 && x[diff[0]!] === y[diff[1]!] && x[diff[1]!] === y[diff[0]!];
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The live records likely to be the same person as client `id`, the most likely first (the same name and a similar
 * phone, then the same name, then a similar phone; then by name). The database narrows them (the same name, or a
 * phone sharing its first or last five digits: one slip leaves one half whole), the rules above decide.
 */
export async function duplicatesOf(db: DbOrTx, id: number): Promise<{ client: ClientRow; reasons: DuplicateReason[] }[] | undefined> {
  const [me] = await db.select().from(C).where(eq(C.id, id)).limit(1);
  if (!me) return undefined;
  const digits = national(me.phone);
  const phoneDigits = sql`right(regexp_replace(coalesce(${C.phone}, ''), '[^0-9]', '', 'g'), 10)`;
  const near = digits.length >= 7 ? [sql`right(${phoneDigits}, 5) = ${digits.slice(-5)}`, sql`left(${phoneDigits}, 5) = ${digits.slice(0, 5)}`] : [];
  const candidates = await db
    .select()
    .from(C)
    .where(and(ne(C.id, id), isNull(C.erased_at), isNull(C.merged_into_id), or(sql`lower(${C.name}) = lower(${me.name.trim()})`, ...near)))
    .limit(2000);
  const out: { client: ClientRow; reasons: DuplicateReason[] }[] = [];
  for (const c of candidates) {
    const reasons: DuplicateReason[] = [];
    if (sameName(c.name, me.name)) reasons.push('same_name');
    if (similarPhones(c.phone, me.phone)) reasons.push('similar_phone');
    if (reasons.length) out.push({ client: c, reasons });
  }
  const rank = (r: DuplicateReason[]) => (r.length === 2 ? 0 : r[0] === 'same_name' ? 1 : 2);
  return out.sort((a, b) => rank(a.reasons) - rank(b.reasons) || a.client.name.localeCompare(b.client.name) || a.client.id - b.client.id).slice(0, 20);
}
