import { zodResolver } from '@hookform/resolvers/zod';
import { LogOut, Send, Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { SelectField, selectClasses } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useInvite, useRevokeInvitation, useTeamInvitations, type Invitation } from '@/features/teams/api/invitations';
import { useLeaveTeam, useRemoveMember, useSetMemberRole, type Member, type TeamDetail } from '@/features/teams/api/teams';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { displayName, formatDate, isSelf } from '@/features/teams/utils/format';
import { INVITE_FIELDS, inviteSchema, useTeamMessage, type InviteValues } from '@/features/teams/utils/validation';
import type { User } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { oneOf, TEAM_ROLES, type TeamRole } from '@/lib/api-enums';
import { manages, mayGrant } from '@/lib/teams';
import { useFeature } from '@/lib/system';
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
  const myRole = team.role;
  const grantable = TEAM_ROLES.filter((r) => mayGrant(myRole, r));

  const onRole = (m: Member, role: TeamRole) =>
    setRole.mutate(
      { memberId: m.id, role },
      {
        onSuccess: () => toast({ title: t('teams.members.roleChanged', { name: displayName(m), role: t(`teams.roles.${role}`) }), status: 'success' }),
        onError: (e) => toast({ title: t('teams.members.roleFailed'), description: e.message, status: 'error' }),
      },
    );

  // Removing someone, or leaving (oneself): confirmed, then done.
  const confirmRemove = useConfirmAction<Member>({
    act: (m) => (isSelf(me, m) ? leave : remove).mutateAsync(m.id),
    title: (m) => (isSelf(me, m) ? t('teams.members.leaveTitle', { team: team.name }) : t('teams.members.removeTitle', { name: displayName(m) })),
    body: (m) => (isSelf(me, m) ? t('teams.members.leaveBody') : t('teams.members.removeBody')),
    confirmLabel: (m) => (isSelf(me, m) ? t('teams.members.leave') : t('teams.members.remove')),
    success: (_r, m) => (isSelf(me, m) ? t('teams.members.left', { team: team.name }) : t('teams.members.removed', { name: displayName(m) })),
    error: (e, m) => ({ title: isSelf(me, m) ? t('teams.members.leaveFailed') : t('teams.members.removeFailed'), description: e instanceof Error ? e.message : undefined }),
    onSuccess: (_r, m) => {
      if (isSelf(me, m)) onLeft();
    },
  });

  const canManage = (m: Member) => manages(myRole) && mayGrant(myRole, m.role);
  const columns: Column<Member>[] = [
    {
      id: 'name',
      header: t('teams.members.columns.name'),
      cell: (m) => (
        <>
          <span dir="auto" className="font-medium">
            {displayName(m)}
          </span>
          {isSelf(me, m) ? <span className="ms-1 text-zinc-500 dark:text-zinc-400">{t('teams.members.you')}</span> : null}
          <span className="block text-xs text-zinc-500 2xl:hidden dark:text-zinc-400">{m.email}</span>
        </>
      ),
    },
    { id: 'email', header: t('teams.members.columns.email'), className: 'hidden 2xl:table-cell', cellClassName: 'text-zinc-600 dark:text-zinc-400', cell: (m) => m.email },
    {
      id: 'role',
      header: t('teams.members.columns.role'),
      cell: (m) => {
        // Only what the server would allow is offered.
        if (!canManage(m)) return <RoleBadge role={m.role} />;
        const pending = (setRole.isPending && setRole.variables?.memberId === m.id) || (remove.isPending && remove.variables === m.id);
        return (
          <>
            <label htmlFor={`member-role-${m.id}`} className="sr-only">
              {t('teams.members.roleLabel', { name: displayName(m) })}
            </label>
            <select
              id={`member-role-${m.id}`}
              value={m.role}
              disabled={pending}
              onChange={(e) => onRole(m, oneOf(TEAM_ROLES, e.target.value, m.role))}
              className={cn(selectClasses, 'h-8 w-auto min-w-32 border-zinc-300 dark:border-zinc-700')}
            >
              {grantable.map((r) => (
                <option key={r} value={r}>
                  {t(`teams.roles.${r}`)}
                </option>
              ))}
            </select>
          </>
        );
      },
    },
    {
      id: 'joined',
      header: t('teams.members.columns.joined'),
      className: 'hidden lg:table-cell',
      cellClassName: 'text-zinc-600 dark:text-zinc-400',
      cell: (m) => formatDate(i18n.language, m.joinedAt),
    },
    {
      id: 'actions',
      header: t('teams.members.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (m) =>
        isSelf(me, m) ? (
          <Button size="sm" variant="ghost" className={dangerGhost} onClick={() => confirmRemove.ask(m)}>
            <LogOut aria-hidden className="size-4 rtl:rotate-180" />
            {t('teams.members.leave')}
          </Button>
        ) : canManage(m) ? (
          <Button size="sm" variant="ghost" className={dangerGhost} onClick={() => confirmRemove.ask(m)} aria-label={t('teams.members.removeLabel', { name: displayName(m) })}>
            <UserMinus aria-hidden className="size-4" />
            {t('teams.members.remove')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Section id="team-members" title={t('teams.members.title')}>
      <DataTable
        variant="plain"
        caption={t('teams.members.caption', { team: team.name })}
        columns={columns}
        rows={team.members}
        rowKey={(m) => m.id}
        rowProps={() => ({ 'data-testid': 'member-row' })}
      />
      {confirmRemove.dialog}
    </Section>
  );
}

/**
 * The roles I may give whom I bring in: those I may grant (owners and admins), or, where the team
 * lets members invite, members and viewers. The server decides whether I may invite at all (`canInvite`).
 */
const invitable = (mine: TeamRole | null | undefined): TeamRole[] =>
  manages(mine) ? TEAM_ROLES.filter((r) => mayGrant(mine, r)) : mine === 'member' ? ['member', 'viewer'] : [];

/** The role the form starts with: the team's default when I may give it, else "member" (or the least I may give). */
const startingRole = (grantable: TeamRole[], defaultRole: TeamRole): TeamRole =>
  grantable.includes(defaultRole) ? defaultRole : grantable.includes('member') ? 'member' : (grantable.at(-1) ?? 'viewer');

function InviteForm({ teamId, grantable, defaultRole }: { teamId: string; grantable: TeamRole[]; defaultRole: TeamRole }) {
  const { t } = useTranslation('dashboard');
  const msg = useTeamMessage();
  const invite = useInvite(teamId);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: startingRole(grantable, defaultRole) },
  });

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

function PendingInvitations({ teamId, heading = true }: { teamId: string; heading?: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const invitations = useTeamInvitations(teamId);
  const revoke = useRevokeInvitation(teamId);
  const confirmRevoke = useConfirmAction<Invitation>({
    act: (i) => revoke.mutateAsync(i.id),
    title: (i) => t('teams.pending.revokeTitle', { email: i.email }),
    body: () => t('teams.pending.revokeBody'),
    confirmLabel: t('teams.pending.revoke'),
    success: (_r, i) => t('teams.pending.revoked', { email: i.email }),
  });
  const columns: Column<Invitation>[] = [
    { id: 'email', header: t('teams.members.columns.email'), cellClassName: 'max-w-64 truncate font-medium', cell: (i) => i.email },
    { id: 'role', header: t('teams.members.columns.role'), cell: (i) => <RoleBadge role={i.role} /> },
    {
      id: 'status',
      header: t('teams.pending.columns.status'),
      cellClassName: 'text-xs text-zinc-500 dark:text-zinc-400',
      cell: (i) =>
        i.status === 'pending' ? t('teams.invitation.expires', { date: formatDate(i18n.language, i.expiresAt) }) : t(`teams.statuses.${i.status}`, { defaultValue: i.status }),
    },
    {
      id: 'actions',
      header: t('teams.members.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (i) => (
        <Button size="sm" variant="ghost" className={dangerGhost} onClick={() => confirmRevoke.ask(i)} aria-label={t('teams.pending.revokeLabel', { email: i.email })}>
          <Trash2 aria-hidden className="size-4" />
          {t('teams.pending.revoke')}
        </Button>
      ),
    },
  ];
  return (
    <div>
      {heading ? <h3 className="text-sm font-semibold">{t('teams.pending.title')}</h3> : null}
      <DataTable
        variant="plain"
        className={heading ? 'mt-2' : undefined}
        caption={t('teams.pending.title')}
        columns={columns}
        rows={invitations.data}
        rowKey={(i) => i.id}
        rowProps={() => ({ 'data-testid': 'pending-invitation' })}
        loading={invitations.isPending}
        error={invitations.isError ? invitations.error.message : null}
        empty={t('teams.pending.empty')}
      />
      {confirmRevoke.dialog}
    </div>
  );
}

/**
 * Invite by email and the open invitations. Owners and admins invite with the roles they may grant
 * (owners may invite owners, admins may not) and see the open invitations; where the team lets
 * members invite (`canInvite`), a member gets the form alone, for members and viewers. The form
 * starts on the team's default role. While the administrator has collaboration off, nobody can be
 * invited (the page says why): the open invitations stay listed, and revocable.
 */
export function TeamInvitations({ team, canInvite, defaultRole }: { team: TeamDetail; canInvite: boolean; defaultRole: TeamRole }) {
  const { t } = useTranslation('dashboard');
  const collaboration = useFeature('collaboration');
  const lists = manages(team.role);
  const grantable = invitable(team.role);
  const form = collaboration === true && canInvite && grantable.length > 0;
  if (!form) {
    if (!lists) return null;
    return (
      <Section id="team-invitations" title={t('teams.pending.title')}>
        <PendingInvitations teamId={team.id} heading={false} />
      </Section>
    );
  }
  return (
    <Section id="team-invitations" title={t('teams.invite.title')} description={lists ? t('teams.invite.description') : t('teams.invite.memberDescription')}>
      <div className="space-y-6">
        {/* A new default (saved above) starts the form again on it. */}
        <InviteForm key={defaultRole} teamId={team.id} grantable={grantable} defaultRole={defaultRole} />
        {lists ? <PendingInvitations teamId={team.id} /> : null}
      </div>
    </Section>
  );
}
