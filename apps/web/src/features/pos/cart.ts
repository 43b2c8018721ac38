import { givesChange, type PaymentMethod, type Product, fromKobo, toKobo } from '@studio/shared';

/** One line of the cart: the product as the till last saw it, and how many. */
export interface CartLine {
  product: Pick<Product, 'id' | 'name' | 'sku' | 'kind' | 'price' | 'quantity'>;
  quantity: number;
  /** Who did the work (issue 32): a service's artist, when not the seller. */
  staffId?: number;
}

export interface PaymentLine {
  method: PaymentMethod;
  /** Naira as typed; '' while empty. */
  amount: number | '';
  reference: string;
}

export interface Cart {
  lines: CartLine[];
  discount: number;
  customerName: string;
  customerPhone: string;
  note: string;
  /**
   * The idempotency key of the sale being charged (contract §5 `client_ref`): made when checkout starts and
   * kept until the server confirms, so a retry after a lost answer never sells twice.
   */
  clientRef: string | null;
  /**
   * A done appointment being checked out (issue 21): the cart holds its service alone, its deposit counts towards
   * the total, and the sale goes to `POST /api/appointments/{id}/checkout`. While it is set the lines are fixed.
   */
  appointment: CartAppointment | null;
}

export interface CartAppointment {
  id: number;
  /** What the client paid before (naira). */
  deposit: number;
  /** "Microblading with Tamuno, 9 Mar 10:00". */
  label: string;
}

export const emptyCart = (): Cart => ({ lines: [], discount: 0, customerName: '', customerPhone: '', note: '', clientRef: null, appointment: null });

/** How many of a product the till may still add: services are unlimited, products stop at the stock the till knows of. */
export function available(product: CartLine['product']): number {
  return product.kind === 'service' || product.quantity === null ? Number.POSITIVE_INFINITY : product.quantity;
}

export type CartAction =
  | { type: 'add'; product: CartLine['product']; quantity?: number }
  | { type: 'setQuantity'; productId: number; quantity: number }
  | { type: 'remove'; productId: number }
  | { type: 'setArtist'; productId: number; staffId: number | undefined }
  | { type: 'setDiscount'; discount: number }
  | { type: 'setCustomer'; name?: string; phone?: string; note?: string }
  | { type: 'startCheckout'; clientRef: string }
  | { type: 'checkOutAppointment'; appointment: CartAppointment; product: CartLine['product']; name: string; phone: string }
  | { type: 'refreshStock'; products: readonly CartLine['product'][] }
  | { type: 'clear' };

/** Cart changes; quantities stay within 1..stock, and any change to what is sold starts a new sale (new client_ref). */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  // an appointment's check-out sells its service alone, at no discount: the lines stay as they are
  if (cart.appointment && (action.type === 'add' || action.type === 'setQuantity' || action.type === 'remove' || action.type === 'setDiscount' || action.type === 'setArtist')) return cart;
  switch (action.type) {
    case 'checkOutAppointment':
      return { ...emptyCart(), lines: [{ product: action.product, quantity: 1 }], customerName: action.name, customerPhone: action.phone, appointment: action.appointment };
    case 'add': {
      const existing = cart.lines.find((l) => l.product.id === action.product.id);
      const want = (existing?.quantity ?? 0) + (action.quantity ?? 1);
      const quantity = Math.min(want, available(action.product));
      if (quantity < 1) return cart;
      const lines = existing
        ? cart.lines.map((l) => (l.product.id === action.product.id ? { product: action.product, quantity } : l))
        : [...cart.lines, { product: action.product, quantity }];
      return { ...cart, lines, clientRef: null };
    }
    case 'setQuantity': {
      const lines = cart.lines
        .map((l) => (l.product.id === action.productId ? { ...l, quantity: Math.min(Math.max(0, Math.floor(action.quantity)), available(l.product)) } : l))
        .filter((l) => l.quantity > 0);
      return { ...cart, lines, clientRef: null };
    }
    case 'setArtist':
      return { ...cart, lines: cart.lines.map((l) => (l.product.id === action.productId ? { ...l, staffId: action.staffId } : l)), clientRef: null };
    case 'remove':
      return { ...cart, lines: cart.lines.filter((l) => l.product.id !== action.productId), clientRef: null };
    case 'setDiscount':
      return { ...cart, discount: Math.max(0, action.discount), clientRef: null };
    case 'setCustomer':
      return {
        ...cart,
        customerName: action.name ?? cart.customerName,
        customerPhone: action.phone ?? cart.customerPhone,
        note: action.note ?? cart.note,
        clientRef: null,
      };
    case 'startCheckout':
      return cart.clientRef ? cart : { ...cart, clientRef: action.clientRef };
    case 'refreshStock': {
      // the till's stock figures follow the server; prices too (the server prices the sale anyway)
      const byId = new Map(action.products.map((p) => [p.id, p]));
      return { ...cart, lines: cart.lines.map((l) => ({ ...l, product: byId.get(l.product.id) ?? l.product })) };
    }
    case 'clear':
      return emptyCart();
  }
}

export interface CartTotals {
  itemCount: number;
  subtotal: number;
  discount: number;
  total: number;
  /** An appointment's deposit, paid before. */
  deposit: number;
  /** What the payments must cover: the total less the deposit. */
  due: number;
}

/** Totals in kobo arithmetic, returned in naira: the same sums the server makes. */
export function cartTotals(cart: Pick<Cart, 'lines' | 'discount'> & { appointment?: CartAppointment | null }): CartTotals {
  const subtotalK = cart.lines.reduce((s, l) => s + toKobo(l.product.price) * l.quantity, 0);
  const discountK = Math.min(toKobo(cart.discount), subtotalK);
  const totalK = subtotalK - discountK;
  const depositK = Math.min(toKobo(cart.appointment?.deposit ?? 0), totalK);
  return {
    itemCount: cart.lines.reduce((s, l) => s + l.quantity, 0),
    subtotal: fromKobo(subtotalK),
    discount: fromKobo(discountK),
    total: fromKobo(totalK),
    deposit: fromKobo(depositK),
    due: fromKobo(totalK - depositK),
  };
}

export interface PaymentCheck {
  paid: number;
  /** Still to pay (0 when covered). */
  remaining: number;
  /** Cash to hand back. */
  change: number;
  /** Why the sale cannot be charged yet, or null. */
  problem: string | null;
}

/** Payments must cover the total; only cash may exceed it (the excess is change) — contract §5. */
export function checkPayments(total: number, payments: readonly PaymentLine[]): PaymentCheck {
  const lines = payments.filter((p) => p.amount !== '' && Number(p.amount) > 0);
  const paidK = lines.reduce((s, p) => s + toKobo(Number(p.amount)), 0);
  const cashK = lines.filter((p) => givesChange(p.method)).reduce((s, p) => s + toKobo(Number(p.amount)), 0);
  const totalK = toKobo(total);
  const changeK = Math.max(0, paidK - totalK);
  let problem: string | null = null;
  if (lines.length === 0 && total > 0) problem = 'Add a payment.';
  else if (paidK < totalK) problem = 'The payments do not cover the total yet.';
  else if (changeK > cashK) problem = 'Only cash can be more than the total: reduce the transfer, card or POS amount.';
  return { paid: fromKobo(paidK), remaining: fromKobo(Math.max(0, totalK - paidK)), change: fromKobo(changeK), problem };
}
