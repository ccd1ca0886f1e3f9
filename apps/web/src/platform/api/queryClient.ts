import { QueryClient } from '@tanstack/react-query';
import { onLogout } from '../session/logout.ts';
import { ApiError } from './errors.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.kind === 'envelope') return false;
  return failureCount < 1;
}

/** TanStack Query client: errors are already shown by the api client, so no retries on 4xx. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
onLogout(() => queryClient.clear());
