import { finances, route } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import { resourceKeys } from '../../crud/create-resource-hooks';
import { api } from '../../lib/api-client';

// Every key is rooted at the resource's name: adding, editing or deleting an entry refreshes the summaries too.
const root = resourceKeys(finances.name).all;
export const financeKeys = {
  categories: [...root, 'categories'] as const,
  summary: (from: string, to: string) => [...root, 'summary-range', from, to] as const,
  periods: (unit: 'monthly' | 'yearly', from: string, to: string) => [...root, `summary-${unit}`, from, to] as const,
};

/** The categories offered by type: the starting list and every one in use. */
export function fetchCategories(signal?: AbortSignal) {
  return api.get('/api/finances/categories', undefined, signal);
}

/** GET /api/finances/summary-range/{from}/{to}: income by source, expenses by category, totals and net. */
export function useFinanceSummary(from: string, to: string) {
  return useQuery({
    queryKey: financeKeys.summary(from, to),
    queryFn: ({ signal }) => api.get(route('/api/finances/summary-range/{from}/{to}', { from, to }), undefined, signal),
  });
}

/** GET /api/finances/summary-monthly/{YYYY-MM}/{YYYY-MM} or summary-yearly/{YYYY}/{YYYY}: every period present. */
export function useFinancePeriods(unit: 'monthly' | 'yearly', from: string, to: string) {
  return useQuery({
    queryKey: financeKeys.periods(unit, from, to),
    queryFn: ({ signal }) => api.get(route('/api/finances/summary-{unit}/{from}/{to}', { unit, from, to }), undefined, signal),
  });
}
