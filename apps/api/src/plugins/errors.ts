import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES, fieldErrors } from '@studio/shared';
import type { z } from 'zod';

/** An error that is an answer: it carries the status and the body the contract gives. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Laravel's summary line: the first error, and how many more there are. */
function summary(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return MESSAGES.invalid;
  return all.length === 1 ? all[0]! : `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})`;
}

export const unprocessable = (errors: Record<string, string[]>) => new HttpError(422, summary(errors), errors);
export const invalidField = (field: string, message: string) => unprocessable({ [field]: [message] });
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found.`);
export const forbidden = () => new HttpError(403, MESSAGES.unauthorized);
export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);

/** Raised by the zod validator compiler; turned into a 422 by the handler below. */
export class RequestValidationError extends Error {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('validation');
  }
}

/** Error code of the database error under a drizzle wrapper, if any. */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      const body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
      return reply.code(err.statusCode).headers(err.headers).send(body);
    }
    if (err instanceof RequestValidationError) {
      const errors = fieldErrors(err.issues);
      return reply.code(422).send({ message: summary(errors), errors });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ message: 'The request is too large.' });
    }
    const code = pgCode(err);
    // 22021/22P05: text the database cannot store (a NUL character); 22001: longer than its column
    if (code && ['22P02', '22003', '22007', '22008', '22001', '22021', '22P05', '23502', '23503', '23505', '23514'].includes(code)) {
      // A bad value that got past validation (overflow, a reference that vanished): still the caller's input.
      req.log.warn({ err }, 'database rejected input');
      const message = code === '23503' ? 'This record is in use by other records.' : code === '23505' ? 'This record already exists.' : 'The given data was invalid.';
      return reply.code(422).send({ message, errors: { body: [message] } });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, bad multipart: every bad input is a 422.
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/.test(err.message) ? 'The request body is not valid JSON.' : err.message;
      if (status === 429 || status === 404 || status === 401 || status === 403) return reply.code(status).send({ message });
      return reply.code(422).send({ message, errors: { body: [message] } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error.' });
  });
}
