import { formatKobo, sessionsValueK } from '@studio/shared';
import type { DbOrTx } from '../../db/client.js';
import { HttpError, invalidField } from '../../plugins/errors.js';
import type { TenderHandler } from '../payments/index.js';
import { addPrepaidLine } from './prepaid.service.js';
import { packageDrawn, packageStates, packageStatus } from './packages.service.js';

// A package's sessions at a sale (issue 31, item 4; decision 040). The item names the package (`items.N.package_id`,
// a line type): the sale prices that line at the session's value instead of the service's list price, and pays it by
// a `package` line the server writes itself (one per package drawn, `units` its sessions). That line's handler counts
// the sessions down on the ledger in the sale's transaction; a void of the sale puts them back through it.

/** A sale's items as the till sends them. */
type SaleItem = { product_id: number; quantity: number; package_id?: number | undefined };

/** What a sale draws on one package: its payment line (value, sessions) and where a refusal of it is reported. */
export interface PackageDraw {
  packageId: number;
  sessions: number;
  amountK: number;
  field: string;
}

/**
 * Prices the items that are package sessions (`package_id`), reading and locking their packages (in id order) in the
 * sale's transaction: each such line is one session (quantity 1) of a service its package covers, not expired, within
 * the sessions left (all the sale's lines of one package together). Answers each such item's price (kobo, by index)
 * and what each package pays; a refusal is a 422 naming the item.
 */
export async function priceSessions(tx: DbOrTx, items: readonly SaleItem[], date: string): Promise<{ unitK: Map<number, number>; draws: PackageDraw[] }> {
  const unitK = new Map<number, number>();
  const covered = items.map((item, i) => ({ item, i })).filter(({ item }) => item.package_id !== undefined);
  if (!covered.length) return { unitK, draws: [] };
  const states = await packageStates(tx, [...new Set(covered.map(({ item }) => item.package_id!))], true);
  const draws = new Map<number, PackageDraw>();
  const errors: Record<string, string[]> = {};
  for (const { item, i } of covered) {
    const field = `items.${i}.package_id`;
    const s = states.get(item.package_id!);
    if (item.quantity !== 1) {
      errors[`items.${i}.quantity`] = ['A package session is one service: add the line once for each session.'];
      continue;
    }
    if (!s) {
      errors[field] = ['The selected package does not exist.'];
      continue;
    }
    if (!s.row.service_ids.includes(item.product_id)) {
      errors[field] = [`${s.row.name} does not cover this service.`];
      continue;
    }
    if (packageStatus(s, date) === 'expired') {
      errors[field] = [`${s.row.name} expired on ${s.row.expires_on}.`];
      continue;
    }
    if (s.sessionsLeft <= 0) {
      errors[field] = [`${s.row.name} has no sessions left.`];
      continue;
    }
    const valueK = sessionsValueK(s, 1);
    s.sessionsLeft -= 1;
    s.valueLeftK -= valueK;
    unitK.set(i, valueK);
    const draw = draws.get(s.row.id) ?? { packageId: s.row.id, sessions: 0, amountK: 0, field };
    draw.sessions += 1;
    draw.amountK += valueK;
    draws.set(s.row.id, draw);
  }
  // sessions taken beyond what is left: every line of that package past the last session is named
  if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors).flat()[0]!, errors);
  return { unitK, draws: [...draws.values()] };
}

/** A client's package: `reference` is its id, `units` the sessions the sale takes (written by the sale, never sent). */
export const packageTender: TenderHandler = {
  async take(tx, line, ctx) {
    const packageId = Number(line.reference);
    if (line.units === undefined || !Number.isInteger(packageId)) {
      throw invalidField(ctx.field, "A package session is taken on the sale's item (items.N.package_id), not as a payment.");
    }
    const s = (await packageStates(tx, [packageId], true)).get(packageId);
    if (!s) throw invalidField(ctx.field, 'The selected package does not exist.');
    if (ctx.sale.clientId === null) throw invalidField('customer_phone', "A package is the client's: give the client's phone on the sale.");
    if (s.row.client_id !== ctx.sale.clientId) throw invalidField(ctx.field, `${s.row.name} belongs to another client than ${ctx.sale.customerName}.`);
    if (line.units > s.sessionsLeft) throw invalidField(ctx.field, `${s.row.name} has ${s.sessionsLeft} session${s.sessionsLeft === 1 ? '' : 's'} left.`);
    if (line.amountK > s.valueLeftK) throw invalidField(ctx.field, `Only ${formatKobo(s.valueLeftK)} is left on ${s.row.name}.`);
    await addPrepaidLine(
      tx,
      { clientPackageId: packageId },
      { kind: 'redeemed', amountK: -line.amountK, sessions: -line.units, date: ctx.date, orderId: ctx.sale.orderId, paymentId: line.id, outlet: ctx.sale.outlet, note: `Invoice ${ctx.sale.invoiceNo}` },
      ctx.user,
      ctx.at,
    );
  },
  async reverse(tx, line, ctx) {
    // a refund is never paid out as sessions (the method is declared for no use); a void puts them back whole
    if (ctx.kind !== 'void') throw invalidField(ctx.field, 'A package session is not refunded to a package: void the sale to give the session back.');
    const drawn = (await packageDrawn(tx, line.id === null ? [] : [line.id])).get(line.id!);
    if (!drawn || drawn.sessions <= 0) return;
    await addPrepaidLine(
      tx,
      { clientPackageId: drawn.packageId },
      { kind: 'voided', amountK: drawn.k, sessions: drawn.sessions, date: ctx.date, orderId: ctx.sale.orderId, paymentId: line.id, note: `Void of invoice ${ctx.sale.invoiceNo}` },
      ctx.user,
      ctx.at,
    );
  },
};
