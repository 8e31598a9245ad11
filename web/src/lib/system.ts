import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// What this server offers (GET /system/status, public): the provider behind each capability and
// the feature flags an admin switches at run time in Admin › Configuration. Screens of several
// features follow the flags (uploads, team sharing), so the query and its keys live here. When an
// admin saves the configuration, the socket says `configuration.changed` and
// `layouts/configuration-sync.tsx` invalidates `['system']`: the screens follow without a reload.

type S = components['schemas'];
export type SystemStatus = S['StatusOut'];
export type Features = S['Features'];
export type Providers = S['ProvidersOut'];

export const systemKeys = {
  all: ['system'] as const,
  status: () => ['system', 'status'] as const,
};

/** While the status loads (or if it fails), nothing optional is offered: the server's default. */
export const FEATURES_OFF: Features = { voiceProvider: false, collaboration: false, fileUpload: false };

/** GET /system/status: version, providers and feature flags. */
export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.status(),
    queryFn: () => api.get('/system/status'),
    // The realtime event refreshes it at once; this catches a change made while the socket was down.
    staleTime: 60_000,
    refetchOnMount: true,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());

/** The feature flags, every one off while the status loads (or if it cannot be read). */
export function useFeatures(): Features {
  return useSystemStatus().data?.features ?? FEATURES_OFF;
}

/**
 * One flag, `undefined` while the status loads: a screen shows the flag's controls on `true` and
 * its "turned off" notice on `false`, so neither flashes by while the answer is on its way.
 */
export function useFeature(name: keyof Features): boolean | undefined {
  const status = useSystemStatus();
  if (status.isPending) return undefined;
  return status.data?.features[name] ?? false;
}

/**
 * No mail server is configured (`outbox`: mail is kept for admins to read), so no email reaches
 * anyone: screens that would say "open the link we emailed" say so instead. False while loading.
 */
export function useMailOutbox(): boolean {
  return useSystemStatus().data?.providers.mail === 'outbox';
}
