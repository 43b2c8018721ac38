import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's details as label / value pairs in two columns (one on a phone), and its free-text note under them. */
export function DetailFields({ rows, note }: { rows: readonly (readonly [string, ReactNode])[]; note?: string | null }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text fz="xs" c="dimmed">
              {label}
            </Text>
            <Text fz="sm">{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      {note && (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {note}
        </Text>
      )}
    </>
  );
}
