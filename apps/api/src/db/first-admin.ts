import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from './client.js';
import { usersTable } from './schema.js';
import { hashPassword } from '../features/auth/passwords.js';

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
