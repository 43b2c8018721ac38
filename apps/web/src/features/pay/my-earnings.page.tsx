import { Card, Group, Progress, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { monthRange, PAY_SOURCE_LABELS } from '@studio/shared';
import { IconCash, IconTrendingUp } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { studioMonth } from '../../lib/studio-time';
import { PageHeader } from '../../lib/ui/page-header';
import { StatCard } from '../../lib/ui/stat-card';
import { useMyEarnings } from './pay.queries';

/**
 * /invoices/my-earnings (staff): the signed-in person's commission for a period (this month by default), each naira's
 * sale and rule, and what is left to their next tier (GET /api/my-earnings/{from}/{to}: their own only).
 */
export function MyEarningsPage({ title }: { title: string }) {
  const [period, setPeriod] = useState(() => monthRange(studioMonth()));
  const earnings = useMyEarnings(period.from, period.to);
  const e = earnings.data;
  return (
    <div data-testid="my-earnings-page">
      <PageHeader title={title} />
      <Stack gap="md">
        <Card withBorder radius="md">
          <Group align="flex-end">
            <TextInput type="date" label="From" value={period.from} onChange={(ev) => setPeriod({ ...period, from: ev.currentTarget.value })} />
            <TextInput type="date" label="To" value={period.to} onChange={(ev) => setPeriod({ ...period, to: ev.currentTarget.value })} />
          </Group>
        </Card>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <StatCard label="My commission" value={e ? formatMoney(e.commission) : '—'} icon={<IconCash size={22} />} loading={earnings.isPending} testId="my-commission" />
          <StatCard label="Adjustments" value={e ? formatMoney(e.adjustments) : '—'} icon={<IconTrendingUp size={22} />} loading={earnings.isPending} testId="my-adjustments" />
        </SimpleGrid>
        {e?.tiers.map((t) => (
          <Card withBorder radius="md" key={t.rule_id} data-testid="my-tier">
            <Text fw={600}>{t.rule}</Text>
            {t.next ? (
              <>
                <Text size="sm" c="dimmed">
                  {formatMoney(t.total)} so far at {t.rate}%: {formatMoney(t.next.remaining)} more reaches {t.next.rate}% (from {formatMoney(t.next.threshold)}).
                </Text>
                <Progress value={Math.min(100, (t.total / t.next.threshold) * 100)} mt="xs" />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {formatMoney(t.total)} so far: the top rate, {t.rate}%.
              </Text>
            )}
          </Card>
        ))}
        <Card withBorder radius="md">
          <Title order={3} size="h5" mb="sm">
            Where it came from
          </Title>
          <Table striped data-testid="my-sources">
            <Table.Tbody>
              {(e?.sources ?? []).map((s, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatDate(s.date)}</Table.Td>
                  <Table.Td>
                    {PAY_SOURCE_LABELS[s.kind]}
                    {s.order ? ` · ${s.order.invoice_no}` : ''}
                    <Text size="xs" c="dimmed">
                      {s.detail}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(s.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {e && e.sources.length === 0 && <Text c="dimmed">No commission in this period.</Text>}
        </Card>
      </Stack>
    </div>
  );
}
