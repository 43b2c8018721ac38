import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearViewport } from './near-viewport';

/** An IntersectionObserver the test drives: `reach()` says the observed place has come near the screen. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[]; disconnected: boolean }[] = [];
  class FakeIntersectionObserver {
    private entry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, targets: [] as Element[], disconnected: false };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const reach = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers) if (!o.disconnected) o.callback(o.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry), o as unknown as IntersectionObserver);
    });
  return { observers, reach };
}

afterEach(() => vi.unstubAllGlobals());

describe('NearViewport', () => {
  it('shows the placeholder until its place comes within half a screen, then the content, and keeps it', () => {
    const { observers, reach } = fakeObserver();
    render(<NearViewport placeholder={<p>placeholder</p>}>{<p>section</p>}</NearViewport>);
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(screen.queryByText('section')).toBeNull();
    expect(observers[0]!.options?.rootMargin).toBe('50% 0px');
    expect(observers[0]!.targets[0]!.getAttribute('data-near')).toBe('waiting');

    reach(false);
    expect(screen.queryByText('section')).toBeNull();

    reach(true);
    expect(screen.getByText('section')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
    // drawn once for good: the observer is gone
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it('draws the content at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<NearViewport placeholder={<p>placeholder</p>}>{<p>section</p>}</NearViewport>);
    expect(screen.getByText('section')).toBeTruthy();
  });
});
