import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useViewport, viewportOf } from './use-viewport';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('viewportOf', () => {
  it('collapses the sidebar under 991 px', () => {
    expect(viewportOf(990).narrow).toBe(true);
    expect(viewportOf(991).narrow).toBe(false);
    expect(viewportOf(320).narrow).toBe(true);
  });

  it('collapses the mega-menu under 1199 px', () => {
    expect(viewportOf(1198).megaCollapsed).toBe(true);
    expect(viewportOf(1199).megaCollapsed).toBe(false);
    expect(viewportOf(991).megaCollapsed).toBe(true);
  });

  it('keeps the width', () => {
    expect(viewportOf(1234).width).toBe(1234);
  });
});

describe('useViewport', () => {
  const initialWidth = window.innerWidth;
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: initialWidth });
  });

  it('starts from the window width', () => {
    const { result } = renderHook(() => useViewport());
    expect(result.current).toEqual({ width: 1280, narrow: false, megaCollapsed: false });
  });

  it('updates only after 1000 ms without a resize', () => {
    const { result } = renderHook(() => useViewport());
    act(() => resizeTo(800));
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current.width).toBe(1280);
    expect(result.current.narrow).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.width).toBe(800);
    expect(result.current.narrow).toBe(true);
  });

  it('restarts the wait on every resize event', () => {
    const { result } = renderHook(() => useViewport());
    act(() => resizeTo(1000));
    act(() => {
      vi.advanceTimersByTime(600);
    });
    act(() => resizeTo(700));
    act(() => {
      vi.advanceTimersByTime(600);
    });
    // 1200 ms since the first resize, but only 600 since the last one
    expect(result.current.width).toBe(1280);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(result.current.width).toBe(700);
    expect(result.current.megaCollapsed).toBe(true);
  });

  it('stops listening once unmounted', () => {
    const { result, unmount } = renderHook(() => useViewport());
    unmount();
    act(() => resizeTo(500));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current.width).toBe(1280);
  });
});
