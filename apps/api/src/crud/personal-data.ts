import { and, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clientFieldOf, normalizePhone, type ErasedValue } from '@studio/shared';
import type { DbOrTx, Tx } from '../db/client.js';
import { activityLogTable } from '../plugins/activity-log.table.js';
import type { ClientOwned, CrudModule, PersonalJsonStore } from './define-crud-module.js';
export type { ClientOwned, PersonalJsonStore } from './define-crud-module.js';
import { idempotencyKeysTable } from './idempotency.table.js';

// A person's data, declared where it lives (issue 28, item 8): each resource says which column links its records to a
// client and which columns are personal (`personal` in its shared declaration, or a `references` field naming
// `clients`); what is not a CRUD resource (the till's orders) declares the same through `ClientOwned` beside its table.
// Merge, erase, export and the client's history walk this list: a new resource that refers to clients is in all four
// with no edit of the clients code (apps/api/test/personal-data.test.ts proves it with a fixture resource).

/** The name an erased client's records carry from then on. */
export const ERASED_NAME = 'Erased client';

/** A table's column by its name (the declarations name their columns as text). */
export const col = (table: unknown, name: string) => (table as Record<string, AnyPgColumn>)[name]!;

/** The client-owned tables of the CRUD modules (from their declarations) and of the features (declared by hand). */
export function clientOwnedOf(modules: readonly CrudModule[], extra: readonly ClientOwned[]): ClientOwned[] {
  const fromModules = modules.flatMap((m): ClientOwned[] => {
    const field = clientFieldOf(m.resource);
    if (!field || m.resource.name === 'clients' || !(field in m.table)) return [];
    const p = m.resource.personal;
    return [{ resource: m.resource.name, label: m.resource.singular, table: m.table, client: field, name: p?.name, phone: p?.phone, erase: p?.erase ?? {}, exportKey: p?.exportKey ?? m.resource.name, ledger: m.ledger?.table, children: m.personalChildren }];
  });
  return [...extra, ...fromModules];
}

/** How many records of each kind point at a client. */
export async function countOwned(db: DbOrTx, owned: readonly ClientOwned[], clientId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const o of owned) {
    const [row] = (await db.select({ n: sql<number>`count(*)::int` }).from(o.table).where(eq(col(o.table, o.client), clientId))) as [{ n: number }];
    out[o.resource] = Number(row.n);
  }
  return out;
}

/** A merge: every record of `from` now belongs to `to`. Returns the ids moved, per resource (a merge's undo needs them). */
export async function repointOwned(tx: Tx, owned: readonly ClientOwned[], from: number, to: number): Promise<Record<string, number[]>> {
  const moved: Record<string, number[]> = {};
  for (const o of owned) {
    const done = await tx
      .update(o.table)
      .set({ [o.client]: to } as never)
      .where(eq(col(o.table, o.client), from))
      .returning({ id: col(o.table, 'id') });
    moved[o.resource] = done.map((r) => Number(r.id)).sort((a, b) => a - b);
  }
  return moved;
}

/**
 * A merge undone: the records `moved` (per resource) that still belong to `to` go back to `from`; a record since
 * given to another client stays where it is. Returns how many went back, per resource.
 */
export async function restoreOwned(tx: Tx, owned: readonly ClientOwned[], moved: Record<string, number[]>, to: number, from: number): Promise<Record<string, number>> {
  const back: Record<string, number> = {};
  for (const o of owned) {
    const ids = moved[o.resource] ?? [];
    if (!ids.length) continue;
    const done = await tx
      .update(o.table)
      .set({ [o.client]: from } as never)
      .where(and(eq(col(o.table, o.client), to), inArray(col(o.table, 'id'), ids)))
      .returning({ id: col(o.table, 'id') });
    back[o.resource] = done.length;
  }
  return back;
}

/** Everything held on the clients `ids`: each kind's records under its export key, with their payment lines. */
export async function exportOwned(tx: DbOrTx, owned: readonly ClientOwned[], ids: number[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const o of owned) {
    if (o.exportRows) {
      out[o.exportKey] = await o.exportRows(tx, ids);
      continue;
    }
    const records = (await tx.select().from(o.table).where(inArray(col(o.table, o.client), ids)).orderBy(col(o.table, 'id'))) as { id: number }[];
    const lines = o.ledger && records.length ? await tx.select().from(o.ledger).where(inArray(o.ledger.parent_id, records.map((r) => r.id))).orderBy(o.ledger.id) : [];
    out[o.exportKey] = o.ledger ? records.map((r) => ({ ...r, payments: lines.filter((l) => l.parent_id === r.id) })) : records;
  }
  return out;
}

const erasedValue = (v: ErasedValue) => (v === 'erased-name' ? ERASED_NAME : v);

/** What identifies the person in free text and stored answers: names, phones, e-mails, addresses, notes. */
export class PersonalTraces {
  private readonly texts = new Set<string>();
  private readonly phones = new Set<string>();

  add(value: unknown): void {
    if (typeof value !== 'string') return;
    const text = value.trim();
    if (text.length < 3 || text === ERASED_NAME) return;
    const phone = normalizePhone(text);
    if (phone) this.phones.add(phone);
    else this.texts.add(text.toLowerCase());
  }

  get empty(): boolean {
    return this.texts.size === 0 && this.phones.size === 0;
  }

  /** SQL: `column`'s text holds one of the traces (a first sieve; `scrub` decides). */
  mentionedIn(column: AnyPgColumn | SQL): SQL {
    const asText = sql`lower(${column}::text)`;
    const digits = sql`regexp_replace(${column}::text, '[^0-9]', '', 'g')`;
    const parts = [
      ...[...this.texts].map((t) => sql`position(${JSON.stringify(t).slice(1, -1)} in ${asText}) > 0`),
      // a phone's last ten digits, however it was spelled ("0803 123 4567", "+2348031234567")
      ...[...this.phones].map((p) => sql`position(${p.slice(-10)} in ${digits}) > 0`),
    ];
    return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
  }

  /** A JSON value with the person taken out: a value that is one of the traces goes; a name inside a text is replaced. */
  scrub(value: unknown): unknown {
    if (typeof value === 'string') {
      const text = value.trim();
      if (normalizePhone(text) && this.phones.has(normalizePhone(text)!)) return null;
      if (this.texts.has(text.toLowerCase())) return ERASED_NAME;
      let out = value;
      for (const t of this.texts) {
        if (t.length < 5) continue;
        const at = out.toLowerCase().indexOf(t);
        if (at >= 0) out = out.slice(0, at) + ERASED_NAME + out.slice(at + t.length);
      }
      return out;
    }
    if (Array.isArray(value)) return value.map((v) => this.scrub(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.scrub(v)]));
    return value;
  }
}

/**
 * An erasure's part on the client-owned tables: each record of the clients `ids` has its personal columns blanked
 * (money, dates and links kept), the notes of its payment lines and its children's free text too. The values blanked
 * are added to `traces` first. Answers how many records of each kind were anonymised.
 */
export async function eraseOwned(tx: Tx, owned: readonly ClientOwned[], ids: number[], traces: PersonalTraces): Promise<Record<string, number>> {
  const anonymised: Record<string, number> = {};
  for (const o of owned) {
    const where = inArray(col(o.table, o.client), ids);
    const personal = Object.keys(o.erase);
    const records = (await tx
      .select(Object.fromEntries([['id', col(o.table, 'id')], ...personal.map((f) => [f, col(o.table, f)])]))
      .from(o.table)
      .where(where)) as Record<string, unknown>[];
    for (const r of records) for (const f of personal) traces.add(r[f]);
    anonymised[o.resource] = records.length;
    if (!records.length) continue;
    const recordIds = records.map((r) => Number(r.id));
    if (personal.length) {
      const values = Object.fromEntries(Object.entries(o.erase).map(([f, v]) => [f, erasedValue(v)]));
      await tx.update(o.table).set({ ...values, ...('updated_at' in o.table ? { updated_at: new Date() } : {}) } as never).where(where);
    }
    if (o.ledger) await tx.update(o.ledger).set({ note: null }).where(inArray(o.ledger.parent_id, recordIds));
    for (const child of o.children ?? []) {
      const values = Object.fromEntries(Object.entries(child.erase).map(([f, v]) => [f, erasedValue(v)]));
      await tx.update(child.table).set(values as never).where(inArray(col(child.table, child.parent), recordIds));
    }
  }
  return anonymised;
}

/**
 * The person taken out of what the studio stored beside the records: the activity log's before/after (its lines stay,
 * with who, what and when), the stored answers of retried money calls, and the declared JSON stores (the offline review
 * queue). The activity log is append-only; this transaction alone may rewrite a line's before/after (migration 0031).
 */
export async function scrubStored(tx: Tx, traces: PersonalTraces, stores: readonly PersonalJsonStore[]): Promise<Record<string, number>> {
  if (traces.empty) return {};
  const out: Record<string, number> = {};
  await tx.execute(sql`select set_config('studio.erasing', 'on', true)`);
  const L = activityLogTable;
  const lines = await tx.select({ id: L.id, before: L.before, after: L.after }).from(L).where(sql`${traces.mentionedIn(L.before)} or ${traces.mentionedIn(L.after)}`);
  for (const l of lines) await tx.update(L).set({ before: traces.scrub(l.before), after: traces.scrub(l.after) }).where(eq(L.id, l.id));
  await tx.execute(sql`select set_config('studio.erasing', 'off', true)`);
  out.activity_log = lines.length;
  const I = idempotencyKeysTable;
  const answers = await tx.select({ scope: I.scope, ref: I.client_ref, response: I.response }).from(I).where(traces.mentionedIn(I.response));
  for (const a of answers) await tx.update(I).set({ response: traces.scrub(a.response) }).where(and(eq(I.scope, a.scope), eq(I.client_ref, a.ref)));
  out.stored_answers = answers.length;
  for (const store of stores) {
    const key = col(store.table, store.key);
    const cols = store.columns.map((c) => col(store.table, c));
    const found = (await tx
      .select(Object.fromEntries([['key', key], ...store.columns.map((c, i) => [c, cols[i]!])]))
      .from(store.table)
      .where(sql.join(cols.map((c) => traces.mentionedIn(c)), sql` or `))) as Record<string, unknown>[];
    for (const row of found) {
      await tx
        .update(store.table)
        .set(Object.fromEntries(store.columns.map((c) => [c, traces.scrub(row[c])])) as never)
        .where(eq(key, row.key));
    }
    out[getTableName(store.table)] = found.length;
  }
  return out;
}
