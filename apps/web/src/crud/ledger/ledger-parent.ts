import { type LedgerPayment, type RecordOf, type ResourceDefinition, fromKobo, settledText, toKobo } from '@studio/shared';

/** The record a ledger belongs to, as the drawer and the receipts show it. */
export interface LedgerParent {
  id: number;
  /** Whose ledger it is: the client's or trainee's name. */
  title: string;
  /** What the record costs: the value of the resource's `ledger.charge` field (a booking's price, a trainee's fee). */
  charge: number;
  amount_paid: number;
  balance: number;
  /** Where WhatsApp receipts and reminders go (Nigerian numbers are normalised). */
  phone?: string | null;
  /** What the payments are for, as a receipt prints it: "Bridal booking 2026-12-05, Bridal Gold". */
  description?: string;
  /** A cancelled (or no-show) record: what became of its money, shown instead of a balance ("Cancelled · deposit refunded"). */
  settled?: string | null;
}

/** A resource's ledger words and charge field; throws for a resource that keeps no ledger. */
export function ledgerOf(resource: ResourceDefinition): NonNullable<ResourceDefinition['ledger']> {
  if (!resource.ledger) throw new Error(`${resource.name} declares no payment ledger`);
  return resource.ledger;
}

/**
 * A record of a ledger resource as a {@link LedgerParent}: the charge is read from the field the resource
 * declares (`ledger.charge`), so one call serves bookings (`price`) and trainees (`fee`).
 *
 * @example
 * ledgerParent(bridalBookings, booking, { title: booking.client_name, phone: booking.phone, description: `Bridal booking ${booking.event_date}` })
 */
export function ledgerParent<R extends ResourceDefinition>(
  resource: R,
  record: RecordOf<R>,
  about: { title: string; phone?: string | null; description?: string },
): LedgerParent {
  const row = record as Record<string, unknown>;
  return {
    id: Number(row.id),
    charge: Number(row[ledgerOf(resource).charge] ?? 0),
    amount_paid: Number(row.amount_paid ?? 0),
    balance: Number(row.balance ?? 0),
    settled: settledText(row as Parameters<typeof settledText>[0]),
    ...about,
  };
}

/** The figures of a record as a write's answer gives them (`{ payment, record }`): the charge, amount_paid, balance. */
export function figuresOf(resource: ResourceDefinition, record: unknown): Pick<LedgerParent, 'charge' | 'amount_paid' | 'balance'> {
  const row = record as Record<string, unknown>;
  return { charge: Number(row[ledgerOf(resource).charge] ?? 0), amount_paid: Number(row.amount_paid ?? 0), balance: Number(row.balance ?? 0) };
}

/** What had been paid once a line was entered: that line and every one entered before it (ids grow with entry), reversals included. */
export function paidThrough(lines: readonly LedgerPayment[], paymentId: number): number {
  return fromKobo(lines.filter((l) => l.id <= paymentId).reduce((sum, l) => sum + toKobo(l.amount), 0));
}

/** Can this line be reversed: a payment (not itself a reversal) not reversed yet. */
export function isReversible(line: LedgerPayment): boolean {
  return line.amount > 0 && line.reverses_id === null && line.reversed_by === null;
}
