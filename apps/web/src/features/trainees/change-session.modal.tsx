import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { trainingSessions } from '@studio/shared';
import { useState } from 'react';
import { hooksFor } from '../../crud/create-resource-hooks';
import { labelOfRecord } from '../../crud/reference-options';
import { ReferencePicker, useReferencedRecord } from '../../crud/reference-picker';
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
  const current = 'session_id' in trainee ? trainee.session_id : null;
  const currentSession = useReferencedRecord({ referenced: trainingSessions }, current);
  const currentName = currentSession.data ? labelOfRecord(currentSession.data) : undefined;
  const [picked, setPicked] = useState<{ name: string } | null>(null);
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema: action.body,
    initialValues: { session_id: current === null ? null : String(current) } as { session_id: string | null },
    toBody: (v) => ({ id: trainee.id, session_id: v.session_id === null ? undefined : Number(v.session_id) }),
    submit: (body) => change.mutateAsync(body as { id: number; session_id: number }),
    successMessage: (saved) => `${saved.name} moved to ${picked?.name ?? 'the new session'}.`,
    onSuccess: onClose,
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-session-form">
      <Stack gap="md">
        <Text size="sm">
          <b>{trainee.name}</b> is in {current === null ? 'no session' : (currentName ?? 'another session')}.
        </Text>
        {formError && (
          <Alert color="red" variant="light" data-testid="form-error">
            {formError}
          </Alert>
        )}
        {/* the active intakes, and the trainee's own even when it has closed */}
        <ReferencePicker
          referenced={trainingSessions}
          optionFilter={(s) => s.active === true}
          label="New session"
          placeholder="Pick a session"
          required
          value={form.values.session_id}
          error={form.errors.session_id}
          onChange={(v, record) => {
            setPicked(record ? { name: labelOfRecord(record) } : null);
            form.setFieldValue('session_id', v);
          }}
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
