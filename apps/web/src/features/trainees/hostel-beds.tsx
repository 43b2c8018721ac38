import { resourceCalls } from '../../lib/resource-calls';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { type HostelStudent, hostelStudents } from '@studio/shared';
import { useQuery } from '@tanstack/react-query';
import { resourceKeys } from '../../crud/create-resource-hooks';
import type { ReferenceOptions } from '../../crud/reference-options';

/** How many hostel students are in session today, by pricing: one whole list (a hostel has tens of beds), grouped here. */
export function bedsTakenByPricing(inSession: readonly Pick<HostelStudent, 'pricing_id'>[]): Map<number, number> {
  const taken = new Map<number, number>();
  for (const s of inSession) taken.set(s.pricing_id, (taken.get(s.pricing_id) ?? 0) + 1);
  return taken;
}

/**
 * Manage Hostel's beds taken: one card per hostel pricing (every one, a pricing nobody is on shows 0) with the
 * students in session on it today, from GET /api/hostel-students-insession (under the hostel's query-key root: a
 * check-in, a suspension or a change refreshes it).
 */
export function HostelBeds({ pricings }: { pricings: ReferenceOptions }) {
  const inSession = useQuery({
    queryKey: [...resourceKeys(hostelStudents.name).lists(), 'beds'],
    queryFn: ({ signal }) => resourceCalls.listCall(hostelStudents, 'insession', {}, undefined, signal),
  });
  const taken = bedsTakenByPricing(inSession.data ?? []);
  const hostelPricings = pricings.records.filter((p) => p.type === 'hostel');
  // a student on a pricing since deleted, or of another type, still takes a bed
  const known = new Set(hostelPricings.map((p) => p.id));
  const elsewhere = [...taken].filter(([id]) => !known.has(id)).reduce((sum, [, n]) => sum + n, 0);
  const cards = [
    ...hostelPricings.map((p) => ({ key: String(p.id), label: String(p.name), n: taken.get(p.id) ?? 0 })),
    ...(elsewhere > 0 ? [{ key: 'other', label: 'Other pricing', n: elsewhere }] : []),
  ];
  const loading = inSession.isPending || pricings.isPending;
  const total = (inSession.data ?? []).length;
  return (
    <Card withBorder radius="md" p="md" mb="md" data-testid="hostel-beds">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb="xs">
        Beds taken today{loading ? '' : `: ${total}`}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {loading && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={48} radius="sm" />)}
        {!loading && cards.length === 0 && (
          <Text size="sm" c="dimmed">
            No hostel pricing yet.
          </Text>
        )}
        {!loading &&
          cards.map((c) => (
            <div key={c.key} data-testid={`beds-${c.key}`}>
              <Text fw={700} fz={20} data-testid={`beds-${c.key}-value`}>
                {c.n}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {c.label}
              </Text>
            </div>
          ))}
      </SimpleGrid>
    </Card>
  );
}
