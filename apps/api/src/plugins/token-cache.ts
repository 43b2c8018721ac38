import { PgPreparedQuery } from 'drizzle-orm/pg-core';

/**
 * Signed-in callers by token hash, for the embedded database only: its data folder is locked to this
 * process (db/data-dir-lock.ts), so every write to the users and their tokens goes through this process's
 * drizzle and is seen here. Any insert, update or delete of `users` or `api_tokens` (a logout, a login
 * replacing a device's token, a password or role change, a deactivation, a delete; whatever route does
 * it) moves the process-wide generation on, and an entry filled under an older generation is never
 * answered again: revocation stays immediate. An entry filled while such a write ran (its lookup began
 * before) is not kept. Entries also expire after `ttlMs`. PostgreSQL may have other processes writing
 * (several API processes, a script), so there the app looks the token up every time (auth.ts).
 */
export class TokenCache<V> {
  private entries = new Map<string, { value: V; generation: number; at: number }>();
  constructor(
    private ttlMs = 10_000,
    private max = 1_000,
  ) {
    watchAuthWrites();
  }
  /** The generation to hand back to `set`: read it before looking the token up. */
  generation(): number {
    return generation;
  }
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.generation !== generation || Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: V, filledAt: number): void {
    if (filledAt !== generation) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, generation, at: Date.now() });
  }
}

let generation = 0;
let watching = false;
const AUTH_TABLES = new Set(['users', 'api_tokens']);
const RAW_AUTH_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?(users|api_tokens)"?\b/i;

/** Every statement drizzle sends passes here; a write to the users or their tokens moves the generation on, before and after it runs. */
function watchAuthWrites(): void {
  if (watching) return;
  watching = true;
  const prepared = PgPreparedQuery.prototype as unknown as { queryWithCache: (queryString: string, ...rest: unknown[]) => Promise<unknown> };
  const run = prepared.queryWithCache;
  prepared.queryWithCache = async function (this: { queryMetadata?: { type: string; tables: string[] } }, queryString: string, ...rest: unknown[]) {
    const meta = this.queryMetadata;
    const writes = meta ? meta.type !== 'select' && meta.tables.some((t) => AUTH_TABLES.has(t)) : RAW_AUTH_WRITE.test(queryString);
    if (!writes) return run.call(this, queryString, ...rest);
    generation++;
    try {
      return await run.call(this, queryString, ...rest);
    } finally {
      generation++;
    }
  };
}
