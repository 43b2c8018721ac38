import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { fieldErrors, withLabel } from '@studio/shared';
import { type SyntheticEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';

export interface SchemaFormOptions<Values extends Record<string, unknown>, Schema extends z.ZodType, Result> {
  /** The shared zod schema of the request body: its sentences are what the user reads, the same the API answers in a 422. */
  schema: Schema;
  initialValues: Values;
  /** The request body for the values typed so far, before the schema parses it. Default: the values themselves. */
  toBody?: (values: Values) => unknown;
  /** Sends the body as the schema parsed it (trimmed, defaults filled); its result goes to `successMessage` and `onSuccess`. */
  submit: (body: z.output<Schema>) => Promise<Result>;
  /** A toast after a successful submit. */
  successMessage?: string | ((result: Result) => string);
  onSuccess?: (result: Result) => void;
  /** After a failed submit, once the form shows it (e.g. the till reloads its stock after a refused sale). */
  onError?: (error: unknown) => void;
  /** The keys that have an input, for these values; an error on any other key shows in `formError`. Default: the keys of the values. */
  inputs?: (values: Values) => readonly string[];
  /** The label each input shows: its sentences name the field so ("Full name is required.", not "The name field ..."). */
  labels?: Readonly<Record<string, string>>;
  /**
   * Whether a submit shows `saving` (default yes). A submit known to answer within a frame (the offline till's write to
   * the device) says no: redrawing the form to show it busy would only delay what follows. Still one submit at a time.
   */
  showSaving?: (values: Values) => boolean;
}

export interface SchemaForm<Values extends Record<string, unknown>> {
  /** The Mantine form: `form.getInputProps('note')`, `form.values`, `form.setFieldValue`. */
  form: UseFormReturnType<Values>;
  /** `<form onSubmit={onSubmit}>`, or call it from a button: validates, submits once at a time, maps the answer. */
  onSubmit: (event?: SyntheticEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** What the form shows above its inputs: a failure that is no field's, and the errors of keys without an input. */
  formError: string | null;
  /** The last submit's failure (an ApiError), null once a new attempt starts: for forms that show failures their own way. */
  error: unknown;
}

/** `{ field: ['a', 'b'] }` → `{ field: 'a' }`: one sentence per field, under its input, said with the input's label when given. */
export function firstErrors(errors: Record<string, readonly string[]> | undefined, labels?: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors ?? {})) {
    const label = labels?.[key];
    if (list[0]) out[key] = label ? withLabel(list[0], key, label) : list[0];
  }
  return out;
}

export type SchemaCheck<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Parses a body with a shared schema: the parsed body, or the first sentence per key (`items.0.quantity` for nested ones). */
export function checkBody<Schema extends z.ZodType>(schema: Schema, body: unknown, labels?: Readonly<Record<string, string>>): SchemaCheck<z.output<Schema>> {
  const result = schema.safeParse(body);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: firstErrors(fieldErrors(result.error.issues), labels) };
}

/** Keys edited between two values (by reference); `payments` covers `payments.0.amount`. */
function editedKeys(values: Record<string, unknown>, previous: Record<string, unknown>) {
  const changed = Object.keys({ ...values, ...previous }).filter((key) => values[key] !== previous[key]);
  return (key: string) => changed.some((name) => key === name || key.startsWith(`${name}.`));
}

function without(errors: FormErrors, drop: (key: string) => boolean): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !drop(key)));
}

/**
 * The one form hook of the app: Mantine's `useForm`, validated by the shared zod schema of the body it sends.
 * Before the first submit nothing is flagged; from then on the errors follow the typing. A 422 puts each field's
 * first sentence under its input (until that input is edited) and the rest in `formError`, without a toast; any other
 * failure shows in `formError` too. Sentences name a field by its label when `labels` gives one. Success shows
 * `successMessage` as a toast, then calls `onSuccess`. One submit at a time.
 *
 * @example
 * const { form, onSubmit, saving, formError } = useSchemaForm({
 *   schema: stockTransferSchema,
 *   initialValues: { to_outlet: 'store', quantity: '' as number | '', note: '' },
 *   toBody: (v) => ({ ...v, product_id: product.id, quantity: v.quantity === '' ? undefined : v.quantity }),
 *   submit: (body) => transfer.mutateAsync(body),
 *   successMessage: (r) => `Moved ${r.quantity} × ${product.name}.`,
 *   onSuccess: onClose,
 * });
 * <form onSubmit={onSubmit} noValidate>
 *   {formError && <Alert color="red">{formError}</Alert>}
 *   <NumberInput label="Quantity" {...form.getInputProps('quantity')} />
 *   <Button type="submit" loading={saving}>Transfer</Button>
 * </form>
 */
export function useSchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType, Result>(
  options: SchemaFormOptions<Values, Schema, Result>,
): SchemaForm<Values> {
  const toBody = options.toBody ?? ((values: Values) => values);
  const attempted = useRef(false);
  const inFlight = useRef(false);
  // a 422's sentences stay on their inputs until those are edited, even while the rest is checked again
  const serverErrors = useRef<FormErrors>({});
  const [failure, setFailure] = useState<{ error: unknown; message: string | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const check = (values: Values) => checkBody(options.schema, toBody(values), options.labels);

  const form: UseFormReturnType<Values> = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => {
      const result = check(values);
      return result.ok ? {} : result.errors;
    },
    // the hook decides which errors an edit clears (below), not Mantine
    clearInputErrorOnChange: false,
    onValuesChange: (values, previous) => {
      const edited = editedKeys(values, previous);
      serverErrors.current = without(serverErrors.current, edited);
      if (attempted.current) {
        const result = check(values);
        form.setErrors({ ...serverErrors.current, ...(result.ok ? {} : result.errors) });
      } else {
        form.setErrors((current) => without(current, edited));
      }
    },
  });

  async function send(values: Values, result = check(values)) {
    if (!result.ok || inFlight.current) return;
    inFlight.current = true;
    if (options.showSaving?.(values) ?? true) setSaving(true);
    let saved: Result;
    try {
      saved = await options.submit(result.data);
    } catch (error) {
      let message: string | null = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError && error.status === 422) {
        const sentences = firstErrors(error.fieldErrors, options.labels);
        serverErrors.current = sentences;
        form.setErrors(sentences);
        if (Object.keys(sentences).length) {
          // the form shows every sentence (under its input, or above the inputs): no toast says it again
          error.claim();
          message = null;
        }
      }
      setFailure({ error, message });
      options.onError?.(error);
      return;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
    // outside the try: a bug after a saved submit is not shown as a failed save (a sale is never "retried" for it)
    const message = typeof options.successMessage === 'function' ? options.successMessage(saved) : options.successMessage;
    if (message) notify.success(message);
    options.onSuccess?.(saved);
  }

  function onSubmit(event?: SyntheticEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (inFlight.current) return;
    attempted.current = true;
    serverErrors.current = {};
    setFailure(null);
    // valid, and nothing flagged on screen: sent at once (Mantine's submit would first redraw the form to say so)
    const values = form.getValues();
    const result = Object.keys(form.errors).length === 0 ? check(values) : null;
    if (result?.ok) return void send(values, result);
    form.onSubmit((values) => void send(values))(event);
  }

  const shown = new Set(options.inputs ? options.inputs(form.values) : Object.keys(form.values));
  const elsewhere = Object.entries(form.errors).flatMap(([key, message]) => (!shown.has(key) && typeof message === 'string' && message ? [message] : []));
  const formError = [failure?.message, ...elsewhere].filter(Boolean).join(' ') || null;

  return { form, onSubmit, saving, formError, error: failure?.error ?? null };
}
