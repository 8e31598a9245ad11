import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationSync } from '@/components/layouts/configuration-sync';
import { queryConfig } from '@/lib/query-client';
import { RealtimeProvider } from '@/lib/realtime';
import { TOKEN_KEY } from '@/lib/storage';
import { FEATURES_OFF, systemKeys, useFeature, useFeatures } from '@/lib/system';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { ALL_FEATURES, mockStatus } from '@/testing/mocks/system';

const ADMIN_CONFIGURATION = ['admin', 'configuration'];

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { ...queryConfig, retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <RealtimeProvider>
        <ConfigurationSync />
        {children}
      </RealtimeProvider>
    </QueryClientProvider>
  );
  return { qc, wrapper };
}

describe('the feature flags and the configuration sync', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'tok'));

  it('reads every flag as off while the status loads, then the server’s flags', async () => {
    mockStatus({ features: { fileUpload: true } });
    const { wrapper } = setup();
    const hook = renderHook(() => ({ features: useFeatures(), upload: useFeature('fileUpload'), collaboration: useFeature('collaboration') }), { wrapper });
    expect(hook.result.current.features).toEqual(FEATURES_OFF);
    expect(hook.result.current.upload).toBeUndefined();
    await waitFor(() => expect(hook.result.current.upload).toBe(true));
    expect(hook.result.current.collaboration).toBe(false);
    expect(hook.result.current.features).toEqual({ fileUpload: true, collaboration: false, voiceProvider: false });
  });

  it('reads the status again, and the admin configuration, on configuration.changed', async () => {
    const status = mockStatus();
    const { qc, wrapper } = setup();
    const hook = renderHook(() => useFeature('collaboration'), { wrapper });
    await waitFor(() => expect(hook.result.current).toBe(false));
    qc.setQueryData(ADMIN_CONFIGURATION, { revision: 1 });
    const requests = status.requests();

    status.set(ALL_FEATURES);
    act(() => FakeWebSocket.last().open());
    // `ready` of the first connection changes nothing.
    expect(qc.getQueryState(ADMIN_CONFIGURATION)?.isInvalidated).toBe(false);
    act(() => FakeWebSocket.last().emit({ type: 'configuration.changed', revision: 2 }));
    await waitFor(() => expect(hook.result.current).toBe(true));
    expect(status.requests()).toBe(requests + 1);
    expect(qc.getQueryState(ADMIN_CONFIGURATION)?.isInvalidated).toBe(true);
  });

  it('reads the status again after a reconnection, which may have missed the event', async () => {
    const status = mockStatus();
    const { qc, wrapper } = setup();
    render(<div />, { wrapper });
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(1));
    await qc.fetchQuery({ queryKey: systemKeys.status(), queryFn: () => ({}) });
    act(() => FakeWebSocket.last().open());
    expect(qc.getQueryState(systemKeys.status())?.isInvalidated).toBe(false);
    act(() => FakeWebSocket.last().emit({ type: 'ready', userId: '2' }));
    expect(qc.getQueryState(systemKeys.status())?.isInvalidated).toBe(true);
    expect(status.requests()).toBe(0);
  });
});
