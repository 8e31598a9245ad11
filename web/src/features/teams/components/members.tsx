import { zodResolver } from '@hookform/resolvers/zod';
import { LogOut, Send, Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { SelectField, selectClasses } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useInvite, useRevokeInvitation, useTeamInvitations, type Invitation } from '@/features/teams/api/invitations';
import { useLeaveTeam, useRemoveMember, useSetMemberRole, type Member, type TeamDetail } from '@/features/teams/api/teams';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { displayName, formatDate, isSelf } from '@/features/teams/utils/format';
import { INVITE_FIELDS, inviteSchema, useTeamMessage, type InviteValues } from '@/features/teams/utils/validation';
import type { User } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { manages, mayGrant, TEAM_ROLES, type TeamRole } from '@/lib/teams';
import { toast } from '@/lib/toast';

const dangerGhost = 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40';

/**
 * The members with their roles. Owners and admins change the roles they may grant (only owners
 * deal in ownership) and remove those members; everyone may leave.
 */
export function Members({ team, me, onLeft }: { team: TeamDetail; me: User; onLeft: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const setRole = useSetMemberRole(team.id);
  const remove = useRemoveMember(team.id);
  const leave = useLeaveTeam(team.id);
  const [confirm, setConfirm] = useState<Member | null>(null);
  const myRole = team.role;
  const grantable = TEAM_ROLES.filter((r) => mayGrant(myRole, r));
  const leaving = confirm ? isSelf(me, confirm) : false;

  const onRole = (m: Member, role: TeamRole) =>
    setRole.mutate(
      { memberId: m.id, role },
      {
        onSuccess: () => toast({ title: t('teams.members.roleChanged', { name: displayName(m), role: t(`teams.roles.${role}`) }), status: 'success' }),
        onError: (e) => toast({ title: t('teams.members.roleFailed'), description: e.message, status: 'error' }),
      },
    );

  const onRemove = (m: Member) => {
    const self = isSelf(me, m);
    (self ? leave : remove).mutate(m.id, {
      onSuccess: () => {
        setConfirm(null);
        toast({ title: self ? t('teams.members.left', { team: team.name }) : t('teams.members.removed', { name: displayName(m) }), status: 'success' });
        if (self) onLeft();
      },
      onError: (e) => {
        setConfirm(null);
        toast({ title: t(self ? 'teams.members.leaveFailed' : 'teams.members.removeFailed'), description: e.message, status: 'error' });
      },
    });
  };

  return (
    <Section id="team-members" title={t('teams.members.title')}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('teams.members.caption', { team: team.name })}</caption>
          <thead className="text-xs text-zinc-500 dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-2 pe-3 text-start font-medium">{t('teams.members.columns.name')}</th>
              <th scope="col" className="hidden py-2 pe-3 text-start font-medium md:table-cell">{t('teams.members.columns.email')}</th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">{t('teams.members.columns.role')}</th>
              <th scope="col" className="hidden py-2 pe-3 text-start font-medium lg:table-cell">{t('teams.members.columns.joined')}</th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t('teams.members.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {team.members.map((m) => {
              const self = isSelf(me, m);
              const name = displayName(m);
              // Only what the server would allow is offered.
              const canManage = manages(myRole) && mayGrant(myRole, m.role);
              const pending = (setRole.isPending && setRole.variables?.memberId === m.id) || (remove.isPending && remove.variables === m.id);
              return (
                <tr key={m.id} data-testid="member-row">
                  <td className="py-2 pe-3">
                    <span dir="auto" className="font-medium">
                      {name}
                    </span>
                    {self ? <span className="ms-1 text-zinc-500 dark:text-zinc-400">{t('teams.members.you')}</span> : null}
                    <span className="block text-xs text-zinc-500 md:hidden dark:text-zinc-400">{m.email}</span>
                  </td>
                  <td className="hidden py-2 pe-3 text-zinc-600 md:table-cell dark:text-zinc-400">{m.email}</td>
                  <td className="py-2 pe-3">
                    {canManage ? (
                      <>
                        <label htmlFor={`member-role-${m.id}`} className="sr-only">
                          {t('teams.members.roleLabel', { name })}
                        </label>
                        <select
                          id={`member-role-${m.id}`}
                          value={m.role}
                          disabled={pending}
                          onChange={(e) => onRole(m, e.target.value as TeamRole)}
                          className={cn(selectClasses, 'h-8 w-auto min-w-32 border-zinc-300 dark:border-zinc-700')}
                        >
                          {grantable.map((r) => (
                            <option key={r} value={r}>
                              {t(`teams.roles.${r}`)}
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      <RoleBadge role={m.role} />
                    )}
                  </td>
                  <td className="hidden py-2 pe-3 text-zinc-600 lg:table-cell dark:text-zinc-400">{formatDate(i18n.language, m.joinedAt)}</td>
                  <td className="py-2 text-end">
                    {self ? (
                      <Button size="sm" variant="ghost" className={dangerGhost} onClick={() => setConfirm(m)}>
                        <LogOut aria-hidden className="size-4 rtl:rotate-180" />
                        {t('teams.members.leave')}
                      </Button>
                    ) : canManage ? (
                      <Button size="sm" variant="ghost" className={dangerGhost} onClick={() => setConfirm(m)} aria-label={t('teams.members.removeLabel', { name })}>
                        <UserMinus aria-hidden className="size-4" />
                        {t('teams.members.remove')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {confirm ? (
        <ConfirmDialog
          title={leaving ? t('teams.members.leaveTitle', { team: team.name }) : t('teams.members.removeTitle', { name: displayName(confirm) })}
          body={leaving ? t('teams.members.leaveBody') : t('teams.members.removeBody')}
          confirmLabel={leaving ? t('teams.members.leave') : t('teams.members.remove')}
          cancelLabel={t('teams.cancel')}
          pending={remove.isPending || leave.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => onRemove(confirm)}
        />
      ) : null}
    </Section>
  );
}

function InviteForm({ teamId, grantable }: { teamId: string; grantable: TeamRole[] }) {
  const { t } = useTranslation('dashboard');
  const msg = useTeamMessage();
  const invite = useInvite(teamId);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', role: 'member' } });

  const submit = handleSubmit((values) => {
    setServerError(null);
    invite.mutate(
      { email: values.email.trim(), role: values.role },
      {
        onSuccess: (inv) => {
          toast({ title: t('teams.invite.sent', { email: inv.email }), status: 'success' });
          reset({ email: '', role: values.role });
        },
        onError: (e) => {
          if (!applyServerFieldErrors(e, setError, INVITE_FIELDS)) setServerError(e.message);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('teams.invite.title')} className="space-y-3">
      {serverError ? <Notice tone="error">{serverError}</Notice> : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <FormField label={t('teams.invite.email')} type="email" autoComplete="off" error={msg(formState.errors.email?.message)} {...register('email')} />
        <SelectField label={t('teams.invite.role')} error={msg(formState.errors.role?.message)} {...register('role')}>
          {grantable.map((r) => (
            <option key={r} value={r}>
              {t(`teams.roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={invite.isPending} className="sm:mt-6.5">
          {invite.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Send aria-hidden className="size-4 rtl:-scale-x-100" />}
          {t('teams.invite.submit')}
        </Button>
      </div>
    </form>
  );
}

function PendingInvitations({ teamId }: { teamId: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const invitations = useTeamInvitations(teamId);
  const revoke = useRevokeInvitation(teamId);
  const [confirm, setConfirm] = useState<Invitation | null>(null);
  return (
    <div>
      <h3 className="text-sm font-semibold">{t('teams.pending.title')}</h3>
      <div className="mt-2">
        {invitations.isPending ? (
          <Spinner />
        ) : invitations.isError ? (
          <Notice tone="error">{invitations.error.message}</Notice>
        ) : invitations.data.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('teams.pending.empty')}</p>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {invitations.data.map((i) => (
              <li key={i.id} data-testid="pending-invitation" className="flex flex-wrap items-center gap-3 py-2">
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{i.email}</span>
                <RoleBadge role={i.role} />
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  {i.status === 'pending' ? t('teams.invitation.expires', { date: formatDate(i18n.language, i.expiresAt) }) : t(`teams.statuses.${i.status}`, { defaultValue: i.status })}
                </span>
                <Button size="sm" variant="ghost" className={dangerGhost} onClick={() => setConfirm(i)} aria-label={t('teams.pending.revokeLabel', { email: i.email })}>
                  <Trash2 aria-hidden className="size-4" />
                  {t('teams.pending.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {confirm ? (
        <ConfirmDialog
          title={t('teams.pending.revokeTitle', { email: confirm.email })}
          body={t('teams.pending.revokeBody')}
          confirmLabel={t('teams.pending.revoke')}
          cancelLabel={t('teams.cancel')}
          pending={revoke.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            revoke.mutate(confirm.id, {
              onSuccess: () => {
                toast({ title: t('teams.pending.revoked', { email: confirm.email }), status: 'success' });
                setConfirm(null);
              },
              onError: (e) => {
                toast({ title: e.message, status: 'error' });
                setConfirm(null);
              },
            })
          }
        />
      ) : null}
    </div>
  );
}

/** Invite by email (owners may invite owners, admins may not) and the open invitations. Owners and admins only. */
export function TeamInvitations({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section id="team-invitations" title={t('teams.invite.title')} description={t('teams.invite.description')}>
      <div className="space-y-6">
        <InviteForm teamId={team.id} grantable={TEAM_ROLES.filter((r) => mayGrant(team.role, r))} />
        <PendingInvitations teamId={team.id} />
      </div>
    </Section>
  );
}
