import { notifications, notificationsStore } from '@mantine/notifications';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, toast } from './notify';

let show: MockInstance<typeof notifications.show>;
beforeEach(() => {
  show = vi.spyOn(notifications, 'show');
});
afterEach(() => {
  show.mockRestore();
  notifications.clean();
});

describe('notify', () => {
  it('gives each new toast a higher priority than the one before (newest on top)', () => {
    notify.info('first');
    notify.error('second');
    notify.success('third');
    notify.warning('fourth');
    const priorities = show.mock.calls.map(([n]) => n.priority ?? 0);
    expect(priorities).toHaveLength(4);
    for (let i = 1; i < priorities.length; i++) expect(priorities[i]!).toBeGreaterThan(priorities[i - 1]!);
  });

  it('lists the newest toast first in the notifications store', () => {
    notify.info('older');
    notify.info('newer');
    notify.info('newest');
    const messages = notificationsStore.getState().notifications.map((n) => n.message);
    expect(messages.slice(0, 3)).toEqual(['newest', 'newer', 'older']);
  });

  it('has the four types with their own title and colour', () => {
    toast('error', 'e');
    toast('info', 'i');
    toast('success', 's');
    toast('warning', 'w', 'Careful');
    expect(show.mock.calls.map(([n]) => n.title)).toEqual(['Error', 'Info', 'Success', 'Careful']);
    const colors = show.mock.calls.map(([n]) => n.color);
    expect(new Set(colors).size).toBe(4);
    expect(show.mock.calls.map(([n]) => (n as unknown as Record<string, unknown>)['data-toast-type'])).toEqual(['error', 'info', 'success', 'warning']);
  });
});
