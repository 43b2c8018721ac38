import { Badge, Card, Table, Title } from '@mantine/core';
import { addDays, route, type TouchUpPlan, type TouchUpQuote } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';

// A client's PMU touch-up plans (issue 31, item 5; decision 040): what a touch-up costs today, and whether it is booked.

/** What today's quote says: "Included until 12 Feb", "₦40,000 (within 6 months)", "Full price ₦150,000", "Too early". */
export function quoteLabel(plan: Pick<TouchUpPlan, 'procedure_date' | 'rule'>, quote: TouchUpQuote): string {
  switch (quote.band) {
    case 'too_early':
      return `Too early: from ${formatDate(addDays(plan.procedure_date, plan.rule.free_from_week * 7))}`;
    case 'included':
      return `Included until ${formatDate(addDays(plan.procedure_date, (plan.rule.free_to_week + 1) * 7 - 1))}`;
    case 'band':
      return `${formatMoney(quote.price)} (within ${quote.months} months)`;
    case 'full':
      return `Full price ${formatMoney(quote.price)}`;
  }
}

export function ClientTouchUps({ clientId }: { clientId: number }) {
  const plans = useQuery({ queryKey: ['clients', clientId, 'touch-ups'], queryFn: ({ signal }) => api.get(route('/api/clients/{id}/touch-ups', { id: clientId }), undefined, signal) });
  const list = plans.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card withBorder radius="md" data-testid="client-touch-ups">
      <Title order={4} mb="xs">
        Touch-ups
      </Title>
      <Table fz="sm">
        <Table.Tbody>
          {list.map((p) => (
            <Table.Tr key={p.order_item_id} data-testid="client-touch-up">
              <Table.Td>{p.service_name}</Table.Td>
              <Table.Td>{formatDate(p.procedure_date)}</Table.Td>
              <Table.Td>{quoteLabel(p, p.quote)}</Table.Td>
              <Table.Td>
                {p.booked ? (
                  <Badge variant="light" color="teal">
                    Booked {formatDate(p.booked.day)}
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray">
                    Not booked
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
