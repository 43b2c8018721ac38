import { type ComponentType, createElement, lazy, startTransition, useEffect, useState } from 'react';
import { afterPaint } from './after-load';

/** A component whose chunk is loaded on demand, or ahead of its first drawing by `preload` (once). */
export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<ComponentType<P>>; isLoaded: () => boolean };

/**
 * `React.lazy`, except once the chunk has come: a lazy component suspends at its first drawing even when its chunk is
 * already there, and React then commits the Suspense fallback and shows the component no sooner than 300 ms later (its
 * reveal throttle). Drawn after `preload` has finished, this one draws the component at once, in the same render
 * (issue 20, item 5: the dashboard on a phone). The choice is made once per mount: a component that suspended keeps
 * its lazy wrapper, so its state is never thrown away by a switch.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloaded(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloaded, { preload, isLoaded: () => loaded !== undefined });
}

/**
 * Whether `component`'s chunk has come; fetched once the screen around it has been drawn (afterPaint), or at once
 * when `now` turns true (the person reached for it). For what a first screen can show without for a moment (a
 * tooltip, a menu's drop-down), so that its code does not hold up that screen's first paint (issue 20, item 5).
 */
export function useLoadedAfterPaint(component: { preload: () => Promise<unknown>; isLoaded: () => boolean }, now = false): boolean {
  const [loaded, setLoaded] = useState(component.isLoaded);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    const load = () => void component.preload().then(() => current && startTransition(() => setLoaded(true)), () => undefined);
    const cancel = now ? (load(), () => {}) : afterPaint(load);
    return () => {
      current = false;
      cancel();
    };
  }, [component, loaded, now]);
  return loaded;
}
