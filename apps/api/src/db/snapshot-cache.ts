import { sql } from 'drizzle-orm';
import { rows, type Db } from './client.js';

/** What the cache holds at most: answers (a name search's page of 20 orders is about 25 KB) and their total size. */
const MAX_ENTRIES = 200;
const MAX_CHARS = 8_000_000;

/**
 * Answers that depend only on the request and on the database's committed data, kept while nothing has been written
 * (decision 025, stop 29): each request reads `pg_current_snapshot()` (one tiny statement: 0.05 ms on PGlite) and an
 * answer is given again only if the snapshot is the one read before that answer was computed.
 *
 * Why that is exact: two equal snapshots see the same committed transactions. Any write commits a transaction with an
 * id, which moves the snapshot's xmax on (or takes the id out of its in-progress list), so once anything has been
 * written, every answer kept before it is never given again. An answer computed while a write committed is kept
 * under the snapshot read before it, which the next request no longer reads: it is never given. Reads never change
 * the snapshot. The snapshot is the database server's, not the process's, so the rule holds with several API processes
 * on PostgreSQL too; each process keeps its own answers. On PostgreSQL a commit in another database of the same server
 * moves it on as well: fewer answers given again there, never a wrong one.
 *
 * For an answer that is a function of the data alone: not of the time (no `now()` in it, no "today"), and not of
 * who asks (put the role in the key if it matters).
 */
export class SnapshotCache {
  private snapshot: string | null = null;
  private answers = new Map<string, string>();
  private chars = 0;
  /** Answers given again (the tests read it). */
  hits = 0;

  constructor(private readonly db: Db) {}

  async answer(key: string, compute: () => Promise<string>): Promise<string> {
    const [now] = await rows<{ s: string }>(this.db, sql`select pg_current_snapshot()::text as s`);
    const snapshot = now!.s;
    if (snapshot !== this.snapshot) {
      // something was written since: nothing kept can be given again
      this.answers.clear();
      this.chars = 0;
      this.snapshot = snapshot;
    }
    const kept = this.answers.get(key);
    if (kept !== undefined) {
      this.hits++;
      // the most recently used last (the map keeps insertion order): the oldest goes first when it is full
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    const value = await compute();
    // kept only under the snapshot read before computing it, and only if no later request has moved the cache on
    if (this.snapshot === snapshot && value.length <= MAX_CHARS / 4) {
      while (this.answers.size >= MAX_ENTRIES || (this.chars + value.length > MAX_CHARS && this.answers.size > 0)) {
        const oldest = this.answers.keys().next().value as string;
        this.chars -= this.answers.get(oldest)!.length;
        this.answers.delete(oldest);
      }
      this.answers.set(key, value);
      this.chars += value.length;
    }
    return value;
  }
}
