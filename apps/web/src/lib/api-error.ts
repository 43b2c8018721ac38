import type { ErrorBody } from '@studio/shared';

/** A failed call. `status` 0 means it never reached the server (offline, aborted, bad JSON). */
export class ApiError extends Error {
  readonly status: number;
  /** Per-field sentences of a 422, e.g. `{ username: ['These credentials do not match our records.'] }`. */
  readonly fieldErrors: Record<string, string[]>;
  readonly body: ErrorBody | undefined;

  constructor(status: number, message: string, body?: ErrorBody) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = body?.errors ?? {};
  }

  get isClientSide(): boolean {
    return this.status === 0;
  }

  /** Whether a form took this error to show it itself (a 422's sentences under its inputs): then no toast repeats it. */
  get claimed(): boolean {
    return this.#claimed;
  }
  #claimed = false;

  /** Called by whoever shows the error in place, while it is handed back to them (before the next task). */
  claim(): void {
    this.#claimed = true;
  }

  /** The first sentence for a field, else the message: what a login box or a form shows. */
  firstError(field?: string): string {
    return (field && this.fieldErrors[field]?.[0]) || this.message;
  }
}
