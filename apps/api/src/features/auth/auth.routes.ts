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
import { LoginThrottle } from './login-throttle.js';
import { verifyPassword } from './passwords.js';

function deviceInfoText(info: unknown): string | null {
  if (info === undefined || info === null || info === '') return null;
  return (typeof info === 'string' ? info : JSON.stringify(info)).slice(0, 500);
}

export function registerAuthRoutes(fastify: FastifyInstance, db: Db, throttle = new LoginThrottle()): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/login', { config: { role: 'public' }, schema: { tags: ['Auth'], body: loginRequestSchema } }, async (req) => {
    const body = req.body;
    const key = LoginThrottle.key(body.username, req.ip);
    const wait = throttle.retryAfter(key);
    if (wait > 0) {
      throw new HttpError(429, `Too many login attempts. Please try again in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });
    }
    const [user] = await db.select().from(usersTable).where(lowerEq(usersTable.username, body.username.trim())).limit(1);
    const ok = await verifyPassword(user?.password_hash, body.password);
    if (!user || !ok || !user.active) {
      throttle.fail(key);
      throw invalidField('username', MESSAGES.badCredentials);
    }
    throttle.clear(key);
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
      await recordActivity(tx, { user, action: 'login', resource: 'auth', recordId: user.id, after: { device_id: deviceId } });
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
