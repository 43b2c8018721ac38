import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type HostelStudent, checkOutAction, hostelStudents } from '@studio/shared';
import { IconCalendar } from '@tabler/icons-react';
import { hooksFor } from '../../crud/create-resource-hooks';
import { useSchemaForm } from '../../crud/use-schema-form';
import { formatDate } from '../../lib/format';
import { studioDate } from '../../lib/studio-time';

export interface CheckOutModalProps {
  /** The hostel student leaving; none: closed. */
  student: HostelStudent | null;
  onClose: () => void;
}

/**
 * POST /api/hostel-students/check-out { id, date }: the day she leaves, today unless changed (an earlier day back to
 * her check-in, or a later one: she stays in session until then). She is gone on that day: her bed is free.
 */
export function CheckOutModal({ student, onClose }: CheckOutModalProps) {
  return (
    <Modal opened={student !== null} onClose={onClose} title="Check out" centered data-testid="check-out">
      {student && <CheckOutForm key={student.id} student={student} onClose={onClose} />}
    </Modal>
  );
}

function CheckOutForm({ student, onClose }: { student: HostelStudent; onClose: () => void }) {
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
