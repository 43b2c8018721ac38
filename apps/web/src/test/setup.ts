import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait up to 15 s (not 1 s): on a busy two-core machine (load 20 while CI's other steps run) a lazy
// chunk or a render took longer than 5 s; a passing wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 15_000 });

// Mantine reads these; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverShim as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Textarea autosize listens for web fonts loading; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() } });
}
window.scrollTo = (() => {}) as typeof window.scrollTo;

// A console.error during a test is a bug the test did not see: fail it.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
