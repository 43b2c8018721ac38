import { and, eq, lt, sql } from 'drizzle-orm';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { loginThrottleTable as T } from './login-throttle.table.js';

export interface LoginThrottleOptions {
  /** Attempts allowed per key in one window (the contract's 5). */
  max?: number;
  /** Length of a window in seconds (the contract's 60). */
  windowSeconds?: number;
}

/** What the password check may go on with: this attempt's place in its window, to take back on success. */
export interface LoginTicket {
  key: string;
  attempts: number;
  windowStartedAt: Date;
}

export type LoginAttempt = { allowed: true; ticket: LoginTicket } | { allowed: false; retryAfter: number };

/**
 * The name a login attempt is counted under: trimmed, spaces collapsed, lower-cased after Unicode
 * compatibility folding, so `Admin`, ` admin ` and `ＡＤＭＩＮ` are one name.
 */
export function normaliseUsername(username: string): string {
  return username.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 150);
}

/**
 * Counts login attempts per username and client address in the database.
 *
 * Every attempt is counted BEFORE its password is checked, in one atomic upsert that returns the
 * count: of any number of parallel guesses at most `max` per window reach the password check, and the
 * rest are refused without it. A success takes back the attempts counted up to and including itself
 * (the failures before it are forgiven, as the contract's "a success clears the count"), so signing in
 * correctly never adds up; attempts made meanwhile stay counted. The window is fixed: it starts at the
 * first attempt and lasts `windowSeconds`; the count survives a restart and is shared by every app
 * process on the database. Times are the database's clock, one for all processes.
 */
export class LoginThrottle {
  private readonly max: number;
  private readonly windowSeconds: number;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    { max = LOGIN_MAX_FAILURES, windowSeconds = LOGIN_WINDOW_SECONDS }: LoginThrottleOptions = {},
  ) {
    this.max = max;
    this.windowSeconds = windowSeconds;
  }

  /** The key of an attempt: the user it names (by id, when one exists) or else the normalised name, and the address. */
  static key(who: { userId: number } | { username: string }, address: string): string {
    const name = 'userId' in who ? `#${who.userId}` : `@${normaliseUsername(who.username)}`;
    return `${name}|${address.slice(0, 45)}`;
  }

  /** Counts one attempt and says whether its password may be checked, or how many seconds to wait. */
  async attempt(key: string): Promise<LoginAttempt> {
    const window = sql`(${this.windowSeconds} * interval '1 second')`;
    const expired = sql`${T.window_started_at} <= now() - ${window}`;
    const nowMs = sql`date_trunc('milliseconds', now())`;
    const [row] = await this.db
      .insert(T)
      .values({ key, attempts: 1, window_started_at: nowMs })
      .onConflictDoUpdate({
        target: T.key,
        set: {
          attempts: sql`case when ${expired} then 1 else ${T.attempts} + 1 end`,
          window_started_at: sql`case when ${expired} then ${nowMs} else ${T.window_started_at} end`,
        },
      })
      .returning({
        attempts: T.attempts,
        windowStartedAt: T.window_started_at,
        retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${T.window_started_at} + ${window} - now())))::int`.mapWith(Number),
      });
    if (!row) throw new Error('login throttle: the upsert returned no row');
    if (row.attempts > this.max) return { allowed: false, retryAfter: row.retryAfter };
    return { allowed: true, ticket: { key, attempts: row.attempts, windowStartedAt: row.windowStartedAt } };
  }

  /** A right password: forgive the attempts counted up to this one, in its window (a later window owes nothing). */
  async succeeded(ticket: LoginTicket): Promise<void> {
    await this.db
      .update(T)
      .set({ attempts: sql`greatest(${T.attempts} - ${ticket.attempts}, 0)` })
      .where(and(eq(T.key, ticket.key), eq(T.window_started_at, ticket.windowStartedAt)));
  }

  /** A wrong password stays counted; now and then the windows that are over are removed (at most once a minute per process). */
  async failed(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await this.db.delete(T).where(lt(T.window_started_at, sql`now() - (${this.windowSeconds} * interval '1 second')`));
  }
}
