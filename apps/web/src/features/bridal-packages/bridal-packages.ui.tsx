import { Badge } from '@mantine/core';
import { bridalPackages } from '@studio/shared';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';

/** Bridal packages clients book: /bookings/packages. */
export const bridalPackagesUi = defineResourceUi({
  resource: bridalPackages,
  usage: true,
  columns: [
    { key: 'name', label: 'Name', nowrap: true },
    { key: 'price', label: 'Price', kind: 'money' },
    { key: 'description', label: 'Description' },
    {
      key: 'active',
      label: 'Status',
      render: (row) => (
        <Badge variant="light" color={row.active ? 'teal' : 'gray'}>
          {row.active ? 'Offered' : 'Withdrawn'}
        </Badge>
      ),
    },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Bridal Gold' },
    { name: 'price', label: 'Price', kind: 'money', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'active', label: 'Offered to clients', kind: 'boolean', defaultValue: true },
  ],
});

export function BridalPackagesPage({ title }: { title: string }) {
  return <ResourceListPage ui={bridalPackagesUi} title={title} />;
}
