import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PER_PAGE_DEFAULT, type ListQuery, type ListSummary, type Paged, type ResourceDefinition } from '@studio/shared';
import type { DbOrTx } from '../db/client.js';
import type { AnyTable } from './define-crud-module.js';

/** `%text%` for ILIKE with the wildcards in the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The resource's search: each searchable column contains the text (case-insensitive). A `phone` column is also
 * compared digit by digit when the text is a number however typed: `0809 777 4242`, `0809-777` and `8097774242` find
 * `+2348097774242` and `08097774242` alike (the trunk 0 dropped, as a +234 number has none).
 */
export function searchCondition(table: AnyTable, columns: readonly string[], text: string): SQL | undefined {
  const pattern = containsPattern(text);
  const digits = /^[\d\s().+-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const phoneDigits = digits.length >= 3 ? [...new Set([digits, digits.replace(/^0/, '')])].filter((d) => d.length >= 3) : [];
  const phones = columns.filter((c) => c === 'phone').flatMap((c) => phoneDigits.map((d) => sql`regexp_replace(${table[c] as AnyPgColumn}, '[^0-9]', '', 'g') like ${`%${d}%`}`));
  return or(...columns.map((c) => ilike(table[c] as AnyPgColumn, pattern)), ...phones);
}

export interface ListOptions {
  table: AnyTable;
  where?: SQL;
  sortable: readonly string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  searchable: readonly string[];
  /** Money columns summed over the whole list (not the page) into `summary`. */
  totals?: readonly string[];
  /** Fields computed in SQL, selected with the columns and sortable like them. */
  computed?: Record<string, SQL>;
  /** The rows the totals sum (all listed rows when unset): a cancelled booking is listed but books and owes nothing. */
  totalsWhere?: SQL;
  query: ListQuery;
}

export type ListPage<Row> = { rows: Row[]; paging?: Omit<Paged<Row>, 'data'>; summary?: ListSummary };

/**
 * The one list query every resource uses: filter, search (`q`), sort (only on
 * declared columns, `id` breaking ties so pages are stable), when `page` is
 * given paging with the Laravel envelope, and the declared totals over the whole list.
 */
export async function listRows<Row>(db: DbOrTx, opts: ListOptions): Promise<ListPage<Row>> {
  const { table, query } = opts;
  const where = and(opts.where, query.q ? searchCondition(table, opts.searchable, query.q) : undefined);
  const known = query.sort !== undefined && opts.sortable.includes(query.sort);
  const field = known ? query.sort! : opts.defaultSort.field;
  const order = known ? (query.order ?? 'asc') : (query.order ?? opts.defaultSort.order);
  const dir = order === 'asc' ? asc : desc;
  const computed = opts.computed ?? {};
  const orderBy = [dir(computed[field] ?? (table[field] as AnyPgColumn)), dir(table.id)];
  const base = db
    .select({ ...getTableColumns(table), ...computed })
    .from(table)
    .where(where)
    .orderBy(...orderBy);
  const totals = opts.totals ?? [];
  // one aggregate gives both the row count for paging and the declared totals
  const needAggregate = query.page !== undefined || totals.length > 0;
  const perPage = query.per_page ?? PER_PAGE_DEFAULT;
  const [aggregate, rows] = await Promise.all([
    needAggregate
      ? db
          .select({
            total: count(),
            ...Object.fromEntries(
              totals.map((k) => [
                k,
                opts.totalsWhere
                  ? sql<string>`coalesce(sum(${computed[k] ?? (table[k] as AnyPgColumn)}) filter (where ${opts.totalsWhere}), 0)::text`
                  : sql<string>`coalesce(sum(${computed[k] ?? (table[k] as AnyPgColumn)}), 0)::text`,
              ]),
            ),
          })
          .from(table)
          .where(where)
      : Promise.resolve(undefined),
    query.page === undefined ? base : base.limit(perPage).offset((query.page - 1) * perPage),
  ]);
  const agg = aggregate?.[0] as Record<string, string | number> | undefined;
  const total = Number(agg?.total ?? 0);
  const summary = totals.length ? ({ count: total, ...Object.fromEntries(totals.map((k) => [k, Number(agg?.[k] ?? 0)])) } as ListSummary) : undefined;
  return {
    rows: rows as Row[],
    summary,
    paging:
      query.page === undefined ? undefined : { current_page: query.page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  };
}

export const lowerEq = (col: AnyPgColumn, value: string) => sql`lower(${col}) = lower(${value})`;

/** The column a filter key bounds: `balance_min` → balance (≥), `event_date_to` → event_date (≤), else equality. */
export function filterTarget(key: string): { column: string; op: 'eq' | 'gte' | 'lte' } {
  const m = key.match(/^(.+)_(min|from|max|to)$/);
  if (!m) return { column: key, op: 'eq' };
  return { column: m[1]!, op: m[2] === 'min' || m[2] === 'from' ? 'gte' : 'lte' };
}

/** Conditions for the resource's declared filters present in the query (on a column, or a computed field). */
export function filterCondition(table: AnyTable, filters: readonly string[], query: Record<string, unknown>, computed: Record<string, SQL> = {}): SQL | undefined {
  return and(
    ...filters
      .filter((k) => query[k] !== undefined)
      .map((k) => {
        const { column, op } = filterTarget(k);
        const col = computed[column] ?? (table[column] as AnyPgColumn);
        return op === 'eq' ? eq(col, query[k]) : op === 'gte' ? gte(col, query[k]) : lte(col, query[k]);
      }),
  );
}

/**
 * Every column name a resource declares (sortable, searchable, filters, totals, default and list orders)
 * must be a real column of its table: checked when the app starts, so no sort or filter can reach SQL as
 * a missing column (a 500). Throws naming each mistake.
 */
export function checkDeclaredColumns(resource: ResourceDefinition, table: AnyTable, extra: readonly string[] = [], computedNames: readonly string[] = []): void {
  const columns = new Set([...Object.keys(getTableColumns(table)), ...computedNames]);
  const named: [string, string][] = [
    ...resource.sortable.map((c) => ['sortable', c] as [string, string]),
    ...resource.searchable.map((c) => ['searchable', c] as [string, string]),
    ...Object.keys(resource.filters?.shape ?? {}).map((k) => ['filters', filterTarget(k).column] as [string, string]),
    ...resource.totals.map((c) => ['totals', c] as [string, string]),
    ['defaultSort', resource.defaultSort.field],
    ...Object.entries(resource.lists).flatMap(([name, l]) => (l.order ? [[`lists.${name}.order`, l.order.field] as [string, string]] : [])),
    ...Object.keys(resource.references).map((c) => ['references', c] as [string, string]),
    ...extra.map((c) => ['ledger', c] as [string, string]),
  ];
  const wrong = named.filter(([, c]) => !columns.has(c)).map(([where, c]) => `${where}: ${c}`);
  if (wrong.length) throw new Error(`Resource ${resource.name} names columns its table lacks: ${wrong.join(', ')}`);
  const searchableText = resource.searchable.filter((c) => {
    const col = getTableColumns(table)[c] as AnyPgColumn | undefined;
    return col && col.dataType !== 'string';
  });
  if (searchableText.length) throw new Error(`Resource ${resource.name} searches non-text columns: ${searchableText.join(', ')}`);
}
