import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not see: fail it.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
