import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// Admin › Configuration: the settings in force (secrets masked), saved a section at a time, and
// a connection to an integration tried with a form's unsaved values. A save answers the whole
// configuration, which replaces the cached one; the system status (the feature flags other
// screens follow) is read again.

type S = components['schemas'];
export type Configuration = S['ConfigurationOut'];
export type Settings = S['Sections_Masked'];
/** What a save sends: the sections given, each whole (secrets: left out keeps, "" removes). */
export type SavedSettings = S['Saved'];
export type SectionName = keyof Settings;
export type Integration = S['Integration'];
export type ConnectionTestIn = S['ConnectionTestIn'];
export type ConnectionTest = S['ConnectionTestOut'];

export const configurationKeys = {
  all: ['admin', 'configuration'] as const,
};
/** The system status (GET /system/status) other screens read to follow the feature flags. */
const SYSTEM_KEY = ['system'] as const;

/** GET /admin/configuration: every setting in force, where each section comes from, who saved last. */
export const configurationQueryOptions = () =>
  queryOptions({
    queryKey: configurationKeys.all,
    queryFn: () => api.get('/admin/configuration'),
    // Another admin (or instance) may have changed it since: read it again on each visit.
    refetchOnMount: 'always',
  });
export const useConfiguration = () => useQuery(configurationQueryOptions());

/** PUT /admin/configuration: the sections given replace the ones in force, at once. */
export function useSaveConfiguration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSettings) => api.put('/admin/configuration', { body }),
    onSuccess: (out) => {
      qc.setQueryData(configurationKeys.all, out);
      void qc.invalidateQueries({ queryKey: SYSTEM_KEY });
    },
  });
}

/** POST /admin/configuration/test: one harmless call with the values given; nothing is saved. */
export function useTestConnection() {
  return useMutation({
    mutationFn: (body: ConnectionTestIn) => api.post('/admin/configuration/test', { body }),
  });
}
