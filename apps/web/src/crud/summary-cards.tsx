import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format';
import { StatCard } from '../lib/ui/stat-card';

type SummaryFigure<S> =
  /** A figure the server sent: `count`, `total`, `balance`... */
  | { key: keyof S & string; value?: undefined }
  /** A figure worked out from the summary (an average); `key` only names it (test id). */
  | { key: string; value: (summary: S) => number };

/** One stat card over a list: a figure of the server's summary and how it reads. */
export type SummaryCardDef<S> = SummaryFigure<S> & {
  label: string;
  /** `money`: ₦1,234.00; `count`: 12. */
  format: 'money' | 'count';
  /** The small line under the figure, or one read from the summary; default the list's (a month view: the month's name). */
  hint?: ReactNode | ((summary: S) => ReactNode);
  icon?: ReactNode;
  color?: string;
  /** Default `summary-{key}` (its figure: `summary-{key}-value`). */
  testId?: string;
};

/** A card's figure from the summary; 0 while there is none, or for a figure that is not a number. */
export function summaryFigure<S>(card: SummaryCardDef<S>, summary: S | undefined): number {
  if (!summary) return 0;
  const n = card.value ? card.value(summary) : Number((summary as Record<string, unknown>)[card.key] ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/**
 * The server's summary of a list as a row of stat cards (a month's bookings, the trainees shown): the figures as
 * sent for the whole list, never sums of the page on screen. Skeletons while `loading`; a dash when there is no summary
 * (a failed load), never 0.
 *
 * @example
 * <SummaryCards summary={list.data?.summary} loading={list.isPending} hint="In session"
 *   cards={[{ key: 'count', label: 'Students', format: 'count' }, { key: 'balance', label: 'Owed', format: 'money' }]} />
 */
export function SummaryCards<S>({ cards, summary, loading, hint }: { cards: readonly SummaryCardDef<S>[]; summary: S | undefined; loading: boolean; hint?: ReactNode }) {
  if (cards.length === 0) return null;
  return (
    // by the room the list has (a list beside a calendar is half the page), not the screen's width
    <SimpleGrid type="container" cols={{ base: 1, '420px': cards.length <= 3 ? cards.length : 2, '760px': Math.min(cards.length, 4) }} spacing="md" data-testid="summary-cards">
      {cards.map((card) => {
        const n = summaryFigure(card, summary);
        return (
          <StatCard
            key={card.key}
            label={card.label}
            // no summary (the list failed to load): a dash, never a zero that reads as "nothing sold"
            value={summary === undefined ? '—' : card.format === 'money' ? formatMoney(n) : n.toLocaleString('en-NG')}
            hint={(typeof card.hint === 'function' ? (summary === undefined ? undefined : card.hint(summary)) : card.hint) ?? hint}
            icon={card.icon}
            color={card.color}
            loading={loading}
            testId={card.testId ?? `summary-${card.key}`}
          />
        );
      })}
    </SimpleGrid>
  );
}
