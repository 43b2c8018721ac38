import { Badge, Box, ColorSwatch, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { OUTLETS, OUTLET_LABELS, PAYMENT_METHOD_LABELS, type Dashboard, type Outlet } from '@studio/shared';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/format';
import { OUTLET_COLORS } from '../../lib/ui/outlet-colors';
import { DONUT_SIZE, METHOD_COLORS, methodsByAmount, share as shareLabel } from './dashboard-figures';

type Sales = Dashboard['sales'];

const productsPath = (outlet: Outlet) => `/products/manage/${outlet}`;
const nowrap = { whiteSpace: 'nowrap' } as const;

export function OutletBadge({ outlet }: { outlet: Outlet }) {
  return (
    <Badge size="xs" variant="light" color={OUTLET_COLORS[outlet].split('.')[0]} style={{ flexShrink: 0 }}>
      {OUTLET_LABELS[outlet]}
    </Badge>
  );
}

export function EmptyLine({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" py="md" ta="center">
      {children}
    </Text>
  );
}

/** A ranked line: name and amount, then a bar against the best with a note (outlet, quantity) under it; opens `to`. */
function RankedRow({ rank, name, amount, share, color, note, noteWidth, testId, to }: { rank: number; name: ReactNode; amount: number; share: number; color: string; note: ReactNode; noteWidth: number; testId: string; to: string }) {
  return (
    <UnstyledButton component={Link} to={to} data-testid={testId} style={{ display: 'block' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
          <Text size="sm" c="dimmed" w={16} fw={600} style={{ flexShrink: 0 }}>
            {rank}
          </Text>
          <Text size="sm" fw={500} lineClamp={2}>
            {name}
          </Text>
        </Group>
        <Text size="sm" fw={600} style={nowrap}>
          {formatMoney(amount)}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" pl={24} mt={4}>
        <Progress value={share} color={color} size="sm" radius="xl" style={{ flex: 1 }} aria-hidden />
        <Group gap={6} wrap="nowrap" justify="flex-end" w={noteWidth} style={{ flexShrink: 0 }}>
          {note}
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/** This month's best sellers, products and services, by revenue; each opens its outlet's products. */
export function TopProductsList({ items }: { items: Sales['top_products'] }) {
  if (!items.length) return <EmptyLine>No sales yet this month.</EmptyLine>;
  const best = items[0]!.total;
  return (
    <Stack gap="sm" data-testid="top-products">
      {items.map((p, i) => (
        <RankedRow
          key={p.product_id}
          rank={i + 1}
          name={p.name}
          amount={p.total}
          share={best > 0 ? (p.total / best) * 100 : 0}
          color={OUTLET_COLORS[p.outlet]}
          testId="top-product"
          to={productsPath(p.outlet)}
          noteWidth={180}
          note={
            <>
              <OutletBadge outlet={p.outlet} />
              <Text size="xs" c="dimmed" style={nowrap} w={78} ta="right">
                {p.quantity} {p.kind === 'service' ? (p.quantity === 1 ? 'booking' : 'bookings') : 'sold'}
              </Text>
            </>
          }
        />
      ))}
    </Stack>
  );
}

/** Finished and low products per outlet (each opens that outlet's products) and the most urgent ones. */
export function StockAlertsList({ stock }: { stock: Dashboard['stock'] }) {
  return (
    <Stack gap="sm" data-testid="stock-alerts">
      <Stack gap={4}>
        {OUTLETS.map((o) => {
          const { finished, low } = stock.by_outlet[o];
          return (
            <UnstyledButton key={o} component={Link} to={productsPath(o)} data-testid={`stock-outlet-${o}`} px="xs" py={4} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate>
                  {OUTLET_LABELS[o]}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" fw={600} c={finished ? 'red' : low ? 'orange' : 'teal'} style={nowrap}>
                    {finished + low === 0 ? 'All stocked' : [finished && `${finished} out`, low && `${low} low`].filter(Boolean).join(' · ')}
                  </Text>
                  <IconChevronRight size={14} color="var(--mantine-color-dimmed)" />
                </Group>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      {stock.lowest.length === 0 ? (
        <EmptyLine>Every product is above its reorder level.</EmptyLine>
      ) : (
        <Stack gap={0}>
          {stock.lowest.map((p) => (
            <UnstyledButton key={p.id} component={Link} to={productsPath(p.outlet)} py={6} data-testid="stock-alert" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" truncate title={p.name}>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {OUTLET_LABELS[p.outlet]} · reorder at {p.reorder_level}
                  </Text>
                </div>
                <Badge color={p.stock_status === 'finished' ? 'red' : 'orange'} variant={p.stock_status === 'finished' ? 'filled' : 'light'} miw={64} style={{ flexShrink: 0 }}>
                  {p.quantity === 0 ? 'Out' : `${p.quantity} left`}
                </Badge>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** This month's best-selling staff; each opens the staff performances. */
export function TopStaffList({ staff }: { staff: Sales['top_staff'] }) {
  if (!staff.length) return <EmptyLine>No sales yet this month.</EmptyLine>;
  const best = staff[0]!.total;
  return (
    <Stack gap="sm" data-testid="top-staff">
      {staff.map((s, i) => (
        <RankedRow
          key={s.id}
          rank={i + 1}
          name={s.name}
          amount={s.total}
          share={best > 0 ? (s.total / best) * 100 : 0}
          color="blush.4"
          testId="top-staff-row"
          to="/invoices/staff-performances"
          noteWidth={80}
          note={
            <Text size="xs" c="dimmed" style={nowrap}>
              {s.count} {s.count === 1 ? 'invoice' : 'invoices'}
            </Text>
          }
        />
      ))}
    </Stack>
  );
}

/**
 * This month's takings by payment method: the donut (`donut`, drawn when its chunk has come) beside a legend of
 * amounts and shares, which shows with the other numbers.
 */
export function PaymentMethods({ methods, total, donut }: { methods: Sales['payment_methods']; total: number; donut: ReactNode }) {
  return (
    <Group gap="lg" justify="center" align="center" wrap="wrap" data-testid="payment-methods">
      <Box pos="relative" w={DONUT_SIZE} h={DONUT_SIZE}>
        {donut}
      </Box>
      <Stack gap={8} style={{ flex: '1 1 170px', minWidth: 0 }}>
        {methodsByAmount(methods).map((m) => (
          // the whole method name always shows: on a narrow card the amount moves under it instead of cutting it
          <Group key={m} justify="space-between" wrap="wrap" gap="xs" data-testid={`method-${m}`}>
            <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
              <ColorSwatch color={`var(--mantine-color-${METHOD_COLORS[m].replace('.', '-')})`} size={12} withShadow={false} />
              <Text size="sm" style={nowrap} data-testid="legend-label">
                {PAYMENT_METHOD_LABELS[m]}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" ml="auto">
              <Text size="sm" fw={600} style={nowrap}>
                {formatMoney(methods[m])}
              </Text>
              <Text size="xs" c="dimmed" w={34} ta="right">
                {shareLabel(methods[m], total)}
              </Text>
            </Group>
          </Group>
        ))}
        {/* appointment deposits counted at check-out: taken before, part of this month's sales, so the lines add up */}
        {methods.deposit > 0 && (
          <Group justify="space-between" wrap="wrap" gap="xs" data-testid="method-deposit">
            <Text size="sm" style={nowrap} data-testid="legend-label">
              Deposits paid before
            </Text>
            <Group gap={6} wrap="nowrap" ml="auto">
              <Text size="sm" fw={600} style={nowrap}>
                {formatMoney(methods.deposit)}
              </Text>
              <Text size="xs" c="dimmed" w={34} ta="right">
                {shareLabel(methods.deposit, total)}
              </Text>
            </Group>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
