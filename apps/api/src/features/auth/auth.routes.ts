import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ne } from 'drizzle-orm';
import { MESSAGES, loginRequestSchema } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { apiTokensTable } from '../../db/schema.js';
import { currentUser, hashToken, newToken, tokenExpired } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { HttpError, invalidField } from '../../plugins/errors.js';
import { usersModule } from '../../resources/users/index.js';
import { LoginThrottle, type LoginThrottleOptions } from './login-throttle.js';
import { checkCredentials } from './check-credentials.js';

function deviceInfoText(info: unknown): string | null {
  if (info === undefined || info === null || info === '') return null;
  return (typeof info === 'string' ? info : JSON.stringify(info)).slice(0, 500);
}

/** The signed-in person's own record: without base pay (issue 32: an admin's figure, never sent to staff). */
function selfView(user: Parameters<typeof usersModule.toRecord>[0]) {
  const { base_pay: _pay, ...own } = usersModule.toRecord(user) as Record<string, unknown>;
  return own;
}

export function registerAuthRoutes(fastify: FastifyInstance, db: Db, throttleOptions: LoginThrottleOptions = {}): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(db, throttleOptions);
  app.post('/api/login', { config: { role: 'public' }, schema: { tags: ['Auth'], body: loginRequestSchema } }, async (req) => {
    const body = req.body;
    // counted before the (slow) password check: parallel guesses cannot all slip in before the first failure is recorded
    const check = await checkCredentials(db, throttle, body.username, body.password, req.ip);
    if (check.status === 'throttled') {
      throw new HttpError(429, `Too many login attempts. Please try again in ${check.retryAfter} seconds.`, undefined, { 'Retry-After': String(check.retryAfter) });
    }
    if (check.status === 'refused') throw invalidField('username', MESSAGES.badCredentials);
    const user = check.user;
    await throttle.succeeded(check.ticket);
    const deviceId = body.deviceId ?? crypto.randomUUID();
    const token = newToken();
    await db.transaction(async (tx) => {
      // one token per device: signing in again from it replaces the old one, in one statement so
      // two sign-ins from the same device at once (a double-clicked button) both succeed
      const values = { user_id: user.id, device_id: deviceId, device_info: deviceInfoText(body.deviceInfo), token_hash: hashToken(token) };
      await tx
        .insert(apiTokensTable)
        .values(values)
        .onConflictDoUpdate({ target: [apiTokensTable.user_id, apiTokensTable.device_id], set: { device_info: values.device_info, token_hash: values.token_hash, created_at: new Date(), last_used_at: null } });
      await recordActivity(tx, { user, action: 'login', resource: 'auth', recordId: user.id, after: { device_id: deviceId, ip: req.ip } });
      // this user's devices unused for longer than the studio allows: they would be refused anyway
      await tx.delete(apiTokensTable).where(and(eq(apiTokensTable.user_id, user.id), tokenExpired));
    });
    return { data: { ...selfView(user), tokens: [{ device_id: deviceId, api_token: token }] } };
  });

  app.post('/api/logout', { config: { role: 'staff' }, schema: { tags: ['Auth'] } }, async (req) => {
    const user = currentUser(req);
    await db.delete(apiTokensTable).where(eq(apiTokensTable.id, req.tokenId!));
    await recordActivity(db, { user, action: 'logout', resource: 'auth', recordId: user.id });
    return { data: { message: 'Logged out.' } };
  });

  // any signed-in person, for themselves: every other device of theirs signs in again; this one stays signed in
  app.post('/api/logout-others', { config: { role: 'staff' }, schema: { tags: ['Auth'] } }, async (req) => {
    const user = currentUser(req);
    const signedOut = await db.transaction(async (tx) => {
      const gone = await tx
        .delete(apiTokensTable)
        .where(and(eq(apiTokensTable.user_id, user.id), ne(apiTokensTable.id, req.tokenId!)))
        .returning({ device_id: apiTokensTable.device_id });
      await recordActivity(tx, { user, action: 'logout_others', resource: 'auth', recordId: user.id, after: { devices: gone.length } });
      return gone.length;
    });
    const message = signedOut === 0 ? 'No other device was signed in.' : `Signed out ${signedOut} other device${signedOut === 1 ? '' : 's'}.`;
    return { data: { message, signed_out: signedOut } };
  });

  app.get('/api/user', { config: { role: 'staff' }, schema: { tags: ['Auth'] } }, async (req) => ({ data: selfView(currentUser(req)) }));
}
