import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import type { TeamRole } from '@/lib/api-enums';
import { teamKeys, type Team } from '@/lib/teams';

type S = components['schemas'];
export type TeamDetail = S['TeamDetailOut'];
export type Member = S['MemberOut'];
export type TeamAgent = S['TeamAgentOut'];
/** A new team's fields; the settings change through api/team-settings.ts. */
export type NewTeamInput = S['NewTeamIn'];
export type NotifyResult = S['NotifyOut'];

/** GET /teams?scope=all: every team of the platform (platform admins only; `role` null where not a member). */
export const allTeamsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.everyTeam(), queryFn: () => api.get('/teams', { params: { query: { scope: 'all' } } }), refetchOnMount: 'always' });
export const useAllTeams = () => useQuery(allTeamsQueryOptions());

/** GET /teams/{id}: the team with its members and agents. */
export const teamQueryOptions = (id: string) => queryOptions({ queryKey: teamKeys.detail(id), queryFn: () => api.get('/teams/{id}', { params: { path: { id } } }), refetchOnMount: 'always' });
export const useTeam = (id: string) => useQuery(teamQueryOptions(id));

/** Mutations refresh what they touched through the same keys: the lists (counts, roles) and the team. */
function useInvalidate() {
  const qc = useQueryClient();
  return (id?: string) => {
    void qc.invalidateQueries({ queryKey: teamKeys.lists() });
    if (id) void qc.invalidateQueries({ queryKey: teamKeys.detail(id) });
  };
}

export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewTeamInput) => api.post('/teams', { body: input }),
    onSuccess: (team) => {
      qc.setQueryData(teamKeys.detail(team.id), team);
      void qc.invalidateQueries({ queryKey: teamKeys.lists() });
    },
  });
}

/** Takes a team I left, or deleted, out of the cached lists at once, then refreshes them. */
function useDropTeam() {
  const qc = useQueryClient();
  return (id: string) => {
    for (const key of [teamKeys.mine(), teamKeys.everyTeam()]) qc.setQueryData<Team[]>(key, (list) => list?.filter((t) => t.id !== id));
    qc.removeQueries({ queryKey: teamKeys.detail(id) });
    void qc.invalidateQueries({ queryKey: teamKeys.lists() });
  };
}

export function useDeleteTeam() {
  const dropTeam = useDropTeam();
  return useMutation({
    mutationFn: (id: string) => api.delete('/teams/{id}', { params: { path: { id } } }),
    onSuccess: (_d, id) => dropTeam(id),
  });
}

export function useSetMemberRole(teamId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: TeamRole }) =>
      api.put('/teams/{id}/members/{memberId}/role', { params: { path: { id: teamId, memberId } }, body: { role } }),
    // My own role may have changed too: the lists carry it.
    onSuccess: () => invalidate(teamId),
  });
}

const removeMember = (teamId: string, memberId: string) => api.delete('/teams/{id}/members/{memberId}', { params: { path: { id: teamId, memberId } } });

/** Removes another member (owners and admins). */
export function useRemoveMember(teamId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (memberId: string) => removeMember(teamId, memberId),
    onSuccess: () => invalidate(teamId),
  });
}

/** Leaving is removing my own membership. */
export function useLeaveTeam(teamId: string) {
  const dropTeam = useDropTeam();
  return useMutation({
    mutationFn: (myMemberId: string) => removeMember(teamId, myMemberId),
    onSuccess: () => dropTeam(teamId),
  });
}

/** Takes an agent out of the team (it stays with its owner). */
export function useRemoveTeamAgent(teamId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (agentId: string) => api.delete('/teams/{id}/agents/{agentId}', { params: { path: { id: teamId, agentId } } }),
    onSuccess: () => invalidate(teamId),
  });
}

/** Emails every other member, and tells those online at once (`team.notification`). */
export function useNotifyTeam(teamId: string) {
  return useMutation({
    mutationFn: (message: string) => api.post('/teams/{id}/notify', { params: { path: { id: teamId } }, body: { message } }),
  });
}
