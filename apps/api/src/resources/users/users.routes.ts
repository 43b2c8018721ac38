import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ne } from 'drizzle-orm';
import { passwordChangeSchema, passwordProblem } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { findRow } from '../../crud/register-crud-routes.js';
import { idParams, parseId } from '../../plugins/request.js';
import { currentUser, isAdmin } from '../../plugins/auth.js';
import { recordActivity } from '../../plugins/activity-log.js';
import { forbidden, HttpError, invalidField, notFound } from '../../plugins/errors.js';
import { hashPassword, checkCredentials } from '../../features/auth/index.js';
import { apiTokensTable, usersTable } from './users.table.js';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Image type from the file's first bytes, not from what the client claims. */
function imageExtension(buf: Buffer): string | undefined {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length > 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

type UserRow = typeof usersTable.$inferSelect;

/** The bytes of the multipart field `photo`. A broken body (no boundary, cut short) is the caller's bad input: 422, not 500. */
async function readPhoto(req: FastifyRequest): Promise<Buffer> {
  let buf: Buffer | undefined;
  try {
    const file = await req.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
    if (file?.fieldname === 'photo') buf = await file.toBuffer();
  } catch (err) {
    // the multipart plugin's own errors carry a status (413 over the size limit); the parser's do not
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw invalidField('photo', 'The photo upload could not be read.');
  }
  if (!buf) throw invalidField('photo', 'The photo field is required.');
  return buf;
}

export function registerUserRoutes(fastify: FastifyInstance, { db, module }: { db: Db; module: { toRecord(row: UserRow): unknown } }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const toRecord = (row: UserRow) => module.toRecord(row);

  /** Staff may change only their own password, and must give the current one; admins may set anyone's. */
  app.put('/api/users/password/:id', { config: { role: 'staff' }, schema: { tags: ['Staff'], params: idParams, body: passwordChangeSchema } }, async (req) => {
    const caller = currentUser(req);
    const id = parseId(req.params.id, 'Staff member');
    const own = id === caller.id;
    if (!own && !isAdmin(caller)) throw forbidden();
    const body = req.body;
    const target = await findRow(db, usersTable, id);
    if (!target) throw notFound('Staff member');
    if (own) {
      if (!body.current_password) throw invalidField('current_password', 'The current password field is required.');
      // a sign-in like any other: counted by the login throttle (the same key as POST /api/login) before the slow check
      const check = await checkCredentials(db, fastify.loginThrottle, target.username, body.current_password, req.ip, { for: 'current_password' });
      if (check.status === 'throttled') {
        const message = `Too many sign-in attempts. Please try again in ${check.retryAfter} seconds.`;
        throw new HttpError(422, message, { current_password: [message] }, { 'Retry-After': String(check.retryAfter) });
      }
      if (check.status === 'refused') throw invalidField('current_password', 'The current password is incorrect.');
      await fastify.loginThrottle.succeeded(check.ticket);
    }
    // the schema checked length and the common list; the username is the target's
    const problem = passwordProblem(body.password, target.username);
    if (problem) throw invalidField('password', problem);
    const password_hash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await tx.update(usersTable).set({ password_hash, updated_at: new Date() }).where(eq(usersTable.id, id));
      // every other signed-in device of that user must sign in again with the new password
      await tx.delete(apiTokensTable).where(and(eq(apiTokensTable.user_id, id), own ? ne(apiTokensTable.id, req.tokenId!) : undefined));
      await recordActivity(tx, { user: caller, action: 'password', resource: 'users', recordId: id });
    });
    return { data: toRecord(target) };
  });

  app.post('/api/users/:id/photo', { config: { role: 'admin' }, schema: { tags: ['Staff'], params: idParams, consumes: ['multipart/form-data'] } }, async (req) => {
    const caller = currentUser(req);
    const id = parseId(req.params.id, 'Staff member');
    const target = await findRow(db, usersTable, id);
    if (!target) throw notFound('Staff member');
    if (!req.isMultipart()) throw invalidField('photo', 'The photo field must be a file upload (multipart/form-data).');
    const buf = await readPhoto(req);
    const ext = imageExtension(buf);
    if (!ext) throw invalidField('photo', 'The photo must be a JPEG, PNG or WebP image.');
    const uploads = app.uploadsDir;
    const rel = `uploads/profile/${id}-${crypto.randomBytes(8).toString('hex')}.${ext}`;
    fs.mkdirSync(path.join(uploads, 'profile'), { recursive: true });
    fs.writeFileSync(path.join(uploads, '..', rel), buf);
    const [row] = await db.transaction(async (tx) => {
      const rows = await tx.update(usersTable).set({ profile_photo: rel, updated_at: new Date() }).where(eq(usersTable.id, id)).returning();
      await recordActivity(tx, { user: caller, action: 'photo', resource: 'users', recordId: id, before: { profile_photo: target.profile_photo }, after: { profile_photo: rel } });
      return rows;
    });
    if (target.profile_photo?.startsWith('uploads/profile/')) fs.rmSync(path.join(uploads, '..', target.profile_photo), { force: true });
    return { data: toRecord(row!) };
  });
}

