import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_TOKEN_IDLE_DAYS, type RouteRole } from '@studio/shared';
import type { Db } from '../db/client.js';
import { apiTokensTable, usersTable } from '../db/schema.js';
import { forbidden, unauthenticated } from './errors.js';
import { TokenCache } from './token-cache.js';

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
 * The studio's `token_idle_days` setting in SQL (the default when unset or not a number): read in the token's own
 * lookup, so every API process applies a change at once.
 */
const idleDays = sql`coalesce((select case when jsonb_typeof(s.value) = 'number' then floor((s.value #>> '{}')::numeric)::int end from settings s where s.key = 'token_idle_days'), ${sql.raw(String(DEFAULT_TOKEN_IDLE_DAYS))})`;
/** A token not used for the idle days (its last use, or its sign-in) has expired (issue 19, item 5). */
export const tokenExpired = sql<boolean>`coalesce(${apiTokensTable.last_used_at}, ${apiTokensTable.created_at}) < now() - make_interval(days => ${idleDays})`;
/** A token's last use is written at most once an hour: a write per request would cost every call. */
const TOUCH_EVERY = sql`interval '1 hour'`;

/**
 * Bearer-token authentication and role checks, declared per route with
 * `config: { role }`. Routes under /api without a role make `app.ready()` fail,
 * so a forgotten declaration cannot ship as an open route.
 */
export function registerAuth(app: FastifyInstance, db: Db, { cacheTokens = false }: { cacheTokens?: boolean } = {}): void {
  // one statement, prepared on first use (named on PostgreSQL: parsed and planned once per connection)
  const prepareLookup = () =>
    db
      .select({
        user: usersTable,
        tokenId: apiTokensTable.id,
        expired: tokenExpired,
        stale: sql<boolean>`coalesce(${apiTokensTable.last_used_at}, ${apiTokensTable.created_at}) < now() - ${TOUCH_EVERY}`,
      })
      .from(apiTokensTable)
      .innerJoin(usersTable, eq(usersTable.id, apiTokensTable.user_id))
      .where(and(eq(apiTokensTable.token_hash, sql.placeholder('hash')), eq(usersTable.active, true)))
      .limit(1)
      .prepare('auth_token_lookup');
  let lookup: ReturnType<typeof prepareLookup> | undefined;
  // the embedded database only (see token-cache.ts): its one process sees every write to users and tokens
  const cache = cacheTokens ? new TokenCache<{ user: UserRow; tokenId: number }>() : undefined;
  const signedIn = async (hash: string) => {
    const hit = cache?.get(hash);
    if (hit) return hit;
    const generation = cache?.generation() ?? 0;
    lookup ??= prepareLookup();
    const [row] = await lookup.execute({ hash });
    if (!row) return undefined;
    if (row.expired) {
      // unused for longer than the studio allows: gone, and this device signs in again
      await db.delete(apiTokensTable).where(eq(apiTokensTable.id, row.tokenId));
      return undefined;
    }
    if (row.stale) await db.update(apiTokensTable).set({ last_used_at: sql`now()` }).where(eq(apiTokensTable.id, row.tokenId));
    const found = { user: row.user, tokenId: row.tokenId };
    // filled before the touch above moved the generation on: not kept (the next request fills it)
    cache?.set(hash, found, generation);
    return found;
  };

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
    const row = await signedIn(hashToken(match[1]!));
    if (!row) throw unauthenticated();
    // each request its own copy: a handler may not change what the next request is handed
    req.user = cache ? { ...row.user } : row.user;
    req.tokenId = row.tokenId;
    if (role === 'admin' && !isAdmin(row.user)) throw forbidden();
  });
}
