import type { ApiError } from './api-client';
import { notify } from './notify';

/**
 * The one place failed calls are reported: logged to the console and shown as a toast.
 * Client-side failures show their message; server answers show the status and the message.
 * The caller still gets the error (forms map a 422's `errors` onto their fields).
 */
export function reportApiError(error: ApiError, { toast = true }: { toast?: boolean } = {}): void {
  // warn, not error: the failure is handled here; console.error is kept for bugs
  console.warn(`[api] ${error.status || 'client'}: ${error.message}`, error.fieldErrors);
  if (!toast) return;
  if (error.isClientSide) notify.error(error.message);
  else notify.error(describeFields(error), `Error ${error.status}`);
}

function describeFields(error: ApiError): string {
  const first = Object.values(error.fieldErrors)[0]?.[0];
  return first && first !== error.message ? `${error.message} ${first}` : error.message;
}
