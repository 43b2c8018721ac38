import { students, trainingPrograms, trainingSessions } from '@studio/shared';
import { useReferenceOptions } from '../../crud/reference-options';
import { defineResourceUi } from '../../crud/resource-ui';
import { enrolmentEndFor as endFor, feeAndDepositFields, feeAndStatusColumns, nameColumns, traineeViews } from './trainee-parts';
import { TraineesAdminPage, TraineesStaffPage } from './trainees.page';

/**
 * Makeup students: a program type (its fee fills the fee, its duration the end date) and a training session (its start
 * is hers): a 1-month class gets one month, whatever the session's length (issue 17, item 4). Both dates stay editable.
 */
export const studentsUi = defineResourceUi({
  resource: students,
  views: traineeViews(students),
  columns: [
    ...nameColumns(),
    { key: 'program_id', label: 'Program', kind: 'reference', nowrap: true },
    // in the detail and the CSV: the table keeps room for the balance and status beside the row's actions
    { key: 'session_id', label: 'Session', kind: 'reference', only: 'csv' },
    { key: 'start_date', label: 'Starts', kind: 'date' },
    { key: 'end_date', label: 'Ends', kind: 'date' },
    ...feeAndStatusColumns(),
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Amaka Nwosu' },
    { name: 'phone', label: 'Phone', kind: 'text', required: true, placeholder: '0803 123 4567' },
    { name: 'program_id', label: 'Program', kind: 'reference', required: true, fill: (program, v) => ({ fee: program.fee, end_date: endFor(v.start_date, program) ?? v.end_date }) },
    {
      name: 'session_id',
      label: 'Session',
      kind: 'reference',
      required: true,
      // the current intake first, then the coming ones (reference options follow trainingSessions.pickerOrder)
      optionFilter: (session) => session.active === true,
      // she starts with the intake; her program's duration ends her enrolment
      fill: (session, v, pickedOf) => ({ start_date: session.start_date, end_date: endFor(String(session.start_date), pickedOf('program_id')) ?? v.end_date }),
    },
    { name: 'start_date', label: 'Start date', kind: 'date', required: true },
    { name: 'end_date', label: 'End date', kind: 'date', required: true },
    ...feeAndDepositFields('program'),
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'address', label: 'Address', kind: 'text' },
  ],
});

/** /students/makeup/list */
export function MakeupStudentsPage({ title }: { title: string }) {
  const programs = useReferenceOptions(trainingPrograms);
  const sessions = useReferenceOptions(trainingSessions);
  return (
    <TraineesAdminPage
      title={title}
      ui={studentsUi}
      receiptPrefix="MKP"
      countLabel="Students"
      csvName="makeup-students"
      references={[
        { key: 'program_id', label: 'Program', options: programs.options },
        { key: 'session_id', label: 'Session', options: sessions.options },
      ]}
      describe={(s) => ['Makeup training', programs.labelOf(s.program_id), sessions.labelOf(s.session_id)]}
    />
  );
}

/** /students/makeup/insession (staff) */
export function MakeupStudentsInSessionPage({ title }: { title: string }) {
  return <TraineesStaffPage title={title} ui={studentsUi} call="insession" countLabel="In session" />;
}

/** /students/makeup/owe (staff) */
export function MakeupStudentsOwingPage({ title }: { title: string }) {
  return <TraineesStaffPage title={title} ui={studentsUi} call="owing" countLabel="Owing" />;
}
