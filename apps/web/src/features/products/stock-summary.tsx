import { Card, SimpleGrid, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Outlet } from '@studio/shared';
import { IconAlertTriangle, IconBox, IconCircleX, IconCoin, IconPackages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import { StatCard } from '../../lib/ui/stat-card';
import type { StockView } from './products.ui';
import { type StockSummary, useStockSummary } from './stock.queries';
import classes from './products.module.css';

export interface StockSummaryCardsProps {
  outlet: Outlet;
  admin: boolean;
  view: StockView;
  /** A count card opens its tab of the list. */
  onView: (view: StockView) => void;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The figures over an outlet's products: how many, how many finished or low, and (admins) what the stock is worth at cost. */
export function StockSummaryCards({ outlet, admin, view, onView }: StockSummaryCardsProps) {
  const summary = useStockSummary(outlet);
  const phone = useMediaQuery('(max-width: 36em)');
  const s = summary.data;
  const loading = summary.isPending;
  if (phone) return <PhoneSummary summary={s} loading={loading} admin={admin} view={view} onView={onView} />;

  const card = (target: StockView, content: ReactNode, wide = false) => (
    <UnstyledButton
      className={wide ? `${classes.statButton} ${classes.wide}` : classes.statButton}
      data-active={view === target || undefined}
      onClick={() => onView(target)}
      aria-pressed={view === target}
    >
      {/* named by what it shows, after "Show": every visible word is in its name */}
      <VisuallyHidden>Show </VisuallyHidden>
      {content}
    </UnstyledButton>
  );

  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mb="md" data-testid="stock-summary">
      {card(
        'all',
        <StatCard label="Products" value={s ? s.products : null} hint={s ? plural(s.services, 'service') : undefined} icon={<IconPackages size={22} />} loading={loading} testId="stat-products" />,
        admin,
      )}
      {card(
        'finished',
        <StatCard label="Finished" value={s ? s.finished : null} hint="none left" color="red" icon={<IconCircleX size={22} />} loading={loading} testId="stat-finished" />,
      )}
      {card(
        'low',
        <StatCard label="Low stock" value={s ? s.low : null} hint="at or under reorder level" color="orange" icon={<IconAlertTriangle size={22} />} loading={loading} testId="stat-low" />,
      )}
      {admin ? (
        <div className={classes.wide}>
          <StatCard
            label="Stock value"
            value={s ? formatMoney(s.costValue ?? 0) : null}
            hint={s ? `at cost · ${formatMoney(s.retailValue)} at selling price` : undefined}
            icon={<IconCoin size={22} />}
            loading={loading}
            testId="stat-value"
          />
        </div>
      ) : (
        card('stocked', <StatCard label="Stocked" value={s ? s.stocked : null} hint="above reorder level" color="teal" icon={<IconBox size={22} />} loading={loading} testId="stat-stocked" />)
      )}
    </SimpleGrid>
  );
}

const TILES: { view: StockView; label: string; key: 'products' | 'finished' | 'low' | 'stocked'; color?: string }[] = [
  { view: 'all', label: 'Products', key: 'products' },
  { view: 'finished', label: 'Finished', key: 'finished', color: 'red.7' },
  { view: 'low', label: 'Low', key: 'low', color: 'orange.7' },
  { view: 'stocked', label: 'Stocked', key: 'stocked', color: 'teal.7' },
];

/** On a phone the figures fit one short card, so the list starts on the first screen. */
function PhoneSummary({ summary, loading, admin, view, onView }: { summary: StockSummary | undefined; loading: boolean; admin: boolean; view: StockView; onView: (v: StockView) => void }) {
  return (
    <Card withBorder radius="md" p="xs" mb="md" data-testid="stock-summary">
      <SimpleGrid cols={4} spacing={4}>
        {TILES.map((tile) => (
          <UnstyledButton
            key={tile.view}
            className={classes.tile}
            data-active={view === tile.view || undefined}
            onClick={() => onView(tile.view)}
            aria-pressed={view === tile.view}
            data-testid={`stat-${tile.key}`}
          >
            <VisuallyHidden>Show </VisuallyHidden>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {tile.label}
            </Text>
            {loading ? (
              <Skeleton height={20} width={28} mt={4} radius="sm" />
            ) : (
              <Text fw={700} fz="lg" c={tile.color} data-testid={`stat-${tile.key}-value`}>
                {/* no summary (its load failed): a dash, never a zero */}
                {summary ? summary[tile.key] : '—'}
              </Text>
            )}
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {admin && summary && (
        <Text size="xs" c="dimmed" mt={6} px={6} data-testid="stat-value">
          Stock value{' '}
          <Text span fw={700} size="sm" c="var(--mantine-color-text)" data-testid="stat-value-value">
            {formatMoney(summary.costValue ?? 0)}
          </Text>{' '}
          at cost · {formatMoney(summary.retailValue)} at selling price
        </Text>
      )}
    </Card>
  );
}
