import { onIdle } from './when-idle';

/**
 * Runs `run` once the page has loaded, a second has passed and the browser is idle (at the latest 2 s after that): for
 * what a screen does not need to be drawn (the offline till's sync, dialogs fetched ahead of their first use), so that
 * it does not hold up the first one (issue 20, item 5: the dashboard on a phone).
 */
const AFTER_LOAD_MS = 1000;
const IDLE_TIMEOUT_MS = 2000;

export function afterLoadAndIdle(run: () => void): void {
  if (typeof window === 'undefined') return;
  const later = () => window.setTimeout(() => onIdle(run, IDLE_TIMEOUT_MS), AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
