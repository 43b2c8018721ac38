import { Badge, type BadgeProps } from '@mantine/core';
import type { Statuses } from '@studio/shared';
import type { ReactNode } from 'react';

/**
 * A status as a badge, in the words and colour its resource declares once (`defineStatuses` in packages/shared): the
 * table's column, a detail's header and the calendar read the same declaration as the form's select and the filter.
 * `children` replace the words when the record says more ("Checked out", "Cancelled · deposit refunded").
 *
 * @example
 * <StatusBadge statuses={bookingStatuses} status={b.status} />
 */
export function StatusBadge<S extends string>({ statuses, status, children, ...rest }: { statuses: Statuses<S>; status: S; children?: ReactNode } & Omit<BadgeProps, 'color' | 'children'> & { 'data-testid'?: string }) {
  return (
    <Badge variant="light" color={statuses.colorOf(status)} {...rest}>
      {children ?? statuses.labelOf(status)}
    </Badge>
  );
}
