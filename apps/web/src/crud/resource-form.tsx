import { Alert, Box, Button, Group, Modal, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CreateOf, RecordOf, ResourceDefinition, UpdateOf } from '@studio/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hooksFor } from './create-resource-hooks';
import { FieldInput } from './field-input';
import { type FormMode, fieldsFor, fillValues, initialValues, toBody } from './form-values';
import { DraftWarnings } from './draft-warnings';
import { referencedResource } from './reference-options';
import { pickedRecord } from './reference-picker';
import { type FormValue, type ResourceUi, singularOf } from './resource-ui';
import { useSchemaForm } from './use-schema-form';

export interface ResourceFormProps<R extends ResourceDefinition> {
  ui: ResourceUi<R>;
  opened: boolean;
  onClose: () => void;
  /** The record being edited; none means a new one. */
  record?: RecordOf<R> | null;
  onSaved?: (record: RecordOf<R>) => void;
  /** Values a new record starts with beyond the fields' defaults (a booking added from a calendar day: its date). */
  defaults?: Record<string, FormValue>;
}

/**
 * The one editor for creating and editing a resource, in a modal (full screen on a phone).
 * Validates with the shared schema (resource.create or resource.update) through `useSchemaForm` and shows a 422's
 * `errors` per field. Picking a record in a reference field applies the field's `fill` (a package's price).
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

function ResourceFormBody<R extends ResourceDefinition>({ ui, record, onClose, onSaved, mode, defaults }: ResourceFormProps<R> & { mode: FormMode }) {
  const hooks = hooksFor(ui.resource);
  const create = hooks.useCreate();
  const update = hooks.useUpdate();
  const singular = singularOf(ui as ResourceUi);
  const schema = mode === 'create' ? ui.resource.create : ui.resource.update;
  const { form, onSubmit, saving, formError } = useSchemaForm({
    schema,
    initialValues: { ...initialValues(ui.fields, mode, record as Record<string, unknown> | undefined), ...(mode === 'create' ? defaults : undefined) },
    toBody: (values) => toBody(ui.fields, mode, values, ui.filter),
    // a field hidden by `showWhen` has no input: its errors show above the form
    inputs: (values) => fieldsFor(ui.fields, mode, values).map((f) => f.name),
    labels: Object.fromEntries(ui.fields.map((f) => [f.name, f.label])),
    submit: (body) =>
      mode === 'create' ? create.mutateAsync(body as CreateOf<R>) : update.mutateAsync({ id: (record as { id: number }).id, body: body as UpdateOf<R> }),
    successMessage: `${singular} ${mode === 'create' ? 'created' : 'saved'}.`,
    onSuccess: (saved) => {
      onSaved?.(saved as RecordOf<R>);
      onClose();
    },
  });
  const fields = fieldsFor(ui.fields, mode, form.values);
  // what Save would send, for the warnings shown before it (a deposit is left out: it warns of nothing)
  const draftBody = ui.draftWarnings ? toBody(ui.fields, mode, { ...form.values, amount_paid: null }, ui.filter) : {};
  const queryClient = useQueryClient();
  const pickedOf = (field: string) => {
    const def = ui.fields.find((f) => f.name === field);
    return pickedRecord(queryClient, { referenced: referencedResource(ui.resource, field), path: def?.referencePath }, form.getValues()[field]);
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="resource-form-body">
      {formError && (
        <Alert color="red" variant="light" mb="md" data-testid="form-error">
          {formError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {fields.map((field) => {
          const input = form.getInputProps(field.name);
          return (
            <Box key={field.name} style={field.wide || field.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
              <FieldInput
                field={field}
                resource={ui.resource}
                value={(input.value as FormValue | undefined) ?? null}
                error={input.error as ReactNode}
                onChange={input.onChange as (value: FormValue) => void}
                values={form.values}
                onPick={field.fill && ((picked) => form.setValues(fillValues(form.getValues(), field.fill!(picked, form.getValues(), pickedOf))))}
              />
              {field.after && <field.after values={form.values} />}
            </Box>
          );
        })}
      </SimpleGrid>
      {ui.draftWarnings && (
        <DraftWarnings
          resource={ui.resource}
          mode={mode}
          id={(record as { id?: number } | null | undefined)?.id}
          body={draftBody}
          valid={schema.safeParse(draftBody).success}
        />
      )}
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
