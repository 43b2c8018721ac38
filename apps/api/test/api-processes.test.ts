import { describe, expect, it } from 'vitest';
import { apiProcessCount, databaseIsLocal } from '../src/cluster.js';

// How many API processes by default (issue 20, item 4): never more than PostgreSQL leaves cores for.
describe('apiProcessCount', () => {
  const local = { databaseUrl: 'postgres://studio@127.0.0.1:5432/studio' };
  const remote = { databaseUrl: 'postgres://studio@db.internal:5432/studio' };
  it('is one on the embedded database, whatever is asked', () => {
    expect(apiProcessCount({ databaseUrl: undefined }, { API_PROCESSES: '4' }, 8)).toBe(1);
  });
  it('leaves half the cores to a PostgreSQL on this machine: one process on two cores', () => {
    expect(apiProcessCount(local, {}, 2)).toBe(1);
    expect(apiProcessCount(local, {}, 1)).toBe(1);
    expect(apiProcessCount(local, {}, 8)).toBe(4);
    expect(apiProcessCount({ databaseUrl: 'postgres:///studio?host=/var/run/postgresql' }, {}, 4)).toBe(2);
  });
  it('takes every core when PostgreSQL has its own machine', () => {
    expect(apiProcessCount(remote, {}, 2)).toBe(2);
    expect(apiProcessCount(remote, {}, 8)).toBe(8);
  });
  it('follows API_PROCESSES / WEB_CONCURRENCY, and refuses nonsense', () => {
    expect(apiProcessCount(local, { API_PROCESSES: '3' }, 2)).toBe(3);
    expect(apiProcessCount(remote, { WEB_CONCURRENCY: '1' }, 8)).toBe(1);
    expect(() => apiProcessCount(local, { API_PROCESSES: 'two' }, 2)).toThrow(/API_PROCESSES/);
  });
  it('knows a local address', () => {
    for (const u of ['postgres://localhost/x', 'postgres://[::1]:5432/x', 'postgres://127.0.0.2/x', 'postgres:///x']) expect(databaseIsLocal(u), u).toBe(true);
    expect(databaseIsLocal('postgres://10.0.0.5/x')).toBe(false);
  });
});
