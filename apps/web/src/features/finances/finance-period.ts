import { addMonths, monthRange } from '@studio/shared';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { isMonth } from '../../crud/use-month-param';
import { studioMonth } from '../../lib/studio-time';

export type PeriodKind = 'month' | 'range' | 'year';

/** What the figures are for: one month (the default), any two days, or a calendar year. */
export type Period = { kind: 'month'; month: string } | { kind: 'range'; from: string; to: string } | { kind: 'year'; year: string };

export const PERIOD_KINDS: readonly { value: PeriodKind; label: string }[] = [
  { value: 'month', label: 'Month' },
  { value: 'range', label: 'Range' },
  { value: 'year', label: 'Year' },
];

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_RE = /^\d{4}$/;
const isDay = (v: string | null): v is string => v !== null && DAY_RE.test(v) && dayjs(v).format('YYYY-MM-DD') === v;

/**
 * The period in the address: `?period=range&from=2026-01-01&to=2026-03-31`, `?period=year&year=2026`, else the
 * month of `?month=` (the month view's own parameter) or the studio's current month. A range given backwards is
 * read forwards; anything unreadable falls back to the month.
 */
export function periodFromParams(params: URLSearchParams, currentMonth = studioMonth()): Period {
  const kind = params.get('period');
  const month = params.get('month');
  const fallback: Period = { kind: 'month', month: isMonth(month) ? month : currentMonth };
  if (kind === 'range') {
    const from = params.get('from');
    const to = params.get('to');
    if (!isDay(from) || !isDay(to)) return fallback;
    return from <= to ? { kind: 'range', from, to } : { kind: 'range', from: to, to: from };
  }
  if (kind === 'year') {
    const year = params.get('year');
    return year && YEAR_RE.test(year) ? { kind: 'year', year } : { kind: 'year', year: fallback.month.slice(0, 4) };
  }
  return fallback;
}

/** The address parameters of a period (the others of the address are kept by the caller). */
export function periodParams(period: Period): Record<string, string> {
  switch (period.kind) {
    case 'month':
      return { period: 'month', month: period.month };
    case 'range':
      return { period: 'range', from: period.from, to: period.to };
    case 'year':
      return { period: 'year', year: period.year };
  }
}

/** First and last day of the period (what summary-range and the range list are asked for). */
export function periodDays(period: Period): { from: string; to: string } {
  switch (period.kind) {
    case 'month':
      return monthRange(period.month);
    case 'range':
      return { from: period.from, to: period.to };
    case 'year':
      return { from: `${period.year}-01-01`, to: `${period.year}-12-31` };
  }
}

/** `March 2026`, `Jan 5 – Mar 31, 2026`, `2026`. */
export function periodLabel(period: Period): string {
  switch (period.kind) {
    case 'month':
      return dayjs(`${period.month}-01`).format('MMMM YYYY');
    case 'year':
      return period.year;
    case 'range': {
      const from = dayjs(period.from);
      const to = dayjs(period.to);
      if (period.from === period.to) return from.format('MMM D, YYYY');
      return from.year() === to.year() ? `${from.format('MMM D')} – ${to.format('MMM D, YYYY')}` : `${from.format('MMM D, YYYY')} – ${to.format('MMM D, YYYY')}`;
    }
  }
}

/** A period of another kind that covers the one shown: a month becomes its days or its year, a year its first month. */
export function switchPeriod(current: Period, kind: PeriodKind, currentMonth = studioMonth()): Period {
  if (kind === current.kind) return current;
  const { from, to } = periodDays(current);
  if (kind === 'range') return { kind: 'range', from, to };
  if (kind === 'year') return { kind: 'year', year: from.slice(0, 4) };
  // back to a month: the one the period starts in, or this month when it is this year
  const month = current.kind === 'year' && currentMonth.startsWith(current.year) ? currentMonth : from.slice(0, 7);
  return { kind: 'month', month };
}

/** The last `count` months up to `month`, as summary-monthly is asked for them: `{ from: '2025-04', to: '2026-03' }`. */
export function lastMonths(month: string, count: number): { from: string; to: string } {
  return { from: addMonths(month, -(count - 1)), to: month };
}

/** The last `count` years up to `year`: `{ from: '2022', to: '2026' }`. */
export function lastYears(year: string, count: number): { from: string; to: string } {
  return { from: String(Number(year) - (count - 1)), to: year };
}

/** The period kept in the address; setting it replaces the history entry (Back leaves the page). */
export function usePeriodParam(): [Period, (period: Period) => void] {
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params);
  const setPeriod = (next: Period) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const key of ['period', 'month', 'from', 'to', 'year']) out.delete(key);
        for (const [key, value] of Object.entries(periodParams(next))) out.set(key, value);
        return out;
      },
      { replace: true },
    );
  return [period, setPeriod];
}
