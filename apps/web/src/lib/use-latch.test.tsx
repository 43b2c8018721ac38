import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatch } from './use-latch';

describe('useLatch', () => {
  it('is false until its value is first true, then stays true when the value goes back', () => {
    const { result, rerender } = renderHook(({ value }) => useLatch(value), { initialProps: { value: false } });
    expect(result.current).toBe(false);
    rerender({ value: false });
    expect(result.current).toBe(false);
    rerender({ value: true });
    expect(result.current).toBe(true);
    rerender({ value: false });
    expect(result.current).toBe(true);
  });

  it('is true from the first render when the value starts true', () => {
    const { result, rerender } = renderHook(({ value }) => useLatch(value), { initialProps: { value: true } });
    expect(result.current).toBe(true);
    rerender({ value: false });
    expect(result.current).toBe(true);
  });
});
