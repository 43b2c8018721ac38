import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { RouteRole } from '@studio/shared';
import type { Db } from '../db/client.js';
import { apiTokensTable, usersTable } from '../db/schema.js';
import { forbidden, unauthenticated } from './errors.js';

export type UserRow = typeof usersTable.$inferSelect;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must say; the app refuses to start otherwise. */
    role?: RouteRole;
  }
  interface FastifyRequest {
    user: UserRow | null;
    tokenId: number | null;
  }
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
/** 256 random bits, URL-safe. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

/** The signed-in caller; only for routes whose role is not public. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthenticated();
  return req.user;
}

export const isAdmin = (user: UserRow) => user.is_admin === 1;

/**
 * Bearer-token authentication and role checks, declared per route with
 * `config: { role }`. Routes under /api without a role make `app.ready()` fail,
 * so a forgotten declaration cannot ship as an open route.
 */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), role: 'public' };
      return;
    }
    const role = (route.config as { role?: RouteRole } | undefined)?.role;
    if (!role) throw new Error(`Route ${String(route.method)} ${route.url} declares no role`);
  });

  app.addHook('onRequest', async (req) => {
    const role = req.routeOptions.config?.role;
    if (!role || role === 'public') return;
    const header = req.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) throw unauthenticated();
    const [row] = await db
      .select({ user: usersTable, tokenId: apiTokensTable.id })
      .from(apiTokensTable)
      .innerJoin(usersTable, eq(usersTable.id, apiTokensTable.user_id))
      .where(and(eq(apiTokensTable.token_hash, hashToken(match[1]!)), eq(usersTable.active, true)))
      .limit(1);
    if (!row) throw unauthenticated();
    req.user = row.user;
    req.tokenId = row.tokenId;
    if (role === 'admin' && !isAdmin(row.user)) throw forbidden();
  });
}
