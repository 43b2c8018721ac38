import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankStatementImportSchema, statementColumnMapSchema, statementConfirmSchema, TRANSFER_KINDS, type TransferKind } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { invalidField, notFound, RequestValidationError } from '../../plugins/errors.js';
import { idParams, parseId } from '../../plugins/request.js';
import { confirmLine, importStatement, listStatements, rejectLine, statementLines, unmatchedCredits, type StatementFile } from './bank-statements.service.js';

const MAX_BYTES = 20 * 1024 * 1024;
const lineParams = idParams.extend({ line: z.string() });

/** The statement as sent: a file upload (`file`, with `account` and `column_map` as JSON text) or JSON with the CSV's text. */
async function statementFile(req: FastifyRequest): Promise<StatementFile> {
  if (!req.isMultipart()) {
    const body = bankStatementImportSchema.safeParse(req.body ?? {});
    if (!body.success) throw new RequestValidationError(body.error.issues);
    return { filename: body.data.filename, bytes: Buffer.from(body.data.content, 'utf8'), account: body.data.account ?? null, columnMap: body.data.column_map };
  }
  let file: { filename: string; bytes: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') file = { filename: part.filename || 'statement.csv', bytes: await part.toBuffer() };
        else await part.toBuffer();
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw invalidField('file', 'The statement upload could not be read.');
  }
  if (!file || !file.bytes.length) throw invalidField('file', 'Choose the statement file (CSV or XLSX) from your bank app.');
  let columnMap;
  if (fields.column_map) {
    let raw: unknown;
    try {
      raw = JSON.parse(fields.column_map);
    } catch {
      throw invalidField('column_map', 'The column map must be JSON.');
    }
    const parsed = statementColumnMapSchema.safeParse(raw);
    if (!parsed.success) throw new RequestValidationError(parsed.error.issues.map((i) => ({ ...i, path: ['column_map', ...i.path] })));
    columnMap = parsed.data;
  }
  const account = fields.account?.trim().slice(0, 60) || null;
  return { ...file, account, columnMap };
}

/**
 * Bank statements (issue 30; decision 031), admin only: `POST /api/bank-statements` imports one; `GET` lists them;
 * `GET /api/bank-statements/{id}/lines`; `GET /api/bank-statements/unmatched` (money with no record);
 * `POST /api/bank-statements/{id}/lines/{line_no}/confirm { kind, id }` and `.../reject` decide a suggestion.
 */
export function registerBankStatementRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { role: 'admin' as const };
  const tags = ['Bank statements'];

  app.post('/api/bank-statements', { config: admin, bodyLimit: MAX_BYTES + 1024 * 1024, schema: { tags, summary: 'Import a bank statement (CSV or XLSX): its credits confirm the transfers they show', consumes: ['multipart/form-data', 'application/json'] } }, async (req, reply) => {
    const summary = await importStatement(db, currentUser(req), await statementFile(req));
    return reply.code(201).send({ data: summary });
  });

  app.get('/api/bank-statements', { config: admin, schema: { tags, summary: 'The statements imported, newest first' } }, async () => ({ data: await listStatements(db) }));

  app.get('/api/bank-statements/unmatched', { config: admin, schema: { tags, summary: 'Credits no record explains (money with no record), oldest first' } }, async () => ({ data: await unmatchedCredits(db) }));

  app.get('/api/bank-statements/:id/lines', { config: admin, schema: { tags, params: idParams, summary: "A statement's lines and what each became" } }, async (req) => {
    const lines = await statementLines(db, parseId(req.params.id, 'Statement'));
    if (!lines) throw notFound('Statement');
    return { data: lines };
  });

  app.post('/api/bank-statements/:id/lines/:line/confirm', { config: admin, schema: { tags, params: lineParams, body: statementConfirmSchema, summary: 'This credit is that payment: confirm it from this line' } }, async (req) => {
    if (!(TRANSFER_KINDS as readonly string[]).includes(req.body.kind)) throw invalidField('kind', `The kind must be one of ${TRANSFER_KINDS.join(', ')}.`);
    const line = await confirmLine(db, currentUser(req), parseId(req.params.id, 'Statement'), parseId(req.params.line, 'Statement line'), { kind: req.body.kind as TransferKind, id: req.body.id });
    return { data: line };
  });

  app.post('/api/bank-statements/:id/lines/:line/reject', { config: admin, schema: { tags, params: lineParams, summary: 'None of the suggestions: the credit is money with no record' } }, async (req) => {
    return { data: await rejectLine(db, currentUser(req), parseId(req.params.id, 'Statement'), parseId(req.params.line, 'Statement line')) };
  });
}
