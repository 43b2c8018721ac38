import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { clientPackageSellSchema, creditTopUpSchema, giftVoucherCreateSchema, giftVoucherExtendSchema, giftVoucherWriteOffSchema, studioDate } from '@studio/shared';
import type { Db } from '../../db/client.js';
import { idParams, parseId } from '../../plugins/request.js';
import { currentUser } from '../../plugins/auth.js';
import { notFound } from '../../plugins/errors.js';
import { idempotent, sendIdempotent } from '../../crud/idempotency.js';
import { clientsTable } from '../../db/schema.js';
import { clientPackages, sellPackage } from './packages.service.js';
import { clientCredit, extendVoucher, findVoucher, listVouchers, prepaidLiability, sellVoucher, topUpCredit, voucherByCode, writeOffVoucher } from './prepaid.service.js';

// Gift vouchers, store credit and what is owed in service (issue 31, items 1, 2, 3, 7; decision 032; docs/api.md).

const codeParams = z.object({ code: z.string().max(40) });

export function registerPrepaidRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { role: 'staff' as const };
  const admin = { role: 'admin' as const };
  const tags = ['Prepaid value'];
  const today = () => studioDate(new Date(), app.config.tzStudio);

  /** Sells a voucher (admin): 201 with the voucher, its code and balance. Safe to retry with `client_ref`. */
  app.post('/api/gift-vouchers', { config: admin, schema: { tags, body: giftVoucherCreateSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const { client_ref, ...input } = req.body;
    const result = await idempotent(db, { scope: 'gift-vouchers.sell', clientRef: client_ref, request: input, userId: user.id }, async (tx) => {
      const day = today();
      const id = await sellVoucher(tx, user, input, day, new Date());
      return { status: 201, body: { data: (await findVoucher(tx, id, day))! } };
    });
    return sendIdempotent(reply, result);
  });

  app.get('/api/gift-vouchers', { config: admin, schema: { tags } }, async () => ({ data: await listVouchers(db, today()) }));

  /** One voucher by its code (typed any way), for the till: 404 when no voucher has it. */
  app.get('/api/gift-vouchers/code/:code', { config: staff, schema: { tags, params: codeParams } }, async (req) => {
    const voucher = await voucherByCode(db, req.params.code, today());
    if (!voucher) throw notFound('Gift voucher');
    return { data: voucher };
  });

  app.get('/api/gift-vouchers/:id', { config: admin, schema: { tags, params: idParams } }, async (req) => {
    const voucher = await findVoucher(db, parseId(req.params.id, 'Gift voucher'), today());
    if (!voucher) throw notFound('Gift voucher');
    return { data: voucher };
  });

  /** A later expiry (admin; logged with the one before and the reason). */
  app.post('/api/gift-vouchers/:id/extend', { config: admin, schema: { tags, params: idParams, body: giftVoucherExtendSchema } }, async (req) => {
    const id = parseId(req.params.id, 'Gift voucher');
    const day = today();
    await db.transaction((tx) => extendVoucher(tx, currentUser(req), id, req.body, day, new Date()));
    return { data: (await findVoucher(db, id, day))! };
  });

  /** An expired voucher's balance written off (admin; logged): no longer owed. */
  app.post('/api/gift-vouchers/:id/write-off', { config: admin, schema: { tags, params: idParams, body: giftVoucherWriteOffSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Gift voucher');
    const { client_ref, reason } = req.body;
    const result = await idempotent(db, { scope: 'gift-vouchers.write-off', clientRef: client_ref, request: { id, reason }, userId: user.id }, async (tx) => {
      const day = today();
      await writeOffVoucher(tx, user, id, reason, day, new Date());
      return { status: 201, body: { data: (await findVoucher(tx, id, day))! } };
    });
    return sendIdempotent(reply, result);
  });

  /** A client's store credit: its balance and every line (staff: the till reads it). */
  app.get('/api/clients/:id/credit', { config: staff, schema: { tags, params: idParams } }, async (req) => {
    const id = parseId(req.params.id, 'Client');
    const [client] = await db.select({ id: clientsTable.id }).from(clientsTable).where(eq(clientsTable.id, id)).limit(1);
    if (!client) throw notFound('Client');
    return { data: await clientCredit(db, id) };
  });

  /** Money paid in as a client's credit (admin; `client_ref` required). 201 with the credit. */
  app.post('/api/clients/:id/credit', { config: admin, schema: { tags, params: idParams, body: creditTopUpSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Client');
    const { client_ref, ...input } = req.body;
    const result = await idempotent(db, { scope: 'clients.credit', clientRef: client_ref, request: { id, ...input }, userId: user.id }, async (tx) => {
      await topUpCredit(tx, user, id, input, today(), new Date());
      return { status: 201, body: { data: await clientCredit(tx, id) } };
    });
    return sendIdempotent(reply, result);
  });

  /** A client's packages with their sessions left, expiry and lines (staff: the till and the check-out read them). */
  app.get('/api/clients/:id/packages', { config: staff, schema: { tags, params: idParams } }, async (req) => {
    const id = parseId(req.params.id, 'Client');
    const [client] = await db.select({ id: clientsTable.id }).from(clientsTable).where(eq(clientsTable.id, id)).limit(1);
    if (!client) throw notFound('Client');
    return { data: await clientPackages(db, id, today()) };
  });

  /** A service package sold to the client (staff at the till, admin; `client_ref` required). 201 with the package. */
  app.post('/api/clients/:id/packages', { config: staff, schema: { tags, params: idParams, body: clientPackageSellSchema } }, async (req, reply) => {
    const user = currentUser(req);
    const id = parseId(req.params.id, 'Client');
    const { client_ref, ...input } = req.body;
    const result = await idempotent(db, { scope: 'clients.packages', clientRef: client_ref, request: { id, ...input }, userId: user.id }, async (tx) => ({
      status: 201,
      body: { data: await sellPackage(tx, user, id, input, today(), new Date()) },
    }));
    return sendIdempotent(reply, result);
  });

  /** What has been paid for and not yet served (admin). */
  app.get('/api/prepaid/liability', { config: admin, schema: { tags } }, async () => ({ data: await prepaidLiability(db) }));
}
