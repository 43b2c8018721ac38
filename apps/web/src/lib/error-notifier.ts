import type { ApiError } from './api-error';
import { notify } from './notify';

/**
 * The one place failed calls are reported: logged to the console and shown as a toast.
 * Client-side failures show their message; server answers show the status and the message.
 * The caller still gets the error: a form that maps a 422's `errors` onto its fields claims it, and then no toast shows.
 */
export function reportApiError(error: ApiError, { toast = true }: { toast?: boolean } = {}): void {
  // warn, not error: the failure is handled here; console.error is kept for bugs
  console.warn(`[api] ${error.status || 'client'}: ${error.message}`, error.fieldErrors);
  if (!toast) return;
  if (error.isClientSide) notify.error(error.message);
  else if (error.status === 422 && Object.keys(error.fieldErrors).length) {
    // a form that shows the sentences by its inputs claims the error as it reaches it, in the promise jobs that hand the
    // rejection back (through TanStack Query's mutateAsync too); the toast is for the callers that do not
    window.setTimeout(() => {
      if (!error.claimed) notify.error(describeFields(error), `Error ${error.status}`);
    }, 0);
  } else notify.error(describeFields(error), `Error ${error.status}`);
}

function describeFields(error: ApiError): string {
  const first = Object.values(error.fieldErrors)[0]?.[0];
  return first && first !== error.message ? `${error.message} ${first}` : error.message;
}
