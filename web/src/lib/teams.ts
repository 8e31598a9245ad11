import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TeamRole } from '@/lib/api-enums';
import type { components } from '@/lib/api-types';

// The caller's teams are read by two features: `teams` (the team settings) and `agents` (the
// team badge and the share dialog's team select), so the query and its keys live here.

export type Team = components['schemas']['TeamOut'];


// The server's rules (crates/domain/src/team.rs); the screens hide what a role may not do.

/** Owners and admins manage members, invitations and the team's agents. */
export const manages = (role?: TeamRole | null) => role === 'owner' || role === 'admin';
/** Everyone but viewers edits the team's agents and may share their own with the team. */
export const editsAgents = (role?: TeamRole | null) => !!role && role !== 'viewer';
/** Whether someone with role `mine` may give (or take away) `role`: only owners deal in ownership. */
export const mayGrant = (mine: TeamRole | null | undefined, role: TeamRole) => mine === 'owner' || (mine === 'admin' && role !== 'owner');

export const teamKeys = {
  all: ['teams'] as const,
  lists: () => ['teams', 'list'] as const,
  mine: () => ['teams', 'list', 'mine'] as const,
  everyTeam: () => ['teams', 'list', 'all'] as const,
  details: () => ['teams', 'detail'] as const,
  detail: (id: string) => ['teams', 'detail', id] as const,
  teamInvitations: (id: string) => ['teams', 'detail', id, 'invitations'] as const,
  invitations: () => ['teams', 'invitations'] as const,
  myInvitations: () => ['teams', 'invitations', 'mine'] as const,
  invitation: (token: string) => ['teams', 'invitations', 'token', token] as const,
};

/** GET /teams: the teams I belong to, each with my role. */
export const myTeamsQueryOptions = () => queryOptions({ queryKey: teamKeys.mine(), queryFn: () => api.get('/teams') });
export const useMyTeams = () => useQuery(myTeamsQueryOptions());
