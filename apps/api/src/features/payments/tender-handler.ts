import type { Outlet } from '@studio/shared';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../plugins/auth.js';

// What a tender handler is (decision 032): the registry is the till's (features/pos/tenders.ts, decision 038); the
// handlers of value paid before live with their ledger (features/prepaid/prepaid.tenders.ts).

/** One line of money or value: a sale's payment line (`id` its order_payments id), or what a refund pays out (`id` null). */
export interface TenderLine {
  id: number | null;
  method: string;
  amountK: number;
  reference: string | null;
  /** Units the line draws besides its value (a package's sessions, decision 040); absent for money and vouchers. */
  units?: number;
}

/** The sale a line belongs to. */
export interface TenderSale {
  orderId: number;
  invoiceNo: string;
  outlet: Outlet;
  clientId: number | null;
  customerName: string;
  businessDate: string;
}

export interface TenderContext {
  sale: TenderSale;
  user: UserRow;
  at: Date;
  /** The studio day of the act (the sale's, the void's, the refund's). */
  date: string;
  /** Where a refusal of this line is reported: `payments.N` (its `.amount`, `.reference`), or `payment_method`. */
  field: string;
}

export interface ReverseContext extends TenderContext {
  /** A void gives back each line whole; a refund gives back `line.amountK` paid out in this method. */
  kind: 'void' | 'refund';
  /** The sale's own lines of this method (what a refund may put back on, for a method that takes back only its own). */
  lines: TenderLine[];
  /** The refund's id (a refund only). */
  refundId?: number;
}

export interface TenderHandler {
  /** A sale takes `line`: refuse it (an HttpError naming `ctx.field`) or record what it draws. */
  take(tx: Tx, line: TenderLine, ctx: TenderContext): Promise<void>;
  /** `line` goes back through this method (a void of the sale, or a refund paid out in it). */
  reverse(tx: Tx, line: TenderLine, ctx: ReverseContext): Promise<void>;
  /**
   * A tender the studio applies rather than one paid at the till (an appointment's deposit at its check-out) has no
   * payment row on the sale: its lines on a sale are found here, so a void gives them back like any other line.
   */
  appliedTo?(tx: Tx, orderId: number): Promise<TenderLine[]>;
}

/** Money: the sale's payment rows are the record; the drawer, the bank or the terminal holds the rest. */
export const moneyTender: TenderHandler = {
  take: async () => {},
  reverse: async () => {},
};

