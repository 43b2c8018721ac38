import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PwaNotices } from './pwa-notices';
import { renderWithProviders, setupUser } from '../../test/helpers';
import { updateReady, watchForUpdates } from '../../lib/pwa/service-worker';

/** A service worker, its registration and the container, as far as the update offer uses them. */
function fakes({ controller = true, waiting = false } = {}) {
  const listeners = new Map<string, () => void>();
  const worker = (state: string) => {
    const own = new Map<string, () => void>();
    return {
      state,
      postMessage: vi.fn(),
      addEventListener: (type: string, fn: () => void) => own.set(type, fn),
      fire: (type: string) => own.get(type)?.(),
    };
  };
  const waitingWorker = waiting ? worker('installed') : null;
  const registration = {
    waiting: waitingWorker as unknown as ServiceWorker | null,
    installing: null as unknown as ServiceWorker | null,
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
  };
  const container = { controller: (controller ? {} : null) as ServiceWorker | null, addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) };
  return { registration, container, listeners, worker, waitingWorker };
}

afterEach(() => updateReady.set(null));

describe('a new deploy waits until the page says so (lib/pwa/service-worker.ts)', () => {
  it('offers a worker that installed beside the one serving the page; applying asks it to take over and reloads only once it has', () => {
    const f = fakes();
    const reload = vi.fn();
    watchForUpdates(f.registration as never, f.container as never, reload);
    expect(updateReady.get()).toBeNull();
    const next = f.worker('installing');
    f.registration.installing = next as unknown as ServiceWorker;
    f.listeners.get('updatefound')!();
    // still installing: nothing to offer yet
    expect(updateReady.get()).toBeNull();
    next.state = 'installed';
    next.fire('statechange');
    const apply = updateReady.get();
    expect(apply).toBeTypeOf('function');
    // the old page goes on with its own files until the person reloads
    f.listeners.get('controllerchange')!();
    expect(reload).not.toHaveBeenCalled();
    apply!();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    f.listeners.get('controllerchange')!();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a worker already waiting at start; a first install (no controller) is not an update', () => {
    const waiting = fakes({ waiting: true });
    watchForUpdates(waiting.registration as never, waiting.container as never, vi.fn());
    expect(updateReady.get()).toBeTypeOf('function');
    updateReady.set(null);

    const first = fakes({ controller: false, waiting: true });
    watchForUpdates(first.registration as never, first.container as never, vi.fn());
    expect(updateReady.get()).toBeNull();
  });

  it('shows "Update ready" with a Reload button that applies it', async () => {
    const apply = vi.fn();
    updateReady.set(() => apply);
    const user = setupUser();
    renderWithProviders(<PwaNotices />);
    expect(await screen.findByText('Update ready')).toBeTruthy();
    await user.click(screen.getByTestId('update-reload'));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
