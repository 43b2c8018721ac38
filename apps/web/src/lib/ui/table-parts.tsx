import { Group, Pagination, Skeleton, Table, Text } from '@mantine/core';

/** Placeholder rows while a table's first page loads. */
export function SkeletonRows({ rows = 5, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <Table.Tr key={`skeleton-${i}`}>
          {Array.from({ length: columns }, (_, j) => (
            <Table.Td key={j}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** "Showing 21–40 of 134" and the page buttons, under a server-paged table. */
export function PagingFooter({ page, lastPage, perPage, total, more = false, onPage, testId }: { page: number; lastPage: number; perPage: number; total: number; more?: boolean; onPage: (page: number) => void; testId?: string }) {
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Group justify="space-between" p="md" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid={testId ? `${testId}-range` : undefined}>
        {total > 0 ? `Showing ${first}–${last} of ${total.toLocaleString('en')}${more ? '+' : ''}` : ' '}
      </Text>
      <Pagination total={lastPage} value={Math.min(page, lastPage)} onChange={onPage} size="sm" withEdges hideWithOnePage={false} data-testid={testId ? `${testId}-pagination` : undefined} />
    </Group>
  );
}
