import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from './errors.js';

// What routes read off a request the same way everywhere: a path id, and which body fields the client sent.

/** `/:id` as Fastify hands it over: checked by `parseId`, so a bad id is a 404 like a missing record. */
export const idParams = z.object({ id: z.string() });

/** A path id: a positive integer, or the record is simply not there (404). */
export function parseId(raw: string, what: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound(what);
  return id;
}

/** Body keys as the client sent them, before validation fills in schema defaults. */
const sentKeys = new WeakMap<FastifyRequest, Set<string>>();

/** A route's `preValidation`: remembers which fields the body had, for `sentFields`. */
export async function rememberSentFields(req: FastifyRequest): Promise<void> {
  const body = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) sentKeys.set(req, new Set(Object.keys(body)));
}

/**
 * The validated body with only the fields the client sent (the route has `preValidation: rememberSentFields`):
 * an update schema's defaults and its nulls for absent fields (`active: true`, a phone made null) must not
 * overwrite stored values. A body that was not an object stays as validated.
 */
export function sentFields<T extends object>(req: FastifyRequest, body: T): Partial<T> {
  const sent = sentKeys.get(req);
  return Object.fromEntries(Object.entries(body).filter(([k]) => !sent || sent.has(k))) as Partial<T>;
}
