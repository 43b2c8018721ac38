import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { trainingSessions } from '@studio/shared';
import { hooksFor } from '../../crud/create-resource-hooks';
import { useReferenceOptions } from '../../crud/reference-options';
import { useSchemaForm } from '../../crud/use-schema-form';
import type { Trainee, TraineeResource } from './trainee-parts';

export interface ChangeSessionModalProps {
  /** A trainee resource that declares the `changeSession` action (makeup and hostel students). */
  resource: TraineeResource;
  /** The trainee to move; none: closed. */
  trainee: Trainee | null;
  onClose: () => void;
}

/** POST {path}/change-session { id, session_id }: moves a trainee to another training session. */
export function ChangeSessionModal({ resource, trainee, onClose }: ChangeSessionModalProps) {
  return (
    <Modal opened={trainee !== null} onClose={onClose} title="Change training session" centered data-testid="change-session">
      {/* remounts per trainee, so the select starts from the trainee's own session */}
      {trainee && <ChangeSessionForm key={trainee.id} resource={resource} trainee={trainee} onClose={onClose} />}
    </Modal>
  );
}

function ChangeSessionForm({ resource, trainee, onClose }: { resource: TraineeResource; trainee: Trainee; onClose: () => void }) {
  const action = resource.actions.changeSession;
  if (!action) throw new Error(`${resource.name} declares no changeSession action`);
  const change = hooksFor(resource).useAction('changeSession');
  const sessions = useReferenceOptions(trainingSessions);
  const current = 'session_id' in trainee ? trainee.session_id : null;
  // the active intakes, and the trainee's own even when it has closed
  const options = sessions.options.filter((o, i) => o.value === String(current) || sessions.records[i]!.active === true);
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: action.body,
    initialValues: { session_id: current === null ? null : String(current) } as { session_id: string | null },
    toBody: (v) => ({ id: trainee.id, session_id: v.session_id === null ? undefined : Number(v.session_id) }),
    submit: (body) => change.mutateAsync(body as { id: number; session_id: number }),
    successMessage: (saved) => `${saved.name} moved to ${sessions.labelOf((saved as { session_id?: unknown }).session_id) ?? 'the new session'}.`,
    onSuccess: onClose,
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-session-form">
      <Stack gap="md">
        <Text size="sm">
          <b>{trainee.name}</b> is in {current === null ? 'no session' : (sessions.labelOf(current) ?? 'another session')}.
        </Text>
        {formError && (
          <Alert color="red" variant="light" data-testid="form-error">
            {formError}
          </Alert>
        )}
        <Select
          label="New session"
          placeholder={sessions.isPending ? 'Loading...' : 'Pick a session'}
          withAsterisk
          searchable
          data={options}
          {...form.getInputProps('session_id')}
          data-testid="change-session-select"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={form.values.session_id === (current === null ? null : String(current))} data-testid="change-session-submit">
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
