import type { Invitation } from '@/features/teams/api/invitations';
import type { TeamSettings } from '@/features/teams/api/team-settings';
import type { Member, TeamDetail } from '@/features/teams/api/teams';
import { mockApi, ok } from '@/testing/mocks/http';
import type { Team } from '@/lib/teams';

export function makeTeam(over: Partial<Team> = {}): Team {
  return {
    id: 't1',
    name: 'Support',
    description: 'The help desk',
    role: 'owner',
    defaultRole: 'member',
    invitePolicy: 'admins',
    memberCount: 3,
    agentCount: 1,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export function makeMember(over: Partial<Member> = {}): Member {
  return { id: 'm1', userId: '2', email: 'bob@example.com', firstName: 'Bob', lastName: 'User', role: 'owner', joinedAt: '2026-01-01T00:00:00Z', ...over };
}

/** Support: Bob (the signed-in plain user) with `role`, Carol a member, Dan a viewer, and one agent. */
export function makeTeamDetail(role: Member['role'] = 'owner', over: Partial<TeamDetail> = {}): TeamDetail {
  return {
    ...makeTeam({ role }),
    members: [
      makeMember({ role }),
      makeMember({ id: 'm2', userId: '3', email: 'carol@example.com', firstName: 'Carol', lastName: 'Member', role: 'member' }),
      makeMember({ id: 'm3', userId: '4', email: 'dan@example.com', firstName: 'Dan', lastName: 'Viewer', role: 'viewer' }),
    ],
    agents: [{ id: 'a7', name: 'Help desk bot', description: 'Answers tickets', type: 'customer_support', status: 'active', ownerId: '3' }],
    ...over,
  };
}

export function makeInvitation(over: Partial<Invitation> = {}): Invitation {
  return {
    id: '0b5d3f7e-0000-4000-8000-000000000001',
    teamId: 't9',
    teamName: 'Research',
    email: 'bob@example.com',
    role: 'viewer',
    status: 'pending',
    invitedBy: 'Ada Admin',
    expiresAt: '2026-03-08T00:00:00Z',
    createdAt: '2026-03-01T00:00:00Z',
    ...over,
  };
}

/** GET /settings/team of `team`: what its role may do there, as the server decides it (docs/teams.md, "Settings"). */
export function makeTeamSettings(team: Team = makeTeam(), over: Partial<TeamSettings> = {}): TeamSettings {
  const manages = team.role === 'owner' || team.role === 'admin';
  return {
    team,
    canEdit: manages,
    canInvite: manages || (team.role === 'member' && team.invitePolicy === 'members'),
    teams: [team],
    ...over,
  };
}

/** A team as the lists give it: a team with its members and agents, without them. */
export function teamOf(team: Team | TeamDetail): Team {
  const { id, name, description, role, defaultRole, invitePolicy, memberCount, agentCount, createdAt, updatedAt } = team;
  return { id, name, description, role, defaultRole, invitePolicy, memberCount, agentCount, createdAt, updatedAt };
}

/** GET /settings/team answering the settings of `team` whatever `teamId` asks. */
export const teamSettingsHandler = (team: Team | TeamDetail, over: Partial<TeamSettings> = {}) =>
  mockApi.get('/settings/team', () => ok(makeTeamSettings(teamOf(team), over)));
