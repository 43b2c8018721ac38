import { extraPrograms, officeStudents } from '@studio/shared';
import { useReferenceOptions } from '../../crud/reference-options';
import { defineResourceUi } from '../../crud/resource-ui';
import { enrolmentEndFor, feeAndDepositFields, feeAndStatusColumns, nameColumns, startOr, traineeViews } from './trainee-parts';
import { TraineesAdminPage, TraineesStaffPage } from './trainees.page';

/**
 * Office (PMU) students: a PMU package (an extra program of type office) whose price fills the fee and whose duration
 * the dates: she starts on the start typed (today when none) and ends that long after. Both dates stay editable.
 */
export const officeStudentsUi = defineResourceUi({
  resource: officeStudents,
  views: traineeViews(officeStudents),
  columns: [
    ...nameColumns(),
    { key: 'package_id', label: 'Package', kind: 'reference', nowrap: true },
    { key: 'start_date', label: 'Starts', kind: 'date' },
    { key: 'end_date', label: 'Ends', kind: 'date' },
    ...feeAndStatusColumns(),
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Ifeoma Eze' },
    { name: 'phone', label: 'Phone', kind: 'text', required: true, placeholder: '0803 123 4567' },
    {
      name: 'package_id',
      label: 'PMU package',
      kind: 'reference',
      required: true,
      wide: true,
      optionFilter: (pkg) => pkg.type === 'office',
      fill: (pkg, v) => {
        const start = startOr(v.start_date);
        return { fee: pkg.price, start_date: start, end_date: enrolmentEndFor(start, pkg) ?? v.end_date };
      },
    },
    { name: 'start_date', label: 'Start date', kind: 'date', required: true },
    { name: 'end_date', label: 'End date', kind: 'date', required: true },
    ...feeAndDepositFields('package'),
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'address', label: 'Address', kind: 'text' },
  ],
});

/** /students/office-students/list */
export function OfficeStudentsPage({ title }: { title: string }) {
  const packages = useReferenceOptions(extraPrograms);
  const pmuPackages = packages.options.filter((_, i) => packages.records[i]!.type === 'office');
  return (
    <TraineesAdminPage
      title={title}
      ui={officeStudentsUi}
      receiptPrefix="PMU"
      countLabel="Students"
      csvName="office-students"
      references={[{ key: 'package_id', label: 'Package', options: pmuPackages }]}
      describe={(s) => ['PMU training', packages.labelOf(s.package_id)]}
    />
  );
}

/** /students/office-students/insession (staff) */
export function OfficeStudentsInSessionPage({ title }: { title: string }) {
  return <TraineesStaffPage title={title} ui={officeStudentsUi} call="insession" countLabel="In session" />;
}

/** /students/office-students/owing (staff) */
export function OfficeStudentsOwingPage({ title }: { title: string }) {
  return <TraineesStaffPage title={title} ui={officeStudentsUi} call="owing" countLabel="Owing" />;
}
