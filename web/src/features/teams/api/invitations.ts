import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { teamKeys } from '@/lib/teams';

type S = components['schemas'];
export type Invitation = S['InvitationOut'];
export type Accepted = S['AcceptedOut'];
export type InviteInput = S['MemberIn'];

/** GET /team-invitations/team/{teamId}: the team's open invitations (owners and admins). */
export const useTeamInvitations = (teamId: string, enabled = true) =>
  useQuery({ queryKey: teamKeys.teamInvitations(teamId), queryFn: () => api.get('/team-invitations/team/{teamId}', { params: { path: { teamId } } }), enabled, refetchOnMount: 'always' });

/** GET /team-invitations/user: the pending invitations sent to my address (only once it is verified: 403 `email_unverified` before). */
export const useMyInvitations = (enabled = true) =>
  useQuery({ queryKey: teamKeys.myInvitations(), queryFn: () => api.get('/team-invitations/user'), enabled, refetchOnMount: 'always' });

/** GET /team-invitations/details/{token}: an invitation by the emailed token (or its id, if it is mine); none without a token. */
export const useInvitation = (token: string | null) =>
  useQuery({
    queryKey: teamKeys.invitation(token ?? ''),
    queryFn: () => api.get('/team-invitations/details/{token}', { params: { path: { token: token ?? '' } } }),
    enabled: !!token,
    refetchOnMount: 'always',
  });

export function useInvite(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post('/team-invitations/team/{teamId}', { params: { path: { teamId } }, body: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamKeys.teamInvitations(teamId) }),
  });
}

export function useRevokeInvitation(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/team-invitations/{id}', { params: { path: { id } } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamKeys.teamInvitations(teamId) }),
  });
}

/** Takes answered invitations out of my cached list at once, before it is fetched again. */
function useDropMine() {
  const qc = useQueryClient();
  return (answered: (i: Invitation) => boolean) => {
    qc.setQueryData<Invitation[]>(teamKeys.myInvitations(), (list) => list?.filter((i) => !answered(i)));
    void qc.invalidateQueries({ queryKey: teamKeys.invitations() });
  };
}

/** Accepting takes the emailed token or the invitation's id; it adds a team to my list. */
export function useAcceptInvitation() {
  const qc = useQueryClient();
  const dropMine = useDropMine();
  return useMutation({
    mutationFn: (token: string) => api.post('/team-invitations/accept/{token}', { params: { path: { token } } }),
    onSuccess: (out) => {
      // One open invitation per team and address: the team names it.
      dropMine((i) => i.teamId === out.team.id);
      void qc.invalidateQueries({ queryKey: teamKeys.lists() });
    },
  });
}

/** Declining takes the emailed token or the invitation's id. */
export function useRejectInvitation() {
  const dropMine = useDropMine();
  return useMutation({
    mutationFn: (token: string) => api.post('/team-invitations/reject/{token}', { params: { path: { token } } }),
    onSuccess: (out) => dropMine((i) => i.id === out.id),
  });
}
