import type { FastifyInstance, FastifySchema } from 'fastify';
import { errorAnswers } from '@studio/shared';
import { z, type ZodType } from 'zod';

/**
 * Every route's answer is declared and checked (decision 037).
 *
 * - A route that declares no `response` gets the default: a 2xx "not yet described" (any JSON) and the error
 *   answers of contract §2; a route that declares some gets the error answers it left out. OpenAPI shows them all.
 * - The serializer writes the answer with `JSON.stringify` exactly as before (dates, numbers, key order unchanged),
 *   then checks that JSON against the declared schema. A schema describes and never removes: a field it does not
 *   name is kept (zod would strip it if we sent its parse; we send the text we wrote). An answer that breaks the
 *   schema (a wrong type, a missing field, a field a `z.strictObject` refuses) is not sent: the error handler answers
 *   500 and logs the route and the issues, so a drift between a schema and a handler fails a test, not a screen.
 */

/** The 2xx of a route that does not describe its answer yet: any JSON, not checked. */
export const undescribedAnswer = z.unknown().describe('Not yet described: see docs/api.md.');

/** An answer that does not match its route's declared schema. No statusCode: the error handler answers 500. */
export class AnswerMismatchError extends Error {
  readonly code = 'STUDIO_ANSWER_MISMATCH';
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${route} does not match its declared schema: ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
}

const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Adds the default answers to every API route registered after it (call before the routes). `check: false` writes
 * every answer with `JSON.stringify` alone, as Fastify does for a route without a schema (the tests compare the two).
 */
export function registerAnswers(app: FastifyInstance, { check = true }: { check?: boolean } = {}): void {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.method === 'HEAD') return;
    const schema: FastifySchema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string | number, unknown>;
    const declared = Object.keys(response).some((code) => /^2/.test(code));
    route.schema = { ...schema, response: { ...(declared ? {} : { '2xx': undescribedAnswer }), ...errorAnswers, ...response } };
  });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (schema === undescribedAnswer || !check) return (data) => JSON.stringify(data);
    const answer = schema as ZodType;
    const route = `${method} ${url} ${httpStatus}`;
    return (data) => {
      const text = JSON.stringify(data);
      const checked = answer.safeParse(text === undefined ? undefined : JSON.parse(text));
      if (!checked.success) throw new AnswerMismatchError(route, checked.error.issues);
      return text;
    };
  });
}
