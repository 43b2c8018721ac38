import { screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import type { Order } from '@studio/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../lib/auth-store';
import { type FetchCall, callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, renderRoutes, resetSession, setupUser, storeUser } from '../../test/helpers';
import { makeOrder, ordersPage, payment } from '../../test/order-fixtures';
import { InvoicesPage } from './invoices.page';

const PATH = '/invoices/product-invoices/store';
const ADMIN = makeUser({ id: 1, name: 'Studio Admin', role: 'Admin', is_admin: 1 });
const STAFF = makeUser({ id: 7, is_admin: 0 });

const first = makeOrder();
const second = makeOrder({ id: 2, invoice_no: 'STO-000002', customer_name: 'Bisi Alade', total: 4500, subtotal: 4500, items: [{ id: 12, product_id: 1, name: 'Matte Lipstick', unit_price: 4500, quantity: 1, total: 4500, refunded_quantity: 0 }], payments: [payment({ method: 'transfer', amount: 4500, reference: 'TRF-1' })], amount_paid: 4500, change: 0, payment_method: 'transfer' });

/** A small orders API: the March month list (2 pages), both searches, one order, void and edit. */
function serveOrders() {
  const orders = new Map<number, Order>([
    [1, first],
    [2, second],
  ]);
  const paid = () => [...orders.values()].filter((o) => o.status === 'paid');
  return mockFetch((call: FetchCall) => {
    const path = call.url.pathname;
    const month = path.match(/^\/api\/orders\/getmonth\/([^/]+)\/([^/]+)$/);
    if (call.method === 'GET' && month) {
      const page = Number(call.url.searchParams.get('page') ?? 1);
      // as the API: the paid invoices' total net of their refunds, with what they were sold for and what went back
      const sold = paid().reduce((n, o) => n + o.total, 0);
      const refunded = paid().reduce((n, o) => n + o.refunded, 0);
      const summary = { count: paid().length, total: sold - refunded, sold, refunded };
      return jsonResponse(200, ordersPage(page === 1 ? [...orders.values()] : [makeOrder({ id: 30, invoice_no: 'STO-000030', customer_name: 'Page Two' })], { page, lastPage: 2, total: 21, summary }));
    }
    const invoice = path.match(/^\/api\/orders\/search\/([^/]+)$/);
    if (call.method === 'GET' && invoice) return jsonResponse(200, ordersPage([second]));
    const name = path.match(/^\/api\/orders\/name-search\/([^/]+)$/);
    if (call.method === 'GET' && name) return jsonResponse(200, ordersPage([first]));
    const refund = path.match(/^\/api\/orders\/(\d+)\/refunds$/);
    if (call.method === 'POST' && refund) {
      // what the API answers for the refund these tests send: one of the two lipsticks back, in cash
      const order = orders.get(Number(refund[1]))!;
      const body = call.body as { items: { order_item_id: number; quantity: number }[]; reason: string; method: 'cash' };
      const item = order.items.find((i) => i.id === body.items[0]!.order_item_id)!;
      const refunded: Order = {
        ...order,
        items: order.items.map((i) => (i.id === item.id ? { ...i, refunded_quantity: body.items[0]!.quantity } : i)),
        refunds: [
          {
            id: 1,
            amount: 4500,
            method: body.method,
            reference: null,
            reason: body.reason,
            business_date: '2026-03-10',
            items: [{ order_item_id: item.id, product_id: item.product_id, name: item.name, quantity: 1, amount: 4500 }],
            staff: { id: 7, name: 'Ada Obi' },
            approved_by: { id: 1, name: 'Studio Admin' },
            created_at: '2026-03-10T11:00:00.000+01:00',
          },
        ],
        refunded: 4500,
      };
      orders.set(order.id, refunded);
      return jsonResponse(201, { data: refunded });
    }
    const one = path.match(/^\/api\/orders\/(\d+)$/);
    if (one) {
      const id = Number(one[1]);
      const order = orders.get(id);
      if (!order) return jsonResponse(404, { message: 'Order not found.' });
      if (call.method === 'GET') return jsonResponse(200, { data: order });
      if (call.method === 'DELETE') {
        const reason = (call.body as { reason?: string } | undefined)?.reason;
        if (!reason) return jsonResponse(422, { message: 'The reason field is required.', errors: { reason: ['The reason field is required.'] } });
        const voided = { ...order, status: 'void' as const, voided_at: '2026-03-10T09:00:00.000+01:00', voided_by: { id: 1, name: 'Studio Admin' }, void_reason: reason };
        orders.set(id, voided);
        return jsonResponse(200, { data: voided });
      }
      if (call.method === 'PUT') {
        const updated = { ...order, ...(call.body as Partial<Order>) };
        orders.set(id, updated);
        return jsonResponse(200, { data: updated });
      }
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

function renderInvoices(user: CurrentUser, entry = `${PATH}?month=2026-03`) {
  storeUser(user);
  const fetchMock = serveOrders();
  const result = renderRoutes([{ path: PATH, element: <InvoicesPage outlet="store" title="Invoices (Makeup)" /> }], entry);
  return { ...result, fetchMock };
}

const gets = (mock: ReturnType<typeof mockFetch>, prefix: string) => callsOf(mock).filter((c) => c.method === 'GET' && c.url.pathname.startsWith(prefix));
const rows = () => screen.queryAllByTestId('order-row');

async function openInvoice(invoiceNo: string) {
  const user = setupUser();
  await screen.findByText(invoiceNo);
  await user.click(screen.getByText(invoiceNo));
  // a Mantine modal's root stays mounted; its content shows once opened
  await screen.findByTestId('order-reprint');
  return within(screen.getByTestId('order-detail'));
}

beforeEach(() => resetSession());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('InvoicesPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it("lists the month's invoices from getmonth/{month}/{outlet}?page=1 and shows the month summary", async () => {
    const { fetchMock } = renderInvoices(STAFF);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [call] = gets(fetchMock, '/api/orders/getmonth/');
    expect(call!.url.pathname).toBe('/api/orders/getmonth/2026-03/store');
    expect(call!.url.searchParams.get('page')).toBe('1');
    expect(call!.headers.Authorization).toBe('Bearer token-b');

    expect(screen.getByTestId('summary-count-value').textContent).toBe('2');
    expect(screen.getByTestId('summary-total-value').textContent).toBe('₦13,500.00');
    expect(screen.getByTestId('summary-average-value').textContent).toBe('₦6,750.00');
    const row = within(rows()[0]!);
    expect(row.getByText('STO-000001')).toBeTruthy();
    expect(row.getByText('Ada Eze')).toBeTruthy();
    expect(row.getByText('₦9,000.00')).toBeTruthy();
    expect(row.getByText('Cash')).toBeTruthy();
    expect(row.getByText('Ada Obi')).toBeTruthy();
    expect(row.getByText('PAID')).toBeTruthy();
    expect(screen.getByTestId('orders-range').textContent).toBe('Showing 1–20 of 21');
  });

  it('asks the server for the next page', async () => {
    const { fetchMock } = renderInvoices(STAFF);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = setupUser();
    await user.click(within(screen.getByTestId('orders-pagination')).getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Page Two');
    const pages = gets(fetchMock, '/api/orders/getmonth/').map((c) => `${c.url.pathname}?${c.url.searchParams}`);
    expect(pages).toContain('/api/orders/getmonth/2026-03/store?page=2');
  });

  it('opens on the current month', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00'));
    const { fetchMock } = renderInvoices(STAFF, PATH);
    await waitFor(() => expect(gets(fetchMock, '/api/orders/getmonth/')).toHaveLength(1));
    expect(gets(fetchMock, '/api/orders/getmonth/')[0]!.url.pathname).toBe('/api/orders/getmonth/2031-06/store');
  });

  it('searches by invoice number with orders/search/{text}', async () => {
    const { fetchMock } = renderInvoices(STAFF);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = setupUser();
    await user.click(within(screen.getByTestId('search-mode')).getByText('Invoice no'));
    await user.type(screen.getByTestId('invoice-search'), 'STO-000002');
    await waitFor(() => expect(gets(fetchMock, '/api/orders/search/')).toHaveLength(1));
    const call = gets(fetchMock, '/api/orders/search/')[0]!;
    expect(call.url.pathname).toBe('/api/orders/search/STO-000002');
    expect(call.url.searchParams.get('outlet')).toBe('store');
    expect(call.url.searchParams.get('page')).toBe('1');
    expect(gets(fetchMock, '/api/orders/name-search/')).toHaveLength(0);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('STO-000002')).toBeTruthy();
    expect(screen.getByTestId('search-note').textContent).toContain('every month');
  });

  it('searches by customer name with orders/name-search/{text}', async () => {
    const { fetchMock } = renderInvoices(STAFF);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = setupUser();
    await user.type(screen.getByTestId('invoice-search'), 'Ada E');
    await waitFor(() => expect(gets(fetchMock, '/api/orders/name-search/')).toHaveLength(1));
    expect(gets(fetchMock, '/api/orders/name-search/')[0]!.url.pathname).toBe('/api/orders/name-search/Ada%20E');
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows an invoice with its items and payments; staff may reprint but never see Void or Edit', async () => {
    renderInvoices(STAFF);
    const detail = await openInvoice('STO-000002');
    expect(detail.getByTestId('order-customer').textContent).toBe('Bisi Alade');
    expect(within(detail.getByTestId('order-items')).getByText('Matte Lipstick')).toBeTruthy();
    expect(within(detail.getByTestId('order-payments')).getByText('Bank transfer (TRF-1)')).toBeTruthy();
    expect(detail.getByTestId('order-reprint')).toBeTruthy();
    expect(detail.queryByTestId('order-void')).toBeNull();
    expect(detail.queryByTestId('order-edit')).toBeNull();
    expect(screen.queryByText('Void')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
  });

  it('a staff member refunds an item with an admin approval; the receipt then prints the refund and what the sale kept', async () => {
    const { fetchMock } = renderInvoices(STAFF);
    const user = setupUser();
    const detail = await openInvoice('STO-000001');
    await user.click(detail.getByTestId('order-refund'));
    const form = within(await screen.findByTestId('refund-form'));
    expect(form.getByTestId('refund-submit')).toHaveProperty('disabled', true);
    await user.type(form.getByTestId('refund-quantity'), '1');
    expect(form.getByTestId('refund-amount').textContent).toBe('Money back: ₦4,500.00');
    await user.type(form.getByTestId('refund-reason'), 'Wrong shade');
    // no approval yet: the form says so under the admin's fields and sends nothing
    await user.click(form.getByTestId('refund-submit'));
    await waitFor(() => expect(form.getByTestId('refund-approval').textContent).toMatch(/Admin username.*required/i));
    expect(callsOf(fetchMock).some((c) => c.method === 'POST')).toBe(false);
    await user.type(form.getByTestId('refund-approval-username'), 'blessing');
    await user.type(form.getByTestId('refund-approval-password'), 'admin-pass');
    await user.click(form.getByTestId('refund-submit'));

    // the refund's receipt (on screen, and again in the print area)
    await waitFor(() => expect(screen.getAllByTestId('receipt-refund')[0]!.textContent).toContain('-1 x Matte Lipstick'), { timeout: 10_000 });
    expect(screen.getByText('Refund on STO-000001')).toBeTruthy();
    expect(screen.getAllByTestId('receipt-net')[0]!.textContent).toBe('₦4,500.00');
    const post = callsOf(fetchMock).find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/orders/1/refunds');
    expect(post.body).toMatchObject({ items: [{ order_item_id: 11, quantity: 1 }], method: 'cash', reason: 'Wrong shade', approval: { username: 'blessing', password: 'admin-pass' } });
    expect(typeof (post.body as { client_ref?: string }).client_ref).toBe('string');
    // the month's total is net of it, saying what was sold and refunded
    await waitFor(() => expect(screen.getByTestId('summary-total-value').textContent).toBe('₦9,000.00'));
    expect(within(screen.getByTestId('summary-total')).getByText('After ₦4,500.00 refunded of ₦13,500.00 sold')).toBeTruthy();
    expect(screen.getByTestId('summary-count-value').textContent).toBe('2');
  });

  it('reprints through the receipt modal', async () => {
    renderInvoices(STAFF);
    const detail = await openInvoice('STO-000001');
    await setupUser().click(detail.getByTestId('order-reprint'));
    await screen.findByTestId('receipt-print');
    const receipt = within(screen.getByTestId('receipt-modal'));
    expect(receipt.getByTestId('receipt-invoice-no').textContent).toBe('STO-000001');
    expect(receipt.getByTestId('receipt-print')).toBeTruthy();
    expect(receipt.getByTestId('receipt-whatsapp')).toBeTruthy();
  });

  it('voids only after confirmation and with a reason, with DELETE /api/orders/{id} { reason }; the list then shows VOID and the summary drops', async () => {
    const { fetchMock } = renderInvoices(ADMIN);
    const user = setupUser();
    let detail = await openInvoice('STO-000001');
    await user.click(detail.getByTestId('order-void'));
    await screen.findByTestId('confirm-void');
    const confirm = within(screen.getByTestId('void-confirm'));
    expect(confirm.getByText(/cannot be undone/)).toBeTruthy();
    expect(callsOf(fetchMock).filter((c) => c.method === 'DELETE')).toHaveLength(0);

    // Cancel: nothing is voided
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-void')).toBeNull());
    expect(callsOf(fetchMock).filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(await screen.findByTestId('order-void'));
    // no reason: the shared schema refuses it under the labelled field, and nothing is sent
    const reason = await screen.findByLabelText(/^Reason/);
    await user.click(screen.getByTestId('confirm-void'));
    await waitFor(() => expect(within(screen.getByTestId('void-confirm')).getByText('Reason is required.')).toBeTruthy());
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await user.type(reason, '   ');
    await user.click(screen.getByTestId('confirm-void'));
    expect(callsOf(fetchMock).filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  Rung up twice ');
    await user.click(screen.getByTestId('confirm-void'));
    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.method === 'DELETE')).toHaveLength(1));
    const sent = callsOf(fetchMock).find((c) => c.method === 'DELETE')!;
    expect(sent.url.pathname).toBe('/api/orders/1');
    expect(sent.body).toEqual({ reason: 'Rung up twice' });

    // the list and the summary refresh: the row is VOID, the month counts only the other sale
    await waitFor(() => expect(screen.getByTestId('summary-total-value').textContent).toBe('₦4,500.00'));
    expect(screen.getByTestId('summary-count-value').textContent).toBe('1');
    const voidRow = rows().find((r) => within(r).queryByText('STO-000001'))!;
    expect(voidRow.dataset.status).toBe('void');
    expect(within(voidRow).getByText('VOID')).toBeTruthy();
    // the open invoice says so, who voided it, when and why, and offers no more Void or Edit
    await screen.findByTestId('order-void-note');
    expect(screen.getByTestId('order-void-line').textContent).toMatch(/^Voided by Studio Admin on .+2026.*: Rung up twice\.$/);
    detail = within(screen.getByTestId('order-detail'));
    expect(detail.queryByTestId('order-void')).toBeNull();
    expect(detail.queryByTestId('order-edit')).toBeNull();
  });

  it("exports every invoice of the month, 100 a page, as invoices-store-2026-03.csv", async () => {
    const { fetchMock } = renderInvoices(STAFF);
    let saved: Blob | undefined;
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => ((saved = blob), 'blob:invoices')), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await setupUser().click(screen.getByTestId('month-export'));
    await waitFor(() => expect(names).toEqual(['invoices-store-2026-03.csv']));

    const exportCalls = gets(fetchMock, '/api/orders/getmonth/').filter((c) => c.url.searchParams.get('per_page') === '100');
    expect(exportCalls.map((c) => `${c.url.pathname}?${c.url.searchParams}`)).toEqual([
      '/api/orders/getmonth/2026-03/store?page=1&per_page=100',
      '/api/orders/getmonth/2026-03/store?page=2&per_page=100',
    ]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved!.arrayBuffer()).replace(/^\uFEFF/, '');
    const [header, ...lines] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header).toEqual(['Invoice no', 'Date', 'Customer', 'Phone', 'Items', 'Total', 'Payment', 'Staff', 'Status']);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual(['STO-000001', '2026-03-09', 'Ada Eze', '0803 123 4567', '2', '9000.00', 'Cash', 'Ada Obi', 'PAID']);
    expect(lines[2]![2]).toBe('Page Two');
  });

  it('edits the customer, phone, note and payment method with PUT /api/orders/{id}', async () => {
    const { fetchMock } = renderInvoices(ADMIN);
    const user = setupUser();
    const detail = await openInvoice('STO-000002');
    await user.click(detail.getByTestId('order-edit'));
    const form = within(await screen.findByTestId('edit-invoice-form'));
    const name = form.getByLabelText(/Customer name/);
    await user.clear(name);
    await user.type(name, 'Bisi Alade-Okon');
    await user.type(form.getByLabelText('Note'), 'Paid by her sister');
    await user.click(form.getByTestId('edit-invoice-save'));

    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = callsOf(fetchMock).find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/orders/2');
    // the method did not change, so it is not sent (sending it relabels the payments)
    expect(put.body).toEqual({ customer_name: 'Bisi Alade-Okon', customer_phone: '0803 123 4567', note: 'Paid by her sister' });
    await waitFor(() => expect(screen.queryByTestId('edit-invoice-form')).toBeNull());
    await waitFor(() => expect(within(screen.getByTestId('order-detail')).getByTestId('order-customer').textContent).toBe('Bisi Alade-Okon'));
  });
});
