import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { useStudioSettings } from './settings-queries';

afterEach(() => vi.unstubAllGlobals());

describe('useStudioSettings', () => {
  it('redraws a component that reads only the settings when they change, not at each failed try of an offline fetch', async () => {
    let tries = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        tries++;
        throw new TypeError('Failed to fetch');
      }),
    );
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
    let renders = 0;
    function Reader() {
      const { settings } = useStudioSettings();
      renders++;
      return <span>{settings.offline_stale_hours}</span>;
    }
    render(
      <QueryClientProvider client={client}>
        <Reader />
      </QueryClientProvider>,
    );
    // the first try and its two retries fail
    await waitFor(() => expect(client.getQueryState(['settings'])?.status).toBe('error'));
    expect(tries).toBe(3);
    expect(renders).toBe(1);
  });
});
