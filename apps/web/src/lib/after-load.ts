import { useEffect, useState } from 'react';
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

/** A hidden tab draws no frame: at the latest this long after it was asked, `afterPaint` runs anyway. */
const PAINT_FALLBACK_MS = 200;

/**
 * Runs `run` once the browser has drawn the next frame (at the latest PAINT_FALLBACK_MS later); returns what cancels
 * it. For the requests a screen starts when it is first drawn (its figures, the user's fresh details): started after
 * the frame that shows the screen, not in the effects before it, they do not hold up its first paint, and they come a
 * frame later at most (issue 20, item 5: a phone's Lighthouse counts every request started before the largest paint).
 */
export function afterPaint(run: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  let pending = true;
  const once = () => {
    if (!pending) return;
    pending = false;
    window.clearTimeout(fallback);
    run();
  };
  const fallback = window.setTimeout(once, PAINT_FALLBACK_MS);
  // the frame callback runs before the frame is drawn; the task it queues runs after
  const frame = window.requestAnimationFrame(() => window.setTimeout(once, 0));
  return () => {
    pending = false;
    window.clearTimeout(fallback);
    window.cancelAnimationFrame(frame);
  };
}

/** False until the frame after the component's first drawing has been drawn (afterPaint), then true. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterPaint(() => setPainted(true))), [painted]);
  return painted;
}
