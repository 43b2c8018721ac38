import type { Order, StaffSummary, TransferCheck } from '@studio/shared';

/** A payment line's transfer check: nothing recorded (a transfer fixture is `confirmed` unless a test says otherwise). */
export const NO_CHECK: Omit<TransferCheck, 'transfer_status'> = { confirmed_at: null, confirmed_by: null, not_received_at: null, not_received_by: null, not_received_reason: null };

type PaymentLine = Order['payments'][number];
/** A sale's payment line with its id and check fields filled in. */
export function payment(p: Pick<PaymentLine, 'method' | 'amount' | 'reference'> & Partial<PaymentLine>, id = 1): PaymentLine {
  return { id, ...NO_CHECK, transfer_status: p.method === 'transfer' ? 'confirmed' : null, ...p };
}

/** A paid makeup-store sale: 2 lipsticks at ₦4,500 paid in cash; override what a test cares about. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    invoice_no: 'STO-000001',
    outlet: 'store',
    customer_name: 'Ada Eze',
    customer_phone: '0803 123 4567',
    items: [{ id: 11, product_id: 1, name: 'Matte Lipstick', unit_price: 4500, quantity: 2, total: 9000, refunded_quantity: 0 }],
    subtotal: 9000,
    discount: 0,
    total: 9000,
    payments: [payment({ method: 'cash', amount: 10000, reference: null })],
    refunds: [],
    refunded: 0,
    amount_paid: 10000,
    change: 1000,
    deposit: 0,
    balance: 0,
    balance_payments: [],
    client_id: null,
    payment_method: 'cash',
    status: 'paid',
    staff: { id: 7, name: 'Ada Obi' },
    discount_approved_by: null,
    note: null,
    client_ref: null,
    oversold: false,
    offline: null,
    business_date: '2026-03-09',
    voided_at: null,
    voided_by: null,
    void_reason: null,
    created_at: '2026-03-09T10:15:00.000+01:00',
    updated_at: '2026-03-09T10:15:00.000+01:00',
    ...overrides,
  };
}

/** The paged envelope of the orders lists. */
export function ordersPage(data: Order[], { page = 1, lastPage = 1, total = data.length, summary }: { page?: number; lastPage?: number; total?: number; summary?: unknown } = {}) {
  return { data, current_page: page, last_page: lastPage, per_page: 20, total, ...(summary === undefined ? {} : { summary }) };
}

export function staffSummary(store: [number, number], office: [number, number] = [0, 0], salon: [number, number] = [0, 0]): StaffSummary {
  const by_outlet = { store: { count: store[0], total: store[1] }, office: { count: office[0], total: office[1] }, salon: { count: salon[0], total: salon[1] } };
  const total = store[1] + office[1] + salon[1];
  return { count: store[0] + office[0] + salon[0], total, sold: total, refunded: 0, by_outlet };
}
