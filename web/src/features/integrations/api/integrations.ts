import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// Settings › Integrations: my own credentials for each outside service, or a team's (`teamId`),
// saved, tried and disconnected one service at a time. A save answers the service as saved, which
// replaces it in the cached list; a disconnection reads the list again.

type S = components['schemas'];
export type Integrations = S['IntegrationsOut'];
export type Integration = S['IntegrationOut'];
export type IntegrationName = S['IntegrationName'];
export type IntegrationInput = S['IntegrationIn'];
export type IntegrationTest = S['IntegrationTestOut'];
/** What a form sends: the body without the team, which the scope adds. */
export type IntegrationChanges = Omit<IntegrationInput, 'teamId'>;

export const integrationKeys = {
  all: ['settings', 'integrations'] as const,
  /** Mine (no team) or a team's. */
  scope: (teamId?: string | null) => ['settings', 'integrations', teamId ?? 'mine'] as const,
};

/** The team, when the integrations are a team's, as each call takes it. */
const teamQuery = (teamId?: string | null) => (teamId ? { teamId } : {});

/** GET /settings/integrations?teamId=: every service, whether I may change them, and my teams to switch to. */
export const integrationsQueryOptions = (teamId?: string | null) =>
  queryOptions({
    queryKey: integrationKeys.scope(teamId),
    queryFn: () => api.get('/settings/integrations', { params: { query: teamQuery(teamId) } }),
    // Another owner of the team may have changed them since: read them again on each visit.
    refetchOnMount: 'always',
    // Switching between mine and a team's keeps the last list (its teams, to switch with) until the next arrives.
    placeholderData: keepPreviousData,
  });
export const useIntegrations = (teamId?: string | null) => useQuery(integrationsQueryOptions(teamId));

/** PUT /settings/integrations/{name}: the fields given replace (or, as "", remove) the saved ones; the others are kept. */
export function useSaveIntegration(teamId?: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ name, changes }: { name: IntegrationName; changes: IntegrationChanges }) =>
      api.put('/settings/integrations/{name}', { params: { path: { name } }, body: { ...changes, ...teamQuery(teamId) } }),
    onSuccess: (saved) => {
      qc.setQueryData(integrationsQueryOptions(teamId).queryKey, (list) =>
        list ? { ...list, integrations: list.integrations.map((i) => (i.name === saved.name ? saved : i)) } : list,
      );
    },
  });
}

/** DELETE /settings/integrations/{name}?teamId=: the service's credentials are removed; its agents fall back on the next in line. */
export function useDisconnectIntegration(teamId?: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: IntegrationName) => api.delete('/settings/integrations/{name}', { params: { path: { name }, query: teamQuery(teamId) } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.scope(teamId) }),
  });
}

/** POST /settings/integrations/{name}/test: one harmless call with the form's values over the saved ones; nothing is saved. */
export function useTestIntegration(teamId?: string | null) {
  return useMutation({
    mutationFn: ({ name, changes }: { name: IntegrationName; changes: IntegrationChanges }) =>
      api.post('/settings/integrations/{name}/test', { params: { path: { name } }, body: { ...changes, ...teamQuery(teamId) } }),
  });
}
