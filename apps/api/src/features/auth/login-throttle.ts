import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from '@studio/shared';

/**
 * Counts failed logins per username and address in a sliding window. Only
 * failures count, so a benchmark or a busy counter signing in correctly is never slowed.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly max = LOGIN_MAX_FAILURES,
    private readonly windowMs = LOGIN_WINDOW_SECONDS * 1000,
    private readonly now = () => Date.now(),
  ) {}

  static key(username: string, address: string): string {
    return `${username.trim().toLowerCase()}|${address}`;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.max) return 0;
    return Math.max(1, Math.ceil((list[list.length - this.max]! + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 10_000) for (const k of [...this.failures.keys()].slice(0, 1000)) this.recent(k);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}
