import { useSearchParams } from 'react-router';
import { studioMonth } from '../lib/studio-time';

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `2026-03` is a month; `2026-13`, `2026-3` and `March` are not. */
export function isMonth(value: string | null | undefined): value is string {
  return typeof value === 'string' && MONTH_RE.test(value);
}

/**
 * The month in the address (`?month=2026-03`, kept across a reload and in a shared link), else the
 * studio's current month. Setting it replaces the history entry, so Back leaves the page.
 *
 * @example
 * const [month, setMonth] = useMonthParam(); // '2026-03' on /invoices/product-invoices/store?month=2026-03
 */
export function useMonthParam(param = 'month'): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const month = isMonth(asked) ? asked : studioMonth();
  const setMonth = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set(param, next);
        return out;
      },
      { replace: true },
    );
  return [month, setMonth];
}
