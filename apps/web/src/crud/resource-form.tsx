import { Alert, Box, Button, Group, Modal, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RecordOf, ResourceDefinition } from '@studio/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { hooksFor } from './create-resource-hooks';
import { FieldInput } from './field-input';
import { type FormErrors, type FormMode, type FormValues, fieldsFor, firstErrors, initialValues, toBody, validateBody } from './form-values';
import { type ResourceUi, singularOf } from './resource-ui';

export interface ResourceFormProps<R extends ResourceDefinition> {
  ui: ResourceUi<R>;
  opened: boolean;
  onClose: () => void;
  /** The record being edited; none means a new one. */
  record?: RecordOf<R> | null;
  onSaved?: (record: RecordOf<R>) => void;
}

/**
 * The one editor for creating and editing a resource, in a modal (full screen on a phone).
 * Validates with the shared schema (resource.create or resource.update) and shows a 422's `errors` per field.
 */
export function ResourceForm<R extends ResourceDefinition>(props: ResourceFormProps<R>) {
  const phone = useMediaQuery('(max-width: 36em)');
  const mode: FormMode = props.record ? 'edit' : 'create';
  const singular = singularOf(props.ui as ResourceUi);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`${mode === 'create' ? 'Add' : 'Edit'} ${singular}`}
      size="lg"
      fullScreen={phone}
      centered
      data-testid="resource-form"
    >
      {/* remounts per record, so the fields always start from the record shown */}
      {props.opened && <ResourceFormBody key={props.record ? `edit-${(props.record as { id: number }).id}` : 'create'} {...props} mode={mode} />}
    </Modal>
  );
}

function ResourceFormBody<R extends ResourceDefinition>({ ui, record, onClose, onSaved, mode }: ResourceFormProps<R> & { mode: FormMode }) {
  const hooks = hooksFor(ui.resource);
  const create = hooks.useCreate();
  const update = hooks.useUpdate();
  const [values, setValues] = useState<FormValues>(() => initialValues(ui.fields, mode, record as Record<string, unknown> | undefined));
  const fields = fieldsFor(ui.fields, mode, values);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const saving = create.isPending || update.isPending;
  const singular = singularOf(ui as ResourceUi);

  const validate = (next: FormValues) => validateBody(ui.resource, mode, toBody(ui.fields, mode, next, ui.filter));

  function change(name: string, value: FormValues[string]) {
    const next = { ...values, [name]: value };
    setValues(next);
    // after a first attempt, errors follow the typing; before it, only the edited field's server error goes away
    if (submitted) {
      const result = validate(next);
      setErrors(result.ok ? {} : result.errors);
    } else if (errors[name]) {
      setErrors(({ [name]: _gone, ...rest }) => rest);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const result = validate(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      const saved =
        mode === 'create'
          ? await create.mutateAsync(result.data as never)
          : await update.mutateAsync({ id: (record as { id: number }).id, body: result.data as never });
      notify.success(`${singular} ${mode === 'create' ? 'created' : 'saved'}.`);
      onSaved?.(saved as RecordOf<R>);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const fieldMessages = firstErrors(error.fieldErrors);
        setErrors(fieldMessages);
        const shown = new Set(fields.map((f) => f.name));
        const other = Object.entries(fieldMessages).filter(([key]) => !shown.has(key));
        setFormError(other.length ? other.map(([, m]) => m).join(' ') : null);
      } else if (error instanceof ApiError) {
        setFormError(error.message);
      }
    }
  }

  const shown = new Set(fields.map((f) => f.name));
  const hiddenErrors = Object.entries(errors).filter(([key]) => !shown.has(key));

  return (
    <form onSubmit={submit} noValidate data-testid="resource-form-body">
      {(formError || hiddenErrors.length > 0) && (
        <Alert color="red" variant="light" mb="md" data-testid="form-error">
          {formError ?? hiddenErrors.map(([, m]) => m).join(' ')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {fields.map((field) => (
          <Box key={field.name} style={field.wide || field.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
            <FieldInput field={field} value={values[field.name] ?? null} error={errors[field.name]} onChange={(v) => change(field.name, v)} />
          </Box>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} data-testid="form-submit">
          {mode === 'create' ? `Create ${singular}` : 'Save changes'}
        </Button>
      </Group>
    </form>
  );
}
