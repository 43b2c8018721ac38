import { PGlite } from '@electric-sql/pglite';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { type DbOrTx, renderedQuery, rows } from './client.js';

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

const ISO_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** A timestamp as JS's toISOString writes it (UTC, milliseconds, truncated as the drivers' dates are). */
export const isoText = (column: AnyColumn | SQL): SQL => sql`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_FORMAT)})`;
/** isoText for SQL written as text, a column by its name (`o.created_at`). */
export const isoTextOf = (column: string): string => `to_char(${column} at time zone 'UTC', ${ISO_FORMAT})`;

type Parsed<P> = { [K in keyof P]: P[K] extends JsonPart<infer T> ? T : never };

/** Where `oneStatement` sends its parts: one statement, each part its own statement, or one statement prepared once. */
export interface OneStatementOptions {
  /**
   * Each part its own statement instead, sent side by side, for PostgreSQL, where a pool's connections run them at once
   * (one statement runs its parts one after another in one backend) and a statement costs little.
   */
  split?: boolean;
  /**
   * The embedded database (PGlite, one session) prepares the statement once under this name (`PREPARE`, its values
   * written into its text) and then only executes it (`EXECUTE`): the engine neither parses nor plans it again while the
   * values stay the same (decision 018: planning was half of the dashboard's time on PGlite). A statement without
   * parameters is planned once, with the very values a one-off statement would be planned with, and kept until a schema
   * change or an ANALYZE makes PostgreSQL plan it again by itself; new values (the next day) prepare it again under a
   * new name and drop the old one. Elsewhere (a pool, whose statements go to any of its connections, or a transaction)
   * the statement is sent as it is. The values must be code's (dates, constants), never input: they are written into
   * the SQL text (strings, numbers, booleans; anything else throws).
   */
  prepared?: string;
}

/**
 * Runs the parts as ONE statement (`select json_build_object('a', (...), 'b', (...))`) and parses the answer.
 * Keys are code, never input. At most 50 parts (json_build_object takes 100 arguments).
 * The same SQL and the same answer whichever way it is sent (`OneStatementOptions`).
 *
 * @example
 *   const { counts, newest } = await oneStatement(db, {
 *     counts: jsonRow<{ n: number }>(sql`select count(*)::int as n from orders`),
 *     newest: jsonRows<{ id: number }>(sql`select id from orders order by id desc limit 5`),
 *   });
 */
export async function oneStatement<P extends Record<string, JsonPart<unknown>>>(db: DbOrTx, parts: P, { split = false, prepared }: OneStatementOptions = {}): Promise<Parsed<P>> {
  const entries = Object.entries(parts);
  for (const [key] of entries) if (!/^[a-z_]+$/.test(key)) throw new Error(`oneStatement: a key is a plain name, not ${key}`);
  if (split) {
    const answers = await Promise.all(entries.map(async ([, part]) => (await rows<{ json: string | null }>(db, sql`select ${part.json}::text as json`))[0]!.json));
    return Object.fromEntries(entries.map(([key], i) => [key, answers[i] === null ? null : JSON.parse(answers[i]!)])) as Parsed<P>;
  }
  const pairs = entries.map(([key, part]) => sql`${sql.raw(`'${key}'`)}, ${part.json}`);
  const statement = sql`select json_build_object(${sql.join(pairs, sql`, `)})::text as json`;
  const [r] = prepared === undefined ? await rows<{ json: string }>(db, statement) : await executePrepared<{ json: string }>(db, prepared, statement);
  return JSON.parse(r!.json) as Parsed<P>;
}

interface KeptStatement {
  text: string;
  name: string;
  /** settles when the statement is prepared (and the one it replaces dropped) */
  ready: Promise<void>;
}

/** The statements prepared in each database's session, by the name the caller gave. */
const keptStatements = new WeakMap<object, Map<string, KeptStatement>>();
let preparedCount = 0;

/** The statement's text with its values written in; only code's own plain values are accepted. */
function inlinedText(db: DbOrTx, statement: SQL): string {
  for (const value of renderedQuery(db, statement).params) {
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) throw new Error(`oneStatement: a prepared statement takes plain values, not ${typeof value}`);
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`oneStatement: a prepared statement takes finite numbers, not ${value}`);
  }
  return renderedQuery(db, sql`${statement}`.inlineParams()).sql;
}

/** `EXECUTE`s the statement prepared under `key` in this session, preparing it first when its text is new. */
async function executePrepared<T>(db: DbOrTx, key: string, statement: SQL): Promise<T[]> {
  if (!/^[a-z_]+$/.test(key)) throw new Error(`oneStatement: a prepared statement's name is a plain name, not ${key}`);
  // a pool's statements may each go to another connection, where a prepared one is unknown
  if (!((db as { $client?: unknown }).$client instanceof PGlite)) return rows<T>(db, statement);
  const text = inlinedText(db, statement);
  const kept = keptStatements.get(db) ?? keptStatements.set(db, new Map()).get(db)!;
  const keep = () => {
    const before = kept.get(key);
    const name = `${key}_${++preparedCount}`;
    const ready = (async () => {
      if (before) {
        await before.ready.catch(() => {});
        await db.execute(sql.raw(`deallocate ${before.name}`)).catch(() => {});
      }
      await db.execute(sql.raw(`prepare ${name} as ${text}`));
    })();
    const entry = { text, name, ready };
    kept.set(key, entry);
    // a failed PREPARE is tried again by the next call
    ready.catch(() => kept.get(key) === entry && kept.delete(key));
    return entry;
  };
  let entry = kept.get(key);
  if (entry?.text !== text) entry = keep();
  await entry.ready;
  try {
    return await rows<T>(db, sql.raw(`execute ${entry.name}`));
  } catch (err) {
    // 26000: the session lost it (a DISCARD, a restarted engine): prepare it again once
    const { code, cause } = err as { code?: string; cause?: { code?: string } };
    if ((code ?? cause?.code) !== '26000') throw err;
    if (kept.get(key) === entry) kept.delete(key);
    const now = kept.get(key);
    // replaced meanwhile by other values (a request of the next day): this once, the statement as it is
    if (now && now.text !== text) return rows<T>(db, statement);
    entry = now ?? keep();
    await entry.ready;
    return rows<T>(db, sql.raw(`execute ${entry.name}`));
  }
}
