import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { teamKeys } from '@/lib/teams';

type S = components['schemas'];
export type TeamSettings = S['TeamSettingsOut'];
export type TeamSettingsInput = S['TeamSettingsIn'];

/**
 * A team's settings sit under its detail key, so whatever refreshes the team (a role change, a
 * member removed) refreshes what I may do with it too.
 */
export const teamSettingsKey = (teamId: string) => [...teamKeys.detail(teamId), 'settings'] as const;

/** GET /settings/team?teamId=: the team's settings, and whether I may change them (`canEdit`) and invite (`canInvite`). */
export const teamSettingsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: teamSettingsKey(teamId),
    queryFn: () => api.get('/settings/team', { params: { query: { teamId } } }),
    refetchOnMount: 'always',
  });
export const useTeamSettings = (teamId: string) => useQuery(teamSettingsQueryOptions(teamId));

/** PUT /settings/team (owners and admins): the answer is the settings as saved; the lists and the team are read again. */
export function useUpdateTeamSettings(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: Omit<TeamSettingsInput, 'teamId'>) => api.put('/settings/team', { body: { ...changes, teamId } }),
    onSuccess: (saved) => {
      qc.setQueryData(teamSettingsKey(teamId), saved);
      void qc.invalidateQueries({ queryKey: teamKeys.lists() });
      // The team itself (its name in the header); its settings are already the answer.
      void qc.invalidateQueries({ queryKey: teamKeys.detail(teamId), exact: true });
    },
  });
}
