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
const PAINT_FALLBACK_MS = 250;

/**
 * Settles once the app's first screen has been shown: when the browser reports a largest paint drawn after the first
 * call (Chrome reports it a frame or two after the frame itself, and Lighthouse dates the paint by that report), or
 * PAINT_FALLBACK_MS after it (no such report: another browser, or a screen whose largest text is the loader's).
 */
let firstScreen: Promise<void> | undefined;
let firstScreenDone = false;
function firstScreenShown(): Promise<void> {
  return (firstScreen ??= new Promise<void>((resolve) => {
    const asked = performance.now();
    let observer: PerformanceObserver | undefined;
    const done = () => {
      firstScreenDone = true;
      observer?.disconnect();
      window.clearTimeout(fallback);
      resolve();
    };
    const fallback = window.setTimeout(done, PAINT_FALLBACK_MS);
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= asked)) done();
      });
      observer.observe({ type: 'largest-contentful-paint' });
    }
  }));
}

/**
 * Runs `run` once the browser has shown the screen just drawn (at the latest PAINT_FALLBACK_MS later); returns what
 * cancels it. For the requests a screen starts when it is first drawn (its figures, the user's fresh details) and the
 * code it can do without for a moment (a tooltip, a menu's drop-down): started after the frame that shows the screen,
 * not in the effects before it, they do not hold up its first paint (issue 20, item 5: a phone's Lighthouse counts
 * every request started before the largest paint). At start-up that is when the first screen's largest paint is
 * reported (the start-up loader still covers it then); later, the task after the next two frames.
 */
export function afterPaint(run: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  let pending = true;
  const once = () => {
    if (!pending) return;
    pending = false;
    run();
  };
  if (!firstScreenDone) {
    void firstScreenShown().then(once);
    return () => {
      pending = false;
    };
  }
  const fallback = window.setTimeout(once, PAINT_FALLBACK_MS);
  // A frame callback runs before its frame is drawn: the next frame's callback is the first to come after it.
  let frame = window.requestAnimationFrame(() => {
    frame = window.requestAnimationFrame(() => window.setTimeout(once, 0));
  });
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
