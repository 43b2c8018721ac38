import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How near the viewport a place must come to be drawn: half a screen, time enough to draw it before it is seen. */
const NEAR = '50% 0px';

/**
 * Draws `children` once its place comes within half a screen of the viewport, and keeps them from then on; until
 * then `placeholder`, which should have the height of what it stands for (nothing moves when it is replaced, and a
 * place below the fold is replaced before it is seen). A long page on a phone then draws what is on screen first and
 * the rest as it is scrolled to, not all of it in one long task at load (issue 20, item 5: the dashboard's sections and
 * charts). Without IntersectionObserver (unit tests) everything is drawn at once.
 */
export function NearViewport({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near]);
  return near ? (
    children
  ) : (
    // data-near: a sweep of the whole page (e2e/in-app.ts scrollThrough) knows what is still to be drawn
    <div ref={place} data-near="waiting">
      {placeholder}
    </div>
  );
}
