import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { teamKeys, type Team, type TeamRole } from '@/lib/teams';

type S = components['schemas'];
export type TeamDetail = S['TeamDetailOut'];
export type Member = S['MemberOut'];
export type TeamAgent = S['TeamAgentOut'];
export type TeamInput = S['TeamIn'];
export type NotifyResult = S['NotifyOut'];

const base = (id: string) => `/teams/${encodeURIComponent(id)}`;

/** GET /teams?scope=all: every team of the platform (platform admins only; `role` null where not a member). */
export const allTeamsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.everyTeam(), queryFn: () => api.get<Team[]>('/teams', { params: { scope: 'all' } }), refetchOnMount: 'always' });
export const useAllTeams = () => useQuery(allTeamsQueryOptions());

/** GET /teams/{id}: the team with its members and agents. */
export const teamQueryOptions = (id: string) => queryOptions({ queryKey: teamKeys.detail(id), queryFn: () => api.get<TeamDetail>(base(id)), refetchOnMount: 'always' });
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
    mutationFn: (input: TeamInput) => api.post<TeamDetail>('/teams', input),
    onSuccess: (team) => {
      qc.setQueryData(teamKeys.detail(team.id), team);
      void qc.invalidateQueries({ queryKey: teamKeys.lists() });
    },
  });
}

export function useUpdateTeam(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: TeamInput) => api.put<Team>(base(id), input),
    onSuccess: () => invalidate(id),
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
    mutationFn: (id: string) => api.delete<unknown>(base(id)),
    onSuccess: (_d, id) => dropTeam(id),
  });
}

export function useSetMemberRole(teamId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: TeamRole }) => api.put<Member>(`${base(teamId)}/members/${encodeURIComponent(memberId)}/role`, { role }),
    // My own role may have changed too: the lists carry it.
    onSuccess: () => invalidate(teamId),
  });
}

const removeMember = (teamId: string, memberId: string) => api.delete<unknown>(`${base(teamId)}/members/${encodeURIComponent(memberId)}`);

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
    mutationFn: (agentId: string) => api.delete<unknown>(`${base(teamId)}/agents/${encodeURIComponent(agentId)}`),
    onSuccess: () => invalidate(teamId),
  });
}

/** Emails every other member, and tells those online at once (`team.notification`). */
export function useNotifyTeam(teamId: string) {
  return useMutation({
    mutationFn: (message: string) => api.post<NotifyResult>(`${base(teamId)}/notify`, { message }),
  });
}
