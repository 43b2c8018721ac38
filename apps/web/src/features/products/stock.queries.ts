import { type Outlet, type Paged, type Product, type QuantityChange, type StockMovement, type StockTransferInput, fromKobo, products, toKobo, route } from '@studio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { resourceKeys, useRefreshAfterWrite } from '../../crud/create-resource-hooks';
import { api, apiRequest, segment } from '../../lib/api-client';

// Every query here is rooted at the resource name: a restock, sale or edit that invalidates
// 'products' refreshes the list, the summary and the ledger at once.
const keys = resourceKeys(products.name);
const HISTORY_PER_PAGE = 15;

export interface StockSummary {
  products: number;
  services: number;
  finished: number;
  low: number;
  stocked: number;
  /** Quantity × cost price of the products in stock; null for staff (they never receive cost prices). */
  costValue: number | null;
  /** Quantity × selling price. */
  retailValue: number;
}

/** Counts and values of one outlet's stock, from its whole product list. Sums in kobo, never in floating naira. */
export function summarizeStock(rows: readonly Product[]): StockSummary {
  let cost = 0;
  let retail = 0;
  let costKnown = rows.length > 0;
  const out = { products: 0, services: 0, finished: 0, low: 0, stocked: 0 };
  for (const row of rows) {
    if (row.kind === 'service') {
      out.services += 1;
      continue;
    }
    out.products += 1;
    if (row.stock_status) out[row.stock_status] += 1;
    const quantity = Math.max(0, row.quantity ?? 0);
    retail += toKobo(row.price) * quantity;
    if (row.cost_price === undefined) costKnown = false;
    else cost += toKobo(row.cost_price) * quantity;
  }
  return { ...out, costValue: costKnown ? fromKobo(cost) : null, retailValue: fromKobo(retail) };
}

/** GET /api/products?outlet= (the whole list, unpaged): the figures over the table. */
export function useStockSummary(outlet: Outlet) {
  return useQuery({
    queryKey: [...keys.all, 'summary', outlet],
    queryFn: ({ signal }) => api.get('/api/products', { outlet }, signal).then(summarizeStock),
  });
}

/** GET /api/products/{id}/movements?page=: the stock ledger, newest first (admins). */
export function useStockMovements(productId: number | null, page: number) {
  return useQuery({
    queryKey: [...keys.all, 'movements', productId ?? 0, page],
    queryFn: ({ signal }) =>
      apiRequest<Paged<StockMovement>>(`${products.path}/${segment(productId!)}/movements`, { query: { page, per_page: HISTORY_PER_PAGE }, signal }),
    enabled: typeof productId === 'number',
    // the page shown stays while the next loads, but never another product's
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === productId ? previous : undefined),
  });
}

/** A stock change refreshes the products and, like any product write, what they reference (a restock's supplier is in use). */
const useInvalidateProducts = () => useRefreshAfterWrite(products.name);

/** PUT /api/products/quantity/{id} { quantity: signed delta, note }: restock (> 0) or write-off (< 0). Errors are shown in the modal. */
export function useQuantityChange() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: QuantityChange }) => api.put(route('/api/products/quantity/{id}', { id }), body, { quiet: true }),
    onSuccess: invalidate,
  });
}

export type { StockTransferResult } from '@studio/shared';

/** POST /api/stock-transfers { product_id, to_outlet, quantity, note }. */
export function useStockTransfer() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: StockTransferInput) => api.post('/api/stock-transfers', body, { quiet: true }),
    onSuccess: invalidate,
  });
}
