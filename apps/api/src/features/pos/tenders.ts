import { PAYMENT_METHODS, paymentMethodDef, type PaymentMethod } from '@studio/shared';
import type { Tx } from '../../db/client.js';
import { moneyTender, type TenderContext, type TenderHandler, type TenderLine } from '../payments/index.js';
import { creditTender, packageTender, voucherTender } from '../prepaid/index.js';

// the sale prices the items a package pays (a line type) before it takes the package's line (decision 040)
export { priceSessions, type PackageDraw } from '../prepaid/index.js';
export { moneyTender, type ReverseContext, type TenderContext, type TenderHandler, type TenderLine } from '../payments/index.js';

// One handler per payment method (issue 28, item 1; decision 032), after Vendure's PaymentMethodHandler: what a method
// NEEDS is declared in packages/shared/src/payment-methods.ts; what it DOES when a sale takes a line of it, or a void or
// refund gives value back through it, is its handler here, called inside the caller's transaction (the sale's, the
// void's, the refund's), so a refusal rolls the whole act back. Money (cash, a transfer, a terminal) needs nothing
// beyond the sale's own rows: its handler does nothing. Value paid before (a voucher, store credit) is drawn from and
// put back on its ledger by its handler.

/** Every declared method's handler: a method declared in shared without one here fails to compile. */
const TENDERS: Record<PaymentMethod, TenderHandler> = {
  cash: moneyTender,
  transfer: moneyTender,
  card: moneyTender,
  pos: moneyTender,
  voucher: voucherTender,
  credit: creditTender,
  package: packageTender,
};

/**
 * Tenders the studio applies, not payment methods a client chooses: an appointment's deposit counted at its check-out
 * (no payment row; the order's `deposit`). Offered on no screen; their handlers find their lines on a sale (appliedTo).
 * Their modules register them (registerAppliedTender): the registry imports none of them, so the module that owns
 * the record an applied tender writes (the appointment) keeps that write, and its sale can still call the till.
 */
const applied = new Map<string, TenderHandler>();

// methods declared at run time (declarePaymentMethod: a test's throwaway) register theirs here
const registered = new Map<string, TenderHandler>(Object.entries(TENDERS));

/** Registers a handler (a method declared at run time, or a test's wrapper of one); answers the undo. */
export function registerTender(method: string, handler: TenderHandler): () => void {
  const before = registered.get(method);
  registered.set(method, handler);
  return () => {
    if (before) registered.set(method, before);
    else registered.delete(method);
  };
}

/** Registers a tender the studio applies (its module calls this when it loads); its `appliedTo` finds its lines on a sale. */
export function registerAppliedTender(name: string, handler: TenderHandler): void {
  if (!handler.appliedTo) throw new Error(`The applied tender ${name} must say how its lines are found on a sale (appliedTo).`);
  applied.set(name, handler);
  registered.set(name, handler);
}

/** The handler of a declared method. A method with none is a programming error (checked at start). */
export function tenderFor(method: string): TenderHandler {
  const handler = registered.get(method);
  if (!handler) throw new Error(`Payment method ${method} has no tender handler (apps/api/src/features/pos/tenders.ts).`);
  return handler;
}

/** The declared methods that have no handler (none, or the app refuses to start). */
export function methodsWithoutTender(methods: readonly string[] = PAYMENT_METHODS): string[] {
  return methods.filter((m) => paymentMethodDef(m) !== undefined && !registered.has(m));
}

/** At start: every declared method has its handler. */
export function assertEveryMethodHasTender(methods: readonly string[] = PAYMENT_METHODS): void {
  const missing = methodsWithoutTender(methods);
  if (missing.length) throw new Error(`Payment methods without a tender handler: ${missing.join(', ')}.`);
}

/** Takes a sale's lines through their handlers, in the order a lock on what they draw is taken (method, reference). */
export async function takeTenders(tx: Tx, lines: { line: TenderLine; field: string }[], ctx: Omit<TenderContext, 'field'>): Promise<void> {
  const ordered = [...lines].sort((a, b) => (a.line.method + '\u0000' + (a.line.reference ?? '')).localeCompare(b.line.method + '\u0000' + (b.line.reference ?? '')));
  for (const { line, field } of ordered) await tenderFor(line.method).take(tx, line, { ...ctx, field });
}

/** A void: each of the sale's lines back through its handler, the applied ones (a deposit) included. */
export async function voidTenders(tx: Tx, paid: TenderLine[], ctx: Omit<TenderContext, 'field'>): Promise<void> {
  const lines = [...paid];
  for (const handler of applied.values()) lines.push(...((await handler.appliedTo?.(tx, ctx.sale.orderId)) ?? []));
  const ordered = [...lines].sort((a, b) => (a.method + '\u0000' + (a.reference ?? '')).localeCompare(b.method + '\u0000' + (b.reference ?? '')));
  for (const line of ordered) {
    await tenderFor(line.method).reverse(tx, line, { ...ctx, field: 'status', kind: 'void', lines: lines.filter((l) => l.method === line.method) });
  }
}
