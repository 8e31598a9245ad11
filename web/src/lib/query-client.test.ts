import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { queryConfig, retryDelay, shouldRetry } from '@/lib/query-client';

describe('query client', () => {
  it('keeps data fresh 5 minutes and cached 15, with no refetch on focus or mount', () => {
    expect(queryConfig.queries).toMatchObject({ staleTime: 300000, gcTime: 900000, refetchOnWindowFocus: false, refetchOnMount: false });
  });

  it('retries up to 2 times, never on 429', () => {
    const serverError = new ApiError('boom', 500);
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(1, serverError)).toBe(true);
    expect(shouldRetry(2, serverError)).toBe(false);
    expect(shouldRetry(0, new ApiError('slow down', 429))).toBe(false);
  });

  it('doubles the delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
