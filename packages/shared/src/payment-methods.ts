// The studio's payment methods, declared once (issue 28, item 1): what each one needs and does, and where it may be
// used. Screens offer what this allows (`methodOptions`), the schemas accept what it allows, and the server's branches
// ask a method's declaration (`givesChange`, `awaitsConfirmation`, ...) instead of its name. A new way of paying (a
// voucher, store credit) is one declaration here and one handler on the server. No schema, no zod: a screen that only
// names a method does not load them.

/** Where money is taken or given back. */
export const PAYMENT_USES = ['till', 'fees', 'bookings', 'appointments', 'refunds'] as const;
export type PaymentUse = (typeof PAYMENT_USES)[number];

export interface PaymentMethodDef {
  label: string;
  /**
   * A reference (the bank's, the terminal slip's, a voucher's code): never asked, asked and kept when given, required
   * when the till is offline, or always required.
   */
  reference: 'none' | 'optional' | 'offline' | 'required';
  /** The reference field's hint. */
  referenceHint: string;
  /** Why an offline sale is refused without the reference. */
  offlineReferenceMessage?: string;
  /** Waits for a person (or the bank's statement) to confirm it arrived: on Transfers to confirm until then. */
  awaitsConfirmation: boolean;
  /** Tendered above the amount, the difference is given back as change (in this method: cash). */
  givesChange: boolean;
  /** Counted in the drawer at the day close. */
  inDrawer: boolean;
  /** The offline till may take it. */
  offline: boolean;
  uses: readonly PaymentUse[];
  /**
   * Value paid before (a gift voucher, a client's store credit; issue 31): drawn from the prepaid ledger by its server
   * handler, not money coming in. Not counted at the day close, never the method a sale is relabelled to or from, not
   * taken against a balance. `refunds`: what a refund may put back on it: only what the sale took from it (`own`),
   * or also money the sale took (`any`: a refund to store credit instead of cash).
   */
  prepaid?: { refunds: 'own' | 'any' };
  /** The sale must name its client (`customer_phone`): the value is the client's. */
  needsClient?: boolean;
}

const EVERYWHERE = ['till', 'fees', 'bookings', 'appointments', 'refunds'] as const;
const TAKEN_NOT_REFUNDED = ['till', 'fees', 'bookings', 'appointments'] as const;

/** A card or POS terminal payment: its slip's reference is needed offline; taken, never paid back this way. */
const TERMINAL = {
  reference: 'offline',
  referenceHint: 'Terminal ref',
  offlineReferenceMessage: "Offline, a card or POS payment needs the terminal's reference from its slip.",
  awaitsConfirmation: false,
  givesChange: false,
  inDrawer: false,
  offline: true,
  uses: TAKEN_NOT_REFUNDED,
} as const;

export const PAYMENT_METHOD_DEFS = {
  cash: { label: 'Cash', reference: 'none', referenceHint: 'Not needed for cash', awaitsConfirmation: false, givesChange: true, inDrawer: true, offline: true, uses: EVERYWHERE },
  transfer: {
    label: 'Bank transfer',
    reference: 'offline',
    referenceHint: 'Bank / sender / ref',
    offlineReferenceMessage: "Offline, a transfer needs its reference (sender's bank and name) to be checked later.",
    awaitsConfirmation: true,
    givesChange: false,
    inDrawer: false,
    offline: true,
    uses: EVERYWHERE,
  },
  card: { label: 'Card', ...TERMINAL },
  pos: { label: 'POS terminal', ...TERMINAL },
  // issue 31: value paid before, drawn at the till by its handler (apps/api/src/features/prepaid/prepaid-tenders.ts)
  voucher: {
    label: 'Gift voucher',
    reference: 'required',
    referenceHint: 'Voucher code',
    awaitsConfirmation: false,
    givesChange: false,
    inDrawer: false,
    offline: false,
    uses: ['till', 'refunds'],
    prepaid: { refunds: 'own' },
  },
  credit: {
    label: 'Store credit',
    reference: 'none',
    referenceHint: "The client's credit (needs the phone)",
    awaitsConfirmation: false,
    givesChange: false,
    inDrawer: false,
    offline: false,
    uses: ['till', 'refunds'],
    prepaid: { refunds: 'any' },
    needsClient: true,
  },
  // decision 040: a session of the client's package. Never chosen at the till: the server writes this line for each
  // package a sale's items draw on (`items.N.package_id`), at the sessions' value; its handler counts them down.
  package: {
    label: 'Package session',
    reference: 'required',
    referenceHint: "The client's package",
    awaitsConfirmation: false,
    givesChange: false,
    inDrawer: false,
    offline: false,
    uses: [],
    prepaid: { refunds: 'own' },
    needsClient: true,
  },
} as const satisfies Record<string, PaymentMethodDef>;

export type PaymentMethod = keyof typeof PAYMENT_METHOD_DEFS;
export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_DEFS) as [PaymentMethod, ...PaymentMethod[]];
export const PAYMENT_METHOD_LABELS = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD_DEFS[m].label])) as Record<PaymentMethod, string>;

/** The methods declared for `use`, as a type: `MethodFor<'refunds'>` is `'cash' | 'transfer'`. */
export type MethodFor<U extends PaymentUse> = { [M in PaymentMethod]: U extends (typeof PAYMENT_METHOD_DEFS)[M]['uses'][number] ? M : never }[PaymentMethod];

// Methods declared at run time (a test's throwaway method, a later issue's voucher before it has its own line above).
const declared = new Map<string, PaymentMethodDef>(Object.entries(PAYMENT_METHOD_DEFS));

/** Declares another method at run time; answers the undo. */
export function declarePaymentMethod(name: string, def: PaymentMethodDef): () => void {
  declared.set(name, def);
  return () => {
    if (!(name in PAYMENT_METHOD_DEFS)) declared.delete(name);
  };
}

/** A method's declaration (undefined for a name no one declared). */
export const paymentMethodDef = (method: string): PaymentMethodDef | undefined => declared.get(method);

/** The methods that may be used for `use`, in their declared order. */
export function methodsFor<U extends PaymentUse>(use: U): MethodFor<U>[] {
  return [...declared].filter(([, d]) => d.uses.includes(use)).map(([m]) => m as MethodFor<U>);
}

/** A select's options for `use`. */
export const methodOptions = (use: PaymentUse) => methodsFor(use).map((m) => ({ value: m as string, label: declared.get(m)!.label }));

export const methodLabel = (method: string): string => declared.get(method)?.label ?? method;
export const givesChange = (method: string): boolean => declared.get(method)?.givesChange ?? false;
export const awaitsConfirmation = (method: string): boolean => declared.get(method)?.awaitsConfirmation ?? false;
export const takesReference = (method: string): boolean => (declared.get(method)?.reference ?? 'none') !== 'none';
export const needsReference = (method: string): boolean => declared.get(method)?.reference === 'required';
/** Value paid before (a voucher, store credit), not money: see `PaymentMethodDef.prepaid`. */
export const isPrepaid = (method: string): boolean => declared.get(method)?.prepaid !== undefined;
/** The methods that are money (not prepaid value): what the day close counts, what a balance or a ledger takes. */
export const MONEY_METHODS = PAYMENT_METHODS.filter((m) => !isPrepaid(m));
/** Why the offline till refuses this line, or null: a method it may not take, or one whose reference is missing. */
export function offlineRefusal(method: string, reference: string): string | null {
  const def = declared.get(method);
  if (!def || !def.offline) return `${def?.label ?? method} cannot be taken while the till is offline.`;
  if (def.reference === 'offline' && !reference.trim()) return def.offlineReferenceMessage ?? `Offline, ${def.label.toLowerCase()} needs its reference.`;
  return null;
}
