import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { MESSAGES, loginRequestSchema } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { apiTokensTable, usersTable } from '../../db/schema.js';
import { lowerEq } from '../../crud/list-query.js';
import { currentUser, hashToken, newToken } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { HttpError, invalidField } from '../../plugins/errors.js';
import { usersModule } from '../../resources/users/users.module.js';
import { LoginThrottle, normaliseUsername, type LoginThrottleOptions } from './login-throttle.js';
import { verifyPassword } from './passwords.js';

function deviceInfoText(info: unknown): string | null {
  if (info === undefined || info === null || info === '') return null;
  return (typeof info === 'string' ? info : JSON.stringify(info)).slice(0, 500);
}

export function registerAuthRoutes(fastify: FastifyInstance, db: Db, throttleOptions: LoginThrottleOptions = {}): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(db, throttleOptions);
  app.post('/api/login', { config: { role: 'public' }, schema: { tags: ['Auth'], body: loginRequestSchema } }, async (req) => {
    const body = req.body;
    // usernames are ASCII; a name that only differs by case, spaces or full-width letters is the same name
    const [user] = await db.select().from(usersTable).where(lowerEq(usersTable.username, normaliseUsername(body.username))).limit(1);
    // Counted before the (slow) password check, in one atomic statement: parallel guesses cannot all
    // slip in before the first failure is recorded. Any spelling that finds a user counts against that user.
    const attempt = await throttle.attempt(LoginThrottle.key(user ? { userId: user.id } : { username: body.username }, req.ip));
    if (!attempt.allowed) {
      const wait = attempt.retryAfter;
      throw new HttpError(429, `Too many login attempts. Please try again in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });
    }
    const ok = await verifyPassword(user?.password_hash, body.password);
    if (!user || !ok || !user.active) {
      // who tried which name from where; never the password
      await recordActivity(db, { user: null, action: 'login_failed', resource: 'auth', recordId: user?.id ?? null, after: { username: body.username.slice(0, 100), ip: req.ip } });
      await throttle.failed();
      throw invalidField('username', MESSAGES.badCredentials);
    }
    await throttle.succeeded(attempt.ticket);
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
    });
    return { data: { ...usersModule.toRecord(user), tokens: [{ device_id: deviceId, api_token: token }] } };
  });

  app.post('/api/logout', { config: { role: 'staff' }, schema: { tags: ['Auth'] } }, async (req) => {
    const user = currentUser(req);
    await db.delete(apiTokensTable).where(eq(apiTokensTable.id, req.tokenId!));
    await recordActivity(db, { user, action: 'logout', resource: 'auth', recordId: user.id });
    return { data: { message: 'Logged out.' } };
  });

  app.get('/api/user', { config: { role: 'staff' }, schema: { tags: ['Auth'] } }, async (req) => ({ data: usersModule.toRecord(currentUser(req)) }));
}
