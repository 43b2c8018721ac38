import { useEffect, useState } from 'react';
import { MEGA_MENU_BREAKPOINT_PX, RESIZE_DEBOUNCE_MS, SIDEBAR_BREAKPOINT_PX } from '../../lib/config';

export interface Viewport {
  width: number;
  /** Under 991 px the sidebar becomes a slide-over (spec §9). */
  narrow: boolean;
  /** Under 1199 px the header's mega-menu folds away (spec §9). */
  megaCollapsed: boolean;
}

export function viewportOf(width: number): Viewport {
  return { width, narrow: width < SIDEBAR_BREAKPOINT_PX, megaCollapsed: width < MEGA_MENU_BREAKPOINT_PX };
}

/** The window width, re-read 1 s after resizing stops (spec §9: resize is debounced by 1000 ms). */
export function useViewport(): Viewport {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);
  return viewportOf(width);
}
