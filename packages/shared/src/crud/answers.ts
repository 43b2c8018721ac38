import { z } from 'zod';
import type { ResourceDefinition } from './define-resource.js';

/**
 * The answers every route declares (decision 037), built from the shared records: the envelope `{ data }`, the
 * list's paging and totals, and the error bodies of contract §2. The API gives them to Fastify as each route's
 * `response` (OpenAPI shows them; its serializer checks every answer against them, apps/api/src/plugins/answers.ts),
 * and the web client's route table (`./routes.ts` of the web) names its answer types from the same schemas.
 *
 * A schema here describes; it never removes: the API sends the answer as it was written when it matches (a field the
 * schema does not name is kept, never stripped). Where a record is not yet fully described, `looseRecord` says so.
 */

/** `{ data: ... }`: every success answer (contract §2). */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** `summary` of a list whose resource declares `totals`: the count and each total over the whole list. */
export const listSummarySchema = z.looseObject({ count: z.number() }) as unknown as z.ZodType<{ count: number }>; // its type without the index signature: a summary's own interface fits it

/**
 * A list's answer: `{ data: [...] }`, with the paging fields when `?page=` was given (and always for the lists that
 * always page), and `summary` when the resource declares totals.
 */
export const listEnvelope = <T extends z.ZodType>(record: T) =>
  z.object({
    data: z.array(record),
    current_page: z.number().int().optional(),
    last_page: z.number().int().optional(),
    per_page: z.number().int().optional(),
    total: z.number().int().optional(),
    total_more: z.boolean().optional(),
    summary: listSummarySchema.optional(),
  });

/** 401, 403, 404, 429: `{ message }`. */
export const errorAnswerSchema = z.object({ message: z.string() });
/** 422: `{ message, errors: { field: [sentence, ...] } }`. */
export const validationErrorAnswerSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

/** The error answers every signed-in route may give, declared on every route. */
export const errorAnswers = {
  401: errorAnswerSchema.describe('Unauthenticated: a missing, unknown or revoked token.'),
  403: errorAnswerSchema.describe('This action is unauthorized for the caller’s role.'),
  404: errorAnswerSchema.describe('Not found.'),
  422: validationErrorAnswerSchema.describe('Bad input: a message and, per field, the sentences.'),
} as const;

/** An object whose fields are not (yet) all described: the named ones are checked, any other is kept. */
export const looseRecord = <S extends z.core.$ZodLooseShape>(shape: S = {} as S) => z.looseObject(shape);

/** A write's answer may carry `warnings` (a double booking) beside `data`. */
const warningsShape = { warnings: z.array(z.string()).optional() };

/**
 * A resource's record as its answers show it: the declared record, with every field optional that a role view or an
 * admin-only rule may leave out, and open to the computed fields a module adds (they are kept, never stripped).
 */
export function answerRecord<R extends ResourceDefinition>(resource: R) {
  const adminOnly = Object.fromEntries(resource.adminOnly.map((f) => [f, true as const]));
  return resource.record.partial(adminOnly as never).loose() as unknown as z.ZodObject<R['record']['shape'], z.core.$loose>;
}

/** The answers of a resource's generic routes, by what they do. */
export function resourceAnswers<R extends ResourceDefinition>(resource: R) {
  const record = answerRecord(resource);
  return {
    record,
    one: dataEnvelope(record).extend(warningsShape),
    list: listEnvelope(record),
    deleted: dataEnvelope(z.object({ id: z.number().int() })),
    count: dataEnvelope(z.number().int()),
    usage: dataEnvelope(z.array(z.object({ id: z.number().int(), by: z.record(z.string(), z.number()), total: z.number() }))),
    draft: dataEnvelope(z.object({ warnings: z.array(z.string()), danger: z.array(z.string()) })),
  };
}
