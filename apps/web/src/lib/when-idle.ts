import { startTransition } from 'react';

/**
 * Runs `run` when the browser is next idle (at the latest `timeout` ms later; on the next task where there is no idle
 * callback); returns what cancels it. The one idle wait of the app: whenIdle and afterLoadAndIdle (after-load.ts) use it.
 */
export function onIdle(run: () => void, timeout: number): () => void {
  // a timer set before a test's page was torn down may still fire after it: nothing is left to run
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => run(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 0);
  return () => window.clearTimeout(id);
}

/**
 * Runs `run` in a transition when the browser is next idle (onIdle); returns what cancels it. For what may follow a
 * moment behind what is in front of the person, such as the till's local stock behind a sale's receipt (issue 18), so
 * that it is not worked out, nor its component drawn again, in the frames that draw the receipt.
 */
export function whenIdle(run: () => void, timeout = 500): () => void {
  return onIdle(() => startTransition(run), timeout);
}
