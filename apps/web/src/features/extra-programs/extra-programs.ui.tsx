import { EXTRA_PROGRAM_LABELS, type ExtraProgramType, describePlan, extraPrograms } from '@studio/shared';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';

/**
 * PMU packages (type office) and hostel pricing (type hostel) are one resource; each page lists its
 * type from GET /api/extra-programs/list/{type} and creates records with that type fixed.
 */
export function extraProgramsUi(type: ExtraProgramType) {
  return defineResourceUi({
    resource: extraPrograms,
    usage: true,
    singular: EXTRA_PROGRAM_LABELS[type].singular,
    filter: { listPath: `${extraPrograms.path}/list/${type}`, values: { type } },
    columns: [
      { key: 'name', label: 'Name', nowrap: true },
      { key: 'price', label: 'Price', kind: 'money' },
      { key: 'duration', label: 'Duration', nowrap: true },
      // issue 33: a PMU package's instalment plan (a hostel pricing has none)
      ...(type === 'office' ? [{ key: 'plan' as const, label: 'Instalment plan', render: (r: { plan: Parameters<typeof describePlan>[0] }) => describePlan(r.plan) }] : []),
      { key: 'description', label: 'Description' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: type === 'office' ? 'Microblading' : 'Shared room' },
      { name: 'price', label: 'Price', kind: 'money', required: true },
      { name: 'duration', label: 'Duration', kind: 'text', placeholder: type === 'office' ? '2 weeks' : 'per month' },
      ...(type === 'office'
        ? [{ name: 'min_attendance_percent' as const, label: 'Minimum attendance (%)', kind: 'number' as const, description: 'The share of marked days a trainee must attend for her certificate; empty: no minimum.' }]
        : []),
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  });
}

const officeUi = extraProgramsUi('office');
const hostelUi = extraProgramsUi('hostel');

/** /programs/extra-list/office */
export function PmuPackagesPage({ title }: { title: string }) {
  return <ResourceListPage ui={officeUi} title={title} />;
}

/** /programs/extra-list/hostel */
export function HostelPricingPage({ title }: { title: string }) {
  return <ResourceListPage ui={hostelUi} title={title} />;
}
