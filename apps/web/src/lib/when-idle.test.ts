import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs when the browser is idle, at most the timeout later, and not once cancelled', () => {
    const idle: { run: IdleRequestCallback; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, options?: IdleRequestOptions) => idle.push({ run, timeout: options?.timeout }));
    const cancelled: number[] = [];
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const ran: string[] = [];
    whenIdle(() => ran.push('first'), 300);
    expect(ran).toEqual([]);
    expect(idle[0]?.timeout).toBe(300);
    idle[0]!.run({ didTimeout: false, timeRemaining: () => 10 });
    expect(ran).toEqual(['first']);
    const cancel = whenIdle(() => ran.push('second'));
    cancel();
    expect(cancelled).toEqual([2]);
  });

  it('runs on the next task where the browser has no idle callback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran: number[] = [];
    whenIdle(() => ran.push(1));
    expect(ran).toEqual([]);
    await new Promise((r) => setTimeout(r, 5));
    expect(ran).toEqual([1]);
    const cancel = whenIdle(() => ran.push(2));
    cancel();
    await new Promise((r) => setTimeout(r, 5));
    expect(ran).toEqual([1]);
  });
});
