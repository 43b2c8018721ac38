import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { type DbOrTx, rows } from './client.js';

// Several reads sent as one statement answering one JSON value. On the embedded database (PGlite) every statement
// is a trip through its single-threaded engine and every row returned costs more than the same data as one text
// (decision 018: `select 1` 1.45 ms; 1,000 rows 8.3 ms, 1.7 ms as one JSON text), so a page that needs sixteen
// small reads pays for sixteen trips; as one statement it pays for one.

/** One read of a combined statement: its SQL as a JSON expression, and (for the types only) what it parses to. */
export interface JsonPart<T> {
  readonly json: SQL;
  /** never set: carries the parsed type */
  readonly parsed?: T;
}

/**
 * A query's rows as a JSON array of objects keyed by the query's column names (alias every column), in the
 * query's own order: an aggregate over a sorted subquery without a join reads it in that order.
 */
export const jsonRows = <T>(query: SQL): JsonPart<T[]> => ({ json: sql`(select coalesce(json_agg(x), '[]'::json) from (${query}) x)` });

/** A query's one row as a JSON object (null when it has none). */
export const jsonRow = <T>(query: SQL): JsonPart<T | null> => ({ json: sql`(select row_to_json(x) from (${query}) x)` });

/** A timestamp as JS's toISOString writes it (UTC, milliseconds, truncated as the drivers' dates are). */
export const isoText = (column: AnyColumn | SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Parsed<P> = { [K in keyof P]: P[K] extends JsonPart<infer T> ? T : never };

/**
 * Runs the parts as ONE statement (`select json_build_object('a', (...), 'b', (...))`) and parses the answer.
 * Keys are code, never input. At most 50 parts (json_build_object takes 100 arguments).
 * `split`: each part its own statement instead, sent side by side, for PostgreSQL, where a pool's connections run them
 * at once (one statement runs its parts one after another in one backend) and a statement costs little; the same SQL
 * and the same answer either way.
 *
 * @example
 *   const { counts, newest } = await oneStatement(db, {
 *     counts: jsonRow<{ n: number }>(sql`select count(*)::int as n from orders`),
 *     newest: jsonRows<{ id: number }>(sql`select id from orders order by id desc limit 5`),
 *   });
 */
export async function oneStatement<P extends Record<string, JsonPart<unknown>>>(db: DbOrTx, parts: P, { split = false } = {}): Promise<Parsed<P>> {
  const entries = Object.entries(parts);
  for (const [key] of entries) if (!/^[a-z_]+$/.test(key)) throw new Error(`oneStatement: a key is a plain name, not ${key}`);
  if (split) {
    const answers = await Promise.all(entries.map(async ([, part]) => (await rows<{ json: string | null }>(db, sql`select ${part.json}::text as json`))[0]!.json));
    return Object.fromEntries(entries.map(([key], i) => [key, answers[i] === null ? null : JSON.parse(answers[i]!)])) as Parsed<P>;
  }
  const pairs = entries.map(([key, part]) => sql`${sql.raw(`'${key}'`)}, ${part.json}`);
  const [r] = await rows<{ json: string }>(db, sql`select json_build_object(${sql.join(pairs, sql`, `)})::text as json`);
  return JSON.parse(r!.json) as Parsed<P>;
}
