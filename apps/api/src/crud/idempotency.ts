import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { invalidField } from '../plugins/errors.js';
import { idempotencyKeysTable } from './idempotency.table.js';

/** What an idempotent call answers: its status and body, and whether this is the replay of an earlier answer. */
export interface IdempotentResult<T> {
  status: number;
  body: T;
  replay: boolean;
}

/** JSON with keys sorted at every level: the same request hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash a key is bound to: the scope and the request (path ids and body, without the key itself). */
export function requestHash(scope: string, request: unknown): string {
  return crypto.createHash('sha256').update(`${scope}\n${canonical(request)}`).digest('hex');
}

/**
 * THE one place for `client_ref` replays of money-taking POSTs (refunds, fee and booking payments, finance
 * entries, transfer confirmations: contract §8). Sales keep their own key on `orders.client_ref`
 * (orders.service.ts), which predates this; every new call uses this helper rather than a column of its own.
 *
 * Runs `work` in one transaction that first claims (`scope`, `clientRef`): the claim and the call's effect commit
 * together or not at all. A second call with the same key and the same request answers the stored first result
 * (`replay: true`; send it with `sendIdempotent`, which sets `Idempotent-Replay: true`); with a different request
 * it is a 422 on `client_ref`. Two calls with one key at once: the second waits on the first's claim (the primary
 * key), then replays its answer, or runs itself if the first failed (a refusal is not stored: a retry after a 422
 * tries again). Without a key, `work` simply runs in a transaction.
 *
 * @example
 * const result = await idempotent(db, { scope: 'orders.refund', clientRef: body.client_ref, request: { id, ...body }, userId: user.id },
 *   async (tx) => ({ status: 201, body: { data: await refund(tx, ...) } }));
 * return sendIdempotent(reply, result);
 */
export async function idempotent<T>(
  db: Db,
  key: { scope: string; clientRef: string | null | undefined; request: unknown; userId?: number | null },
  work: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { scope, clientRef } = key;
  if (!clientRef) {
    const done = await db.transaction(work);
    return { ...done, replay: false };
  }
  const hash = requestHash(scope, key.request);
  const K = idempotencyKeysTable;
  return db.transaction(async (tx) => {
    // the claim: waits behind a concurrent claim of the same key until it commits or rolls back
    const claimed = await tx
      .insert(K)
      .values({ scope, client_ref: clientRef, request_hash: hash, status: 0, response: {}, user_id: key.userId ?? null })
      .onConflictDoNothing()
      .returning({ scope: K.scope });
    if (!claimed.length) {
      const [first] = await tx
        .select()
        .from(K)
        .where(and(eq(K.scope, scope), eq(K.client_ref, clientRef)));
      if (first!.request_hash !== hash) throw invalidField('client_ref', 'This client ref was already used for a different request.');
      return { status: first!.status, body: first!.response as T, replay: true };
    }
    const done = await work(tx);
    await tx
      .update(K)
      .set({ status: done.status, response: done.body })
      .where(and(eq(K.scope, scope), eq(K.client_ref, clientRef)));
    return { ...done, replay: false };
  });
}

/** Sends an idempotent call's answer: a replay is 200 with `Idempotent-Replay: true` (as POST /api/orders does). */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>) {
  reply.code(result.replay ? 200 : result.status).header('Idempotent-Replay', result.replay ? 'true' : 'false');
  // a replay repeats the stored answer as it was first sent (an erasure may have scrubbed the person out of it since):
  // written as the text it is, not checked again against today's answer schema (decision 037)
  if (result.replay) return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.body));
  return reply.send(result.body);
}
