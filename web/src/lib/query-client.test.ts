import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient, queryConfig, retryDelay, shouldRetry } from '@/lib/query-client';
import { systemKeys } from '@/lib/system';

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

  it('reads the feature flags again when the server refuses a call because a feature is off', async () => {
    const qc = createQueryClient();
    qc.setQueryData(systemKeys.status(), { features: { fileUpload: true } });
    const other = ['agents', 'list'];
    qc.setQueryData(other, []);
    const fail = (code: string) => qc.getMutationCache().build(qc, { mutationFn: () => Promise.reject(new ApiError('refused', 403, code)), retry: false }).execute(undefined).catch(() => undefined);
    await fail('forbidden');
    expect(qc.getQueryState(systemKeys.status())?.isInvalidated).toBe(false);
    await fail('feature_disabled');
    expect(qc.getQueryState(systemKeys.status())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(other)?.isInvalidated).toBe(false);
    qc.clear();
  });
});
