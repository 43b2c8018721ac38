import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { resources } from '@studio/shared';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/helpers';
import { createResourceHooks, resourceKeys } from './create-resource-hooks';

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // what the screens have cached: the packages' "In use" counts and list, the bookings list, an unrelated list
  client.setQueryData([...resourceKeys('bridalpackages').all, 'usage'], [{ id: 1, by: {}, total: 0 }]);
  client.setQueryData(resourceKeys('bridalpackages').list({}), { rows: [] });
  client.setQueryData(resourceKeys('bridalbookings').list({}), { rows: [] });
  client.setQueryData(resourceKeys('finances').list({}), { rows: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, wrapper, stale };
}

describe('a write refreshes, from the declared references, what it changes', () => {
  it('a booking created with a package makes the package\'s "In use" stale (and the bookings), not an unrelated list', async () => {
    mockFetch(() => jsonResponse(201, { data: { id: 9 } }));
    const { wrapper, stale } = setup();
    const bookings = createResourceHooks(resources.bridalBookings);
    const { result } = renderHook(() => bookings.useCreate(), { wrapper });
    await act(() => result.current.mutateAsync({} as never));
    expect(stale([...resourceKeys('bridalpackages').all, 'usage'])).toBe(true);
    expect(stale(resourceKeys('bridalbookings').list({}))).toBe(true);
    expect(stale(resourceKeys('finances').list({}))).toBe(false);
  });

  it('a package renamed makes the bookings list (which shows it by name) stale', async () => {
    mockFetch(() => jsonResponse(200, { data: { id: 1 } }));
    const { wrapper, stale } = setup();
    const packages = createResourceHooks(resources.bridalPackages);
    const { result } = renderHook(() => packages.useUpdate(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 1, body: { name: 'Gold' } } as never));
    expect(stale(resourceKeys('bridalbookings').list({}))).toBe(true);
    expect(stale(resourceKeys('finances').list({}))).toBe(false);
  });
});
