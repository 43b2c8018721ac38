import { Badge } from '@mantine/core';
import { trainingSessions } from '@studio/shared';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';

/** Training intakes students are placed in: /training-session/list-sessions. */
export const trainingSessionsUi = defineResourceUi({
  resource: trainingSessions,
  usage: true,
  columns: [
    { key: 'name', label: 'Name', nowrap: true },
    { key: 'start_date', label: 'Starts', kind: 'date' },
    { key: 'end_date', label: 'Ends', kind: 'date' },
    {
      key: 'active',
      label: 'Status',
      render: (row) => (
        <Badge variant="light" color={row.active ? 'teal' : 'gray'}>
          {row.active ? 'Active' : 'Closed'}
        </Badge>
      ),
    },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'January 2027 class', wide: true },
    { name: 'start_date', label: 'Start date', kind: 'date', required: true },
    { name: 'end_date', label: 'End date', kind: 'date', required: true },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true },
  ],
});

export function TrainingSessionsPage({ title }: { title: string }) {
  return <ResourceListPage ui={trainingSessionsUi} title={title} />;
}
