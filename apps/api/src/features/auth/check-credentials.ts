import type { Db } from '../../db/client.js';
import { usersTable } from '../../db/schema.js';
import { lowerEq } from '../../crud/list-query.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { LoginThrottle, normaliseUsername, type LoginTicket } from './login-throttle.js';
import { verifyPassword } from './passwords.js';

type UserRecord = typeof usersTable.$inferSelect;
export type CredentialsCheck = { status: 'throttled'; retryAfter: number } | { status: 'refused' } | { status: 'ok'; user: UserRecord; ticket: LoginTicket };

/**
 * A sign-in check, the one POST /api/login and an admin's approval at the till share. The user is found by the
 * normalised name (case, spaces, full-width letters); the attempt is counted BEFORE the slow password check, in
 * one atomic statement, against the user when the name finds one (so no spelling and no second door gets round
 * it); a refusal is logged as `login_failed` (never the password) and counted as failed. On `ok` the caller
 * decides whether the attempt is forgiven (`throttle.succeeded(ticket)`).
 */
export async function checkCredentials(db: Db, throttle: LoginThrottle, username: string, password: string, ip: string, logged: Record<string, unknown> = {}): Promise<CredentialsCheck> {
  const [user] = await db.select().from(usersTable).where(lowerEq(usersTable.username, normaliseUsername(username))).limit(1);
  const attempt = await throttle.attempt(LoginThrottle.key(user ? { userId: user.id } : { username }, ip));
  if (!attempt.allowed) return { status: 'throttled', retryAfter: attempt.retryAfter };
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok || !user.active) {
    await recordActivity(db, { user: null, action: 'login_failed', resource: 'auth', recordId: user?.id ?? null, after: { username: username.slice(0, 100), ip, ...logged } });
    await throttle.failed();
    return { status: 'refused' };
  }
  return { status: 'ok', user, ticket: attempt.ticket };
}
