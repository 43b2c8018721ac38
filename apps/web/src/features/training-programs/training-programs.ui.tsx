import { describePlan, trainingPrograms } from '@studio/shared';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';

/** Program types of makeup training: /programs/list-types. */
export const trainingProgramsUi = defineResourceUi({
  resource: trainingPrograms,
  usage: true,
  columns: [
    { key: 'name', label: 'Name', nowrap: true },
    { key: 'duration', label: 'Duration', nowrap: true },
    { key: 'fee', label: 'Fee', kind: 'money' },
    // issue 33: the instalment plan a new student's schedule is written from (set through the API for now)
    { key: 'plan', label: 'Instalment plan', render: (r) => describePlan(r.plan) },
    { key: 'description', label: 'Description' },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Professional makeup' },
    { name: 'duration', label: 'Duration', kind: 'text', required: true, placeholder: '3 months', description: 'A length of time (3 months, 6 weeks): a new student ends her start plus it.' },
    { name: 'fee', label: 'Fee', kind: 'money', required: true },
    { name: 'min_attendance_percent', label: 'Minimum attendance (%)', kind: 'number', description: 'The share of marked days a student must attend for her certificate; empty: no minimum.' },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
});

export function TrainingProgramsPage({ title }: { title: string }) {
  return <ResourceListPage ui={trainingProgramsUi} title={title} />;
}
