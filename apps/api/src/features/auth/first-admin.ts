import crypto from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { usersTable } from '../../db/schema.js';
import { hashPassword } from './passwords.js';

/**
 * On an empty database, creates the first admin from ADMIN_USERNAME/ADMIN_PASSWORD,
 * or `admin` with a random password that is returned to be printed once.
 */
export async function ensureFirstAdmin(db: Db, username?: string, password?: string): Promise<{ username: string; password?: string } | undefined> {
  const [{ n }] = (await db.select({ n: count() }).from(usersTable)) as [{ n: number }];
  if (Number(n) > 0) return undefined;
  const name = username ?? 'admin';
  const generated = password ? undefined : crypto.randomBytes(9).toString('base64url');
  await db.insert(usersTable).values({
    name: 'Studio Admin',
    username: name,
    role: 'Administrator',
    is_admin: 1,
    active: true,
    password_hash: await hashPassword(password ?? generated!),
  });
  return { username: name, password: generated };
}

/**
 * When ADMIN_USERNAME or ADMIN_PASSWORD is set but the database already has users (so `ensureFirstAdmin`
 * did nothing), the sentence that says so at start: they only make the first admin of an empty database and
 * never change an existing password. Undefined when neither is set.
 */
export async function ignoredAdminSettings(db: Db, username?: string, password?: string): Promise<string | undefined> {
  if (!username && !password) return undefined;
  const set = [username && 'ADMIN_USERNAME', password && 'ADMIN_PASSWORD'].filter(Boolean).join(' and ');
  const admins = await db.select({ username: usersTable.username }).from(usersTable).where(and(eq(usersTable.is_admin, 1), eq(usersTable.active, true))).orderBy(usersTable.id).limit(5);
  const [existing] = username ? await db.select({ username: usersTable.username }).from(usersTable).where(sql`lower(${usersTable.username}) = lower(${username})`).limit(1) : [];
  const who = existing
    ? `The user "${existing.username}" exists; its password is the one it was given (ADMIN_PASSWORD does not change it: an admin changes passwords under the profile menu or Manage Staff).`
    : `Sign in as an existing admin${admins.length ? ` (${admins.map((a) => `"${a.username}"`).join(', ')})` : ''}.`;
  return `${set} ${username && password ? 'are' : 'is'} ignored: the database already has users, and they only create the first admin of an empty database. ${who}`;
}
