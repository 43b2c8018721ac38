import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Retries only what may heal by itself (no answer, 5xx); a 4xx is the final word. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
