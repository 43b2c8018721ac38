import { Badge } from '@mantine/core';
import { servicePackages } from '@studio/shared';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';

/**
 * Packages of sessions (issue 31, item 4; decision 040): /finances/service-packages. Sold to a client from the
 * client's page; a session is used at the till or a check-out. Other services a session may cover are sent as
 * `extra_service_ids` (the form edits the main service).
 */
export const servicePackagesUi = defineResourceUi({
  resource: servicePackages,
  columns: [
    { key: 'name', label: 'Name', nowrap: true },
    { key: 'service_id', label: 'Service', kind: 'reference' },
    { key: 'sessions', label: 'Sessions' },
    { key: 'price', label: 'Price', kind: 'money' },
    { key: 'validity_days', label: 'Valid (days)' },
    {
      key: 'active',
      label: 'Status',
      render: (row) => (
        <Badge variant="light" color={row.active ? 'teal' : 'gray'}>
          {row.active ? 'Sold' : 'Withdrawn'}
        </Badge>
      ),
    },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Lash fills x6' },
    {
      name: 'service_id',
      label: 'Service',
      kind: 'reference',
      required: true,
      referenceQuery: { kind: 'service' },
      optionFilter: (p) => p.archived_at === null || p.archived_at === undefined,
    },
    { name: 'sessions', label: 'Sessions', kind: 'number', required: true },
    { name: 'price', label: 'Price', kind: 'money', required: true },
    { name: 'validity_days', label: 'Valid for (days)', kind: 'number', required: true, defaultValue: 180 },
    { name: 'active', label: 'Sold to clients', kind: 'boolean', defaultValue: true },
    { name: 'note', label: 'Note', kind: 'textarea', wide: true },
  ],
});

export function ServicePackagesPage({ title }: { title: string }) {
  return <ResourceListPage ui={servicePackagesUi} title={title} csv={{ name: 'service-packages' }} />;
}
