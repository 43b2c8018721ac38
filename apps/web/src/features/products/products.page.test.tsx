import { screen, waitFor, within } from '@testing-library/react';
import { type Product, productSchema, type StockMovement, stockMovementSchema } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/auth-store';
import { type FetchCall, callsOf, COMPONENT_TEST_TIMEOUT, jsonResponse, makeUser, mockFetch, quietApiClient, recordOf, renderRoutes, setupUser, storeUser } from '../../test/helpers';
import { ProductsPage } from './products.page';
import { summarizeStock } from './stock.queries';

const stamp = '2026-03-01T09:00:00.000Z';

function product(overrides: Partial<Product>): Product {
  return recordOf(productSchema, {
    id: 1,
    outlet: 'salon',
    name: 'Item',
    kind: 'product',
    sku: null,
    category: null,
    cost_price: 1000,
    price: 2000,
    duration_minutes: null,
    quantity: 10,
    reorder_level: 5,
    stock_status: 'stocked',
    archived_at: null,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  });
}

const BROW = product({ id: 5, name: 'Brow Pencil', sku: 'BRW-DB', category: 'Brows', cost_price: 2500, price: 4500, quantity: 3, stock_status: 'low' });
const SPRAY = product({ id: 8, name: 'Setting Spray', sku: 'SET-100', category: 'Face', cost_price: 8000.5, price: 12500, quantity: 0, stock_status: 'finished' });
const WASH = product({ id: 6, name: 'Wash & Set', kind: 'service', category: 'Hair', cost_price: 0, price: 5000, quantity: null, stock_status: null });
const ALL = [BROW, SPRAY, WASH];

const MOVEMENTS = [
  { id: 3, product_id: 5, outlet: 'salon', change: -2, quantity_after: 3, reason: 'transfer_out', order_id: null, note: 'To store', user: { id: 1, name: 'Studio Admin' }, created_at: stamp },
  { id: 2, product_id: 5, outlet: 'salon', change: 4, quantity_after: 5, reason: 'restock', order_id: null, note: 'Supplier invoice 12', user: { id: 1, name: 'Studio Admin' }, created_at: stamp },
  { id: 1, product_id: 5, outlet: 'salon', change: 1, quantity_after: 1, reason: 'opening', order_id: null, note: null, user: null, created_at: stamp },
].map((m) => recordOf(stockMovementSchema, m as Partial<StockMovement>));

/** What the API sends this user: staff never receive cost prices (contract §3). */
const asSeenBy = (admin: boolean, rows: Product[]) => (admin ? rows : rows.map(({ cost_price: _cost, ...rest }) => rest as Product));

const paged = (rows: Product[]) => ({ data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length });

type Handler = (call: FetchCall) => Response | undefined;

function renderPage(user: CurrentUser, extra: Handler = () => undefined) {
  storeUser(user);
  const admin = user.is_admin === 1;
  const fetchMock = mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (call.method === 'GET' && path === '/api/products') {
      // with ?page= the paged list of the table; without it the whole list behind the figures
      return call.url.searchParams.has('page') ? jsonResponse(200, paged(asSeenBy(admin, ALL))) : jsonResponse(200, { data: asSeenBy(admin, ALL) });
    }
    const status = path.match(/^\/api\/products\/(finished|low|stocked)$/)?.[1];
    if (call.method === 'GET' && status) return jsonResponse(200, paged(asSeenBy(admin, ALL.filter((p) => p.stock_status === status))));
    if (call.method === 'GET' && path === '/api/products/5/movements') {
      return jsonResponse(200, { data: MOVEMENTS, current_page: 1, last_page: 1, per_page: 15, total: MOVEMENTS.length });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  const result = renderRoutes([{ path: '/products/manage/salon', element: <ProductsPage title="Salon Products" outlet="salon" /> }], '/products/manage/salon');
  return { ...result, fetchMock };
}

const admin = () => makeUser({ id: 1, name: 'Studio Admin', role: 'Administrator', is_admin: 1 });
const staff = () => makeUser({ id: 7, is_admin: 0 });
const rowOf = (name: string) => screen.getAllByTestId('resource-row').find((row) => within(row).queryByText(name))!;
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) => callsOf(fetchMock).filter((c) => c.method === 'GET' && c.url.searchParams.has('page') && !c.url.pathname.includes('movements'));

async function openStockMenu(name: string, item: 'row-restock' | 'row-stock-history' | 'row-transfer') {
  const user = setupUser();
  await user.click(within(rowOf(name)).getByTestId('row-stock'));
  await user.click(await screen.findByTestId(item));
  return user;
}

// the API client logs every failed call with console.warn; the failures here are expected
quietApiClient();

describe('ProductsPage', { timeout: COMPONENT_TEST_TIMEOUT }, () => {
  it('shows an admin the outlet list with cost prices, stock badges and the figures', async () => {
    const { fetchMock } = renderPage(admin());
    await screen.findByText('Brow Pencil');
    const header = screen.getByTestId('resource-table').querySelector('thead')!;
    expect([...header.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Name', 'SKU', 'Category', 'Kind', 'Price', 'Cost price', 'Supplier', 'Quantity', 'Reorder level', 'Stock', 'Actions',
    ]);
    expect(within(rowOf('Brow Pencil')).getByText('₦2,500.00')).toBeTruthy();
    expect(within(rowOf('Brow Pencil')).getByText('₦4,500.00')).toBeTruthy();
    expect(within(rowOf('Brow Pencil')).getByTestId('stock-badge').textContent).toBe('Low stock');
    expect(within(rowOf('Setting Spray')).getByTestId('stock-badge').textContent).toBe('Finished');
    expect(within(rowOf('Wash & Set')).getByTestId('stock-badge').textContent).toBe('Service');
    // a service has no stock actions, only edit and delete
    expect(within(rowOf('Wash & Set')).queryByTestId('row-stock')).toBeNull();
    expect(within(rowOf('Wash & Set')).getByTestId('row-edit')).toBeTruthy();
    // the generic History sits beside the page's own stock menu, once a row
    for (const name of ['Brow Pencil', 'Setting Spray', 'Wash & Set']) expect(within(rowOf(name)).getAllByTestId('row-history')).toHaveLength(1);
    expect(screen.getByTestId('create-button').textContent).toContain('Add Product');

    await waitFor(() => expect(screen.getByTestId('stat-products-value').textContent).toBe('2'));
    expect(screen.getByTestId('stat-finished-value').textContent).toBe('1');
    expect(screen.getByTestId('stat-low-value').textContent).toBe('1');
    // 3 × 2,500 + 0 × 8,000.50
    expect(screen.getByTestId('stat-value-value').textContent).toBe('₦7,500.00');

    // the list asks for this outlet only
    expect(listCalls(fetchMock)[0]!.url.searchParams.get('outlet')).toBe('salon');
  });

  it('a failed load shows the list’s Retry and dashes in the figures, never zeros', async () => {
    renderPage(admin(), (call) => (call.method === 'GET' && call.url.pathname === '/api/products' ? jsonResponse(500, { message: 'Server error.' }) : undefined));
    await screen.findByTestId('list-retry');
    await waitFor(() => expect(screen.getByTestId('stat-products-value').textContent).toBe('—'));
    for (const id of ['stat-finished', 'stat-low', 'stat-value']) expect(screen.getByTestId(`${id}-value`).textContent).toBe('—');
    expect(screen.queryByText('₦0.00')).toBeNull();
  });

  it('shows staff the same list read-only, without cost prices or write buttons', async () => {
    const { fetchMock } = renderPage(staff());
    await screen.findByText('Brow Pencil');
    const header = screen.getByTestId('resource-table').querySelector('thead')!;
    expect([...header.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'SKU', 'Category', 'Kind', 'Price', 'Quantity', 'Reorder level', 'Stock']);
    expect(screen.queryByText('Cost price')).toBeNull();
    expect(screen.queryByText('₦2,500.00')).toBeNull();
    for (const id of ['create-button', 'row-edit', 'row-delete', 'row-stock', 'row-history', 'stat-value']) {
      expect(screen.queryAllByTestId(id)).toHaveLength(0);
    }
    await waitFor(() => expect(screen.getByTestId('stat-stocked-value').textContent).toBe('0'));

    // the filters still work
    const user = setupUser();
    await user.click(screen.getByRole('tab', { name: 'Finished' }));
    await waitFor(() => expect(screen.queryByText('Brow Pencil')).toBeNull());
    expect(screen.getByText('Setting Spray')).toBeTruthy();
    expect(listCalls(fetchMock).at(-1)!.url.pathname).toBe('/api/products/finished');
    expect(callsOf(fetchMock).every((c) => c.method === 'GET')).toBe(true);
  });

  it('switches the list path with the filter tabs, keeping the outlet', async () => {
    const { fetchMock } = renderPage(admin());
    await screen.findByText('Brow Pencil');
    const user = setupUser();
    const expectLast = async (path: string) =>
      waitFor(() => {
        const last = listCalls(fetchMock).at(-1)!;
        expect(last.url.pathname).toBe(path);
        expect(last.url.searchParams.get('outlet')).toBe('salon');
        expect(last.url.searchParams.get('page')).toBe('1');
      });

    expect(listCalls(fetchMock).at(-1)!.url.pathname).toBe('/api/products');
    await user.click(screen.getByRole('tab', { name: 'Finished' }));
    await expectLast('/api/products/finished');
    await user.click(screen.getByRole('tab', { name: 'Low stock' }));
    await expectLast('/api/products/low');
    await waitFor(() => expect(screen.queryByText('Setting Spray')).toBeNull());
    expect(screen.getByText('Brow Pencil')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Stocked' }));
    await expectLast('/api/products/stocked');
    expect(await screen.findByTestId('list-empty')).toBeTruthy();
    expect(screen.getByTestId('list-empty').textContent).toBe('Nothing under “Stocked”.');
    // back to All: the list already fetched from /api/products?outlet=salon shows again
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(await screen.findByText('Setting Spray')).toBeTruthy();
    expect(screen.getByText('Wash & Set')).toBeTruthy();
    const paths = listCalls(fetchMock).map((c) => c.url.pathname);
    expect(new Set(paths)).toEqual(new Set(['/api/products', '/api/products/finished', '/api/products/low', '/api/products/stocked']));

    // a figure card opens its tab too
    await user.click(screen.getByRole('button', { name: /^Show low stock/i }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Low stock' }).getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(screen.queryByText('Setting Spray')).toBeNull());
    expect(screen.getByText('Brow Pencil')).toBeTruthy();
  });

  it('restocks with a positive change and writes off with a negative one, showing a 422 under the quantity', async () => {
    const puts: FetchCall[] = [];
    const { fetchMock } = renderPage(admin(), (call) => {
      if (call.method !== 'PUT') return undefined;
      puts.push(call);
      const body = call.body as { quantity: number };
      if (body.quantity < -3) {
        return jsonResponse(422, { message: 'Only 3 in stock: the quantity cannot go below 0.', errors: { quantity: ['Only 3 in stock: the quantity cannot go below 0.'] } });
      }
      return jsonResponse(200, { data: { ...BROW, quantity: 3 + body.quantity } });
    });
    await screen.findByText('Brow Pencil');

    let user = await openStockMenu('Brow Pencil', 'row-restock');
    let modal = await screen.findByTestId('restock-form');
    expect(within(modal).getByTestId('restock-in-stock').textContent).toBe('In stock: 3');
    await user.type(modal.querySelector<HTMLInputElement>('[data-field=quantity]')!, '4');
    await user.type(modal.querySelector<HTMLTextAreaElement>('[data-field=note]')!, 'Supplier invoice 12');
    expect(within(modal).getByTestId('restock-after').textContent).toBe('Stock after: 7');
    await user.click(within(modal).getByTestId('restock-submit'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.url.pathname).toBe('/api/products/quantity/5');
    expect(puts[0]!.body).toEqual({ quantity: 4, note: 'Supplier invoice 12' });
    await waitFor(() => expect(screen.queryByTestId('restock-form')).toBeNull());
    // the list and the figures are fetched again
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(1));

    user = await openStockMenu('Brow Pencil', 'row-restock');
    modal = await screen.findByTestId('restock-form');
    await user.click(within(modal).getByText('Write off (remove)'));
    await user.type(modal.querySelector<HTMLInputElement>('[data-field=quantity]')!, '9');
    expect(within(modal).getByTestId('restock-after').textContent).toBe('Stock after: -6');
    await user.click(within(modal).getByTestId('restock-submit'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.body).toEqual({ quantity: -9, note: null });
    // the API's sentence for the quantity, under the quantity (the same one-form-hook mapping as every form)
    expect(await within(modal).findByText('Only 3 in stock: the quantity cannot go below 0.')).toBeTruthy();
    expect(modal.querySelector('[data-field=quantity]')!.getAttribute('aria-invalid')).toBe('true');
    expect(within(modal).queryByTestId('restock-error')).toBeNull();
    // the modal stays open to correct the count
    expect(screen.getByTestId('restock-form')).toBeTruthy();

    await user.clear(modal.querySelector<HTMLInputElement>('[data-field=quantity]')!);
    await user.type(modal.querySelector<HTMLInputElement>('[data-field=quantity]')!, '2');
    await user.click(within(modal).getByTestId('restock-submit'));
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]!.body).toEqual({ quantity: -2, note: null });
    await waitFor(() => expect(screen.queryByTestId('restock-form')).toBeNull());
  });

  it('refuses a zero or empty count before calling the API, in the shared schema’s words', async () => {
    const { fetchMock } = renderPage(admin());
    await screen.findByText('Brow Pencil');
    const user = await openStockMenu('Brow Pencil', 'row-restock');
    const modal = await screen.findByTestId('restock-form');
    await user.click(within(modal).getByTestId('restock-submit'));
    expect(await within(modal).findByText('Quantity is required.')).toBeTruthy();
    // after a first try the sentence follows the typing
    await user.type(modal.querySelector<HTMLInputElement>('[data-field=quantity]')!, '0');
    expect(await within(modal).findByText('Quantity must not be zero.')).toBeTruthy();
    expect(within(modal).queryByText('Quantity is required.')).toBeNull();
    expect(callsOf(fetchMock).some((c) => c.method === 'PUT')).toBe(false);
  });

  it('lists the stock ledger with reason labels, signed changes and who made them', async () => {
    renderPage(admin());
    await screen.findByText('Brow Pencil');
    await openStockMenu('Brow Pencil', 'row-stock-history');
    const rows = await screen.findAllByTestId('movement-row');
    expect(rows.map((r) => within(r).getByTestId('movement-reason').textContent)).toEqual(['Transfer out', 'Restock', 'Opening stock']);
    expect(rows.map((r) => within(r).getByTestId('movement-change').textContent)).toEqual(['-2', '+4', '+1']);
    expect(rows.map((r) => within(r).getByTestId('movement-after').textContent)).toEqual(['3', '5', '1']);
    expect(within(rows[1]!).getByText('Studio Admin')).toBeTruthy();
    expect(within(rows[1]!).getByText('Supplier invoice 12')).toBeTruthy();
    expect(within(screen.getByTestId('stock-history')).getByText('3 changes')).toBeTruthy();
  });

  it('creates a product with the outlet fixed, and a service without stock fields', async () => {
    const posts: FetchCall[] = [];
    renderPage(admin(), (call) => {
      if (call.method !== 'POST') return undefined;
      posts.push(call);
      return jsonResponse(201, { data: product({ id: 50, ...(call.body as object) }) });
    });
    await screen.findByText('Brow Pencil');
    const user = setupUser();
    await user.click(screen.getByTestId('create-button'));
    let form = await screen.findByTestId('resource-form-body');
    const field = (name: string) => form.querySelector<HTMLInputElement>(`[data-field=${name}]`);
    await user.type(field('name')!, 'Lash Glue');
    await user.type(field('price')!, '2500');
    await user.clear(field('quantity')!);
    await user.type(field('quantity')!, '12');
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url.pathname).toBe('/api/products');
    expect(posts[0]!.body).toEqual({ outlet: 'salon', name: 'Lash Glue', kind: 'product', sku: null, category: null, price: 2500, cost_price: 0, supplier_id: null, quantity: 12, reorder_level: 5 });
    await waitFor(() => expect(screen.queryByTestId('resource-form-body')).toBeNull());

    await user.click(screen.getByTestId('create-button'));
    form = await screen.findByTestId('resource-form-body');
    await user.type(field('name')!, 'Gel Manicure');
    await user.type(field('price')!, '8000');
    await user.click(field('kind')!);
    // the listbox is still fading in (jsdom runs no transitions), so the option counts as hidden
    await user.click(await screen.findByRole('option', { name: 'Service (no stock)', hidden: true }));
    // no opening stock or reorder level for a service
    await waitFor(() => expect(field('quantity')).toBeNull());
    expect(field('reorder_level')).toBeNull();
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.body).toEqual({ outlet: 'salon', name: 'Gel Manicure', kind: 'service', sku: null, category: null, price: 8000, cost_price: 0, supplier_id: null, reorder_level: 5, duration_minutes: null });
  });

  it('transfers stock to another outlet', async () => {
    const posts: FetchCall[] = [];
    renderPage(admin(), (call) => {
      if (call.method !== 'POST') return undefined;
      posts.push(call);
      return jsonResponse(201, { data: { from: { ...BROW, quantity: 1 }, to: { ...BROW, id: 40, outlet: 'office', quantity: 2 }, quantity: 2 } });
    });
    await screen.findByText('Brow Pencil');
    const user = await openStockMenu('Brow Pencil', 'row-transfer');
    const modal = await screen.findByTestId('transfer-form');
    // the outlet it is at is not offered
    expect((modal.querySelector<HTMLInputElement>('[data-field=to_outlet]')!).value).toBe('Makeup Store');
    await user.type(modal.querySelector<HTMLInputElement>('[data-field=quantity]')!, '2');
    await user.type(modal.querySelector<HTMLTextAreaElement>('[data-field=note]')!, 'For the store shelf');
    await user.click(within(modal).getByTestId('transfer-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url.pathname).toBe('/api/stock-transfers');
    expect(posts[0]!.body).toEqual({ product_id: 5, to_outlet: 'store', quantity: 2, note: 'For the store shelf' });
    await waitFor(() => expect(screen.queryByTestId('transfer-form')).toBeNull());
  });

  it('shows a refused transfer under the quantity, and a sentence for no input above the form', async () => {
    const posts: FetchCall[] = [];
    renderPage(admin(), (call) => {
      if (call.method !== 'POST') return undefined;
      posts.push(call);
      return posts.length === 1
        ? jsonResponse(422, { message: 'Only 3 in stock.', errors: { quantity: ['Only 3 in stock: the quantity cannot go below 0.'] } })
        : jsonResponse(422, { message: 'The selected product is invalid.', errors: { product_id: ['The selected product is invalid.'] } });
    });
    await screen.findByText('Brow Pencil');
    const user = await openStockMenu('Brow Pencil', 'row-transfer');
    const modal = await screen.findByTestId('transfer-form');
    const quantity = modal.querySelector<HTMLInputElement>('[data-field=quantity]')!;
    await user.click(within(modal).getByTestId('transfer-submit'));
    expect(await within(modal).findByText('Quantity is required.')).toBeTruthy();
    expect(posts).toHaveLength(0);

    await user.type(quantity, '9');
    await user.click(within(modal).getByTestId('transfer-submit'));
    expect(await within(modal).findByText('Only 3 in stock: the quantity cannot go below 0.')).toBeTruthy();
    expect(within(modal).queryByTestId('transfer-error')).toBeNull();

    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(within(modal).queryByText('Only 3 in stock: the quantity cannot go below 0.')).toBeNull();
    await user.click(within(modal).getByTestId('transfer-submit'));
    expect((await within(modal).findByTestId('transfer-error')).textContent).toBe('The selected product is invalid.');
    expect(posts.map((c) => (c.body as { quantity: number }).quantity)).toEqual([9, 2]);
  });
});

describe('summarizeStock', () => {
  it('counts by status, skips services and sums values in kobo', () => {
    const rows = [
      product({ quantity: 3, cost_price: 0.1, price: 0.2, stock_status: 'low' }),
      product({ quantity: 3, cost_price: 0.2, price: 0.35, stock_status: 'low' }),
      product({ quantity: 0, cost_price: 999, stock_status: 'finished' }),
      product({ quantity: 6, cost_price: 1234.56, price: 2000, stock_status: 'stocked' }),
      product({ kind: 'service', quantity: null, cost_price: 50, price: 5000, stock_status: null }),
    ];
    expect(summarizeStock(rows)).toEqual({ products: 4, services: 1, finished: 1, low: 2, stocked: 1, costValue: 7408.26, retailValue: 12001.65 });
  });

  it('has no cost value when the cost prices were left out (staff)', () => {
    const { cost_price: _c, ...seen } = product({ quantity: 2 });
    expect(summarizeStock([seen as Product]).costValue).toBeNull();
  });
});
