import { useState } from 'react';

/**
 * False until `value` is first true, then true for good. A dialog or drawer whose chunk loads when it is first wanted
 * mounts then and stays mounted, so that it closes with its transition (the shell's drawer, the toasts, the session
 * and account dialogs, the waiting sales and the blocked sign-out).
 */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
