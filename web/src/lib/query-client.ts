import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { systemKeys } from '@/lib/system';

export const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  // 429 is a rate limit: retrying makes it worse. Other client errors will not heal either.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export const queryConfig = {
  queries: {
    staleTime: 5 * 60 * 1000,
    gcTime: 15 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    retry: shouldRetry,
    retryDelay,
  },
} satisfies DefaultOptions;

/** The server refused because an admin turned the feature off: the screen's flags are out of date. */
export const isFeatureDisabled = (error: unknown) => error instanceof ApiError && error.code === 'feature_disabled';

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    // Read the flags again, so the control that was refused goes away with the notice in its place.
    mutationCache: new MutationCache({ onError: (error) => (isFeatureDisabled(error) ? void client.invalidateQueries({ queryKey: systemKeys.all }) : undefined) }),
  });
  return client;
}
