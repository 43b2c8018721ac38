import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type HostelStudent, checkOutAction, hostelStudents } from '@studio/shared';
import { IconCalendar, IconCash, IconPencil } from '@tabler/icons-react';
import { hooksFor } from '../../crud/create-resource-hooks';
import { useSchemaForm } from '../../crud/use-schema-form';
import { formatDate, formatMoney } from '../../lib/format';
import { studioDate } from '../../lib/studio-time';

export interface CheckOutModalProps {
  /** The hostel student leaving; none: closed. */
  student: HostelStudent | null;
  onClose: () => void;
  /** Take a payment of what she still owes (the fee payments); none: no button. */
  onPayments?: (student: HostelStudent) => void;
  /** Change her fee (a stay cut short); none: no button. */
  onChangeFee?: (student: HostelStudent) => void;
}

/**
 * POST /api/hostel-students/check-out { id, date }: the day she leaves, today unless changed (an earlier day back to
 * her check-in, or a later one: she stays in session until then). She is gone on that day: her bed is free.
 * What she still owes is stated first, with its two ways out: take the payment, or change the fee (a stay cut short).
 * She may still leave owing: the balance stays on the Owing list.
 */
export function CheckOutModal({ student, onClose, onPayments, onChangeFee }: CheckOutModalProps) {
  return (
    <Modal opened={student !== null} onClose={onClose} title="Check out" centered data-testid="check-out">
      {student && <CheckOutForm key={student.id} student={student} onClose={onClose} onPayments={onPayments} onChangeFee={onChangeFee} />}
    </Modal>
  );
}

function CheckOutForm({ student, onClose, onPayments, onChangeFee }: { student: HostelStudent } & Pick<CheckOutModalProps, 'onClose' | 'onPayments' | 'onChangeFee'>) {
  const checkOut = hooksFor(hostelStudents).useAction('checkOut');
  const today = studioDate();
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: checkOutAction.body,
    initialValues: { date: (today < student.start_date ? student.start_date : today) as string | null },
    toBody: (v) => ({ id: student.id, date: v.date ?? undefined }),
    labels: { date: 'Check-out date' },
    submit: (body) => checkOut.mutateAsync(body as { id: number; date?: string }),
    successMessage: (saved) => {
      const s = saved as HostelStudent;
      return s.end_date <= today ? `${s.name} checked out on ${formatDate(s.end_date)}: her bed is free.` : `${s.name} checks out on ${formatDate(s.end_date)}: in session until then.`;
    },
    onSuccess: onClose,
  });
  const day = form.values.date;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="check-out-form">
      <Stack gap="md">
        <Text size="sm">
          <b>{student.name}</b>
          {student.room ? `, room ${student.room}` : ''}: checked in on {formatDate(student.start_date)}, booked until {formatDate(student.end_date)}.
        </Text>
        {student.balance > 0 && (
          <Alert color="orange" variant="light" title={`She still owes ${formatMoney(student.balance)}`} data-testid="check-out-balance">
            <Stack gap="xs">
              <Text size="sm">
                Fee {formatMoney(student.fee)}, paid {formatMoney(student.amount_paid)}. Take the payment before she leaves, or change her fee if her stay was cut
                short. Checked out owing, she stays on the Owing list.
              </Text>
              <Group gap="xs">
                {onPayments && (
                  <Button size="xs" leftSection={<IconCash size={14} />} onClick={() => onPayments(student)} data-testid="check-out-pay">
                    Take payment
                  </Button>
                )}
                {onChangeFee && (
                  <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => onChangeFee(student)} data-testid="check-out-change-fee">
                    Change fee
                  </Button>
                )}
              </Group>
            </Stack>
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" data-testid="form-error">
            {formError}
          </Alert>
        )}
        <DatePickerInput
          label="Check-out date"
          description="The day she leaves: her bed is free from that day."
          withAsterisk
          leftSection={<IconCalendar size={16} />}
          valueFormat="MMM D, YYYY"
          minDate={student.start_date}
          {...form.getInputProps('date')}
          onChange={(v) => form.setFieldValue('date', v ? String(v).slice(0, 10) : null)}
          data-testid="check-out-date"
        />
        {day && day > today && (
          <Text size="sm" c="dimmed" data-testid="check-out-later">
            A later day: she stays in session until {formatDate(day)}.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="orange" loading={saving} data-testid="check-out-submit">
            Check out
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
