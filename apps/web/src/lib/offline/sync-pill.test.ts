import { describe, expect, it } from 'vitest';
import { syncPill } from './sync-pill';

const idle = { reachable: true, paused: false, syncing: null };

describe('the header pill', () => {
  it('says all synced only when the server answers and nothing waits', () => {
    expect(syncPill(idle, { waiting: 0, attention: 0 })).toMatchObject({ state: 'synced', label: 'Online · all synced' });
    expect(syncPill({ ...idle, reachable: null }, { waiting: 0, attention: 0 }).state).toBe('synced');
    expect(syncPill(idle, { waiting: 2, attention: 0 })).toMatchObject({ state: 'waiting', label: 'Online · 2 sales waiting' });
  });

  it('says offline with the sales waiting when the API did not answer (not navigator.onLine)', () => {
    expect(syncPill({ ...idle, reachable: false }, { waiting: 3, attention: 0 })).toMatchObject({ state: 'offline', label: 'Offline · 3 sales waiting' });
    expect(syncPill({ ...idle, reachable: false }, { waiting: 1, attention: 0 }).label).toBe('Offline · 1 sale waiting');
    // a phone's header has room for a short one (the full label stays the button's name)
    expect(syncPill({ ...idle, reachable: false }, { waiting: 3, attention: 0 }).short).toBe('Offline · 3');
    expect(syncPill({ ...idle, syncing: { done: 1, total: 5 } }, { waiting: 4, attention: 0 }).short).toBe('Syncing 2/5');
    expect(syncPill(idle, { waiting: 0, attention: 2 }).short).toBe('2 to check');
    expect(syncPill(idle, { waiting: 0, attention: 0 }).short).toBe('Online');
  });

  it('counts the sale being sent while syncing', () => {
    expect(syncPill({ ...idle, syncing: { done: 1, total: 5 } }, { waiting: 4, attention: 0 }).label).toBe('Syncing 2 of 5');
    // nothing left: the pill does not claim a sync of nothing
    expect(syncPill({ ...idle, syncing: { done: 5, total: 5 } }, { waiting: 0, attention: 0 }).state).toBe('synced');
  });

  it('puts a sale that needs a person first, and a 401 pause before offline', () => {
    expect(syncPill({ ...idle, reachable: false, syncing: { done: 0, total: 3 } }, { waiting: 3, attention: 1 })).toMatchObject({ state: 'attention', label: '1 sale needs attention', color: 'red' });
    expect(syncPill(idle, { waiting: 0, attention: 2 }).label).toBe('2 sales need attention');
    expect(syncPill({ ...idle, paused: true, reachable: false }, { waiting: 2, attention: 0 })).toMatchObject({ state: 'paused', label: 'Sign in to send 2 sales' });
  });
});
