import { extraPrograms, hostelStudents, trainingSessions } from '@studio/shared';
import { useReferenceOptions } from '../../crud/reference-options';
import { defineResourceUi } from '../../crud/resource-ui';
import { HostelBeds } from './hostel-beds';
import { enrolmentEndFor, feeAndDepositFields, feeAndStatusColumns, nameColumns, startOr, traineeViews } from './trainee-parts';
import { TraineesAdminPage, TraineesStaffPage } from './trainees.page';

/**
 * Hostel students: start is check-in, end is check-out. A hostel pricing (an extra program of type hostel) fills the
 * fee (and, with no check-out yet, a check-out its duration after check-in, today when none); a makeup student living
 * in the hostel fills the name, phone, session and, where empty, the dates: she stays for her training.
 */
export const hostelStudentsUi = defineResourceUi({
  resource: hostelStudents,
  views: traineeViews(hostelStudents),
  columns: [
    ...nameColumns(),
    { key: 'room', label: 'Room', nowrap: true },
    { key: 'pricing_id', label: 'Pricing', kind: 'reference', nowrap: true },
    // in the detail and the CSV: the table keeps room for the balance and status beside the row's actions
    { key: 'session_id', label: 'Session', kind: 'reference', only: 'csv' },
    { key: 'start_date', label: 'Check-in', kind: 'date' },
    { key: 'end_date', label: 'Check-out', kind: 'date' },
    ...feeAndStatusColumns(),
  ],
  fields: [
    {
      name: 'student_id',
      label: 'Makeup student',
      kind: 'reference',
      wide: true,
      placeholder: 'Not a makeup student',
      description: 'When the guest is one of the makeup students: fills in the name, phone and session.',
      fill: (s, v) => ({
        name: v.name || s.name,
        phone: v.phone || s.phone,
        session_id: v.session_id ?? (s.session_id === null ? null : String(s.session_id)),
        start_date: v.start_date || s.start_date,
        end_date: v.end_date || s.end_date,
      }),
    },
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Amaka Nwosu' },
    { name: 'phone', label: 'Phone', kind: 'text', required: true, placeholder: '0803 123 4567' },
    {
      name: 'pricing_id',
      label: 'Pricing',
      kind: 'reference',
      required: true,
      optionFilter: (p) => p.type === 'hostel',
      fill: (p, v) => {
        const start = startOr(v.start_date);
        return { fee: p.price, start_date: start, end_date: v.end_date || (enrolmentEndFor(start, p) ?? v.end_date) };
      },
    },
    { name: 'room', label: 'Room', kind: 'text', placeholder: 'B2' },
    { name: 'start_date', label: 'Check-in', kind: 'date', required: true },
    { name: 'end_date', label: 'Check-out', kind: 'date', required: true },
    { name: 'session_id', label: 'Training session', kind: 'reference', optionFilter: (s) => s.active === true, placeholder: 'None' },
    ...feeAndDepositFields('pricing'),
  ],
});

/** /users/hostel-users: Manage Hostel, with the beds taken today by pricing. */
export function ManageHostelPage({ title }: { title: string }) {
  const pricings = useReferenceOptions(extraPrograms);
  const sessions = useReferenceOptions(trainingSessions);
  const hostelPricings = pricings.options.filter((_, i) => pricings.records[i]!.type === 'hostel');
  return (
    <TraineesAdminPage
      title={title}
      ui={hostelStudentsUi}
      receiptPrefix="HST"
      countLabel="Hostel students"
      csvName="hostel-students"
      references={[
        { key: 'pricing_id', label: 'Pricing', options: hostelPricings },
        { key: 'session_id', label: 'Session', options: sessions.options },
      ]}
      filterWords={{ started: 'Checked in', ending: 'Checking out' }}
      describe={(s) => ['Hostel', pricings.labelOf(s.pricing_id), s.room ? `room ${s.room}` : null]}
      summary={<HostelBeds pricings={pricings} />}
    />
  );
}

/** /users/hostel-users/insession (staff) */
export function HostelInSessionPage({ title }: { title: string }) {
  return <TraineesStaffPage title={title} ui={hostelStudentsUi} call="insession" countLabel="In session" />;
}

/** /users/hostel-users/owing (staff), labelled Vacated: checked out before today. */
export function HostelVacatedPage({ title }: { title: string }) {
  return <TraineesStaffPage title={title} ui={hostelStudentsUi} call="vacated" countLabel="Vacated" />;
}
