import { and, asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PER_PAGE_DEFAULT, type ListQuery, type Paged } from '@studio/shared';
import type { DbOrTx } from '../db/client.js';
import type { AnyTable } from './define-crud-module.js';

/** `%text%` for ILIKE with the wildcards in the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchCondition(table: AnyTable, columns: readonly string[], text: string): SQL | undefined {
  const pattern = containsPattern(text);
  return or(...columns.map((c) => ilike(table[c] as AnyPgColumn, pattern)));
}

export interface ListOptions {
  table: AnyTable;
  where?: SQL;
  sortable: readonly string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  searchable: readonly string[];
  query: ListQuery;
}

/**
 * The one list query every resource uses: filter, search (`q`), sort (only on
 * declared columns, `id` breaking ties so pages are stable) and, when `page` is
 * given, paging with the Laravel envelope.
 */
export async function listRows<Row>(db: DbOrTx, opts: ListOptions): Promise<{ rows: Row[]; paging?: Omit<Paged<Row>, 'data'> }> {
  const { table, query } = opts;
  const where = and(opts.where, query.q ? searchCondition(table, opts.searchable, query.q) : undefined);
  const field = query.sort && opts.sortable.includes(query.sort) ? query.sort : opts.defaultSort.field;
  const order = query.sort && opts.sortable.includes(query.sort) ? (query.order ?? 'asc') : (query.order ?? opts.defaultSort.order);
  const dir = order === 'asc' ? asc : desc;
  const orderBy = [dir(table[field] as AnyPgColumn), dir(table.id)];
  const base = db.select().from(table).where(where).orderBy(...orderBy);
  if (query.page === undefined) return { rows: (await base) as Row[] };
  const perPage = query.per_page ?? PER_PAGE_DEFAULT;
  const [{ total }] = (await db.select({ total: count() }).from(table).where(where)) as [{ total: number }];
  const rows = (await base.limit(perPage).offset((query.page - 1) * perPage)) as Row[];
  return {
    rows,
    paging: { current_page: query.page, last_page: Math.max(1, Math.ceil(Number(total) / perPage)), per_page: perPage, total: Number(total) },
  };
}

export const lowerEq = (col: AnyPgColumn, value: string) => sql`lower(${col}) = lower(${value})`;
