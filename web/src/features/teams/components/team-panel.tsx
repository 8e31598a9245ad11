import { zodResolver } from '@hookform/resolvers/zod';
import { Bot, Send, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useTeamSettings } from '@/features/teams/api/team-settings';
import { useDeleteTeam, useNotifyTeam, useRemoveTeamAgent, useTeam, type TeamAgent, type TeamDetail } from '@/features/teams/api/teams';
import { Members, TeamInvitations } from '@/features/teams/components/members';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { TeamActivity } from '@/features/teams/components/team-activity';
import { TeamSettingsCard } from '@/features/teams/components/team-settings-form';
import { notifySchema, useTeamMessage, type NotifyValues } from '@/features/teams/utils/validation';
import type { User } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { manages } from '@/lib/teams';
import { toast } from '@/lib/toast';

/** The agents shared with the team; their owners and the team's owners and admins take them out. */
function TeamAgents({ team, me }: { team: TeamDetail; me: User }) {
  const { t } = useTranslation('dashboard');
  const remove = useRemoveTeamAgent(team.id);
  const confirmRemove = useConfirmAction<TeamAgent>({
    act: (a) => remove.mutateAsync(a.id),
    title: (a) => t('teams.agents.removeTitle', { name: a.name }),
    body: () => t('teams.agents.removeBody'),
    confirmLabel: t('teams.agents.remove'),
    success: (_r, a) => t('teams.agents.removed', { name: a.name }),
  });
  return (
    <Section id="team-agents" title={t('teams.agents.title')} description={t('teams.agents.description')}>
      {team.agents.length === 0 ? (
        <EmptyState size="sm" bordered icon={Bot} title={t('teams.agents.empty')} />
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {team.agents.map((a) => (
            <li key={a.id} data-testid="team-agent" className="flex flex-wrap items-center gap-3 py-2">
              <Bot aria-hidden className="size-4 shrink-0 text-zinc-400" />
              <div className="min-w-0 flex-1">
                <Link to={`/dashboard/agents/${a.id}`} dir="auto" className="font-medium text-zinc-900 hover:text-accent-700 hover:underline dark:text-zinc-100 dark:hover:text-accent-300">
                  {a.name}
                </Link>
                {a.description ? (
                  <p dir="auto" className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {a.description}
                  </p>
                ) : null}
              </div>
              {manages(team.role) || a.ownerId === me.id ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
                  onClick={() => confirmRemove.ask(a)}
                  aria-label={t('teams.agents.removeLabel', { name: a.name })}
                >
                  {t('teams.agents.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {confirmRemove.dialog}
    </Section>
  );
}

/** "Message the team": every other member gets it by email, and at once when online. Owners and admins. */
function NotifyTeam({ teamId }: { teamId: string }) {
  const { t } = useTranslation('dashboard');
  const msg = useTeamMessage();
  const notify = useNotifyTeam(teamId);
  const { register, handleSubmit, formState, setError, reset } = useForm<NotifyValues>({ resolver: zodResolver(notifySchema), defaultValues: { message: '' } });
  const submit = handleSubmit((values) =>
    notify.mutate(values.message.trim(), {
      onSuccess: (out) => {
        toast({ title: t('teams.notify.sent', { count: out.recipients }), status: 'success' });
        reset();
      },
      onError: (e) => {
        if (!applyServerFieldErrors(e, setError, ['message'])) toast({ title: t('teams.notify.failed'), description: e.message, status: 'error' });
      },
    }),
  );
  return (
    <Section id="team-notify" title={t('teams.notify.title')} description={t('teams.notify.description')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <TextareaField label={t('teams.notify.message')} rows={3} error={msg(formState.errors.message?.message)} {...register('message')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={notify.isPending}>
            {notify.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Send aria-hidden className="size-4 rtl:-scale-x-100" />}
            {t('teams.notify.submit')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** Deleting the team (owners): its agents go back to their owners. */
function DeleteTeam({ team, onDeleted }: { team: TeamDetail; onDeleted: () => void }) {
  const { t } = useTranslation('dashboard');
  const remove = useDeleteTeam();
  const confirmDelete = useConfirmAction({
    act: () => remove.mutateAsync(team.id),
    title: () => t('teams.delete.confirmTitle', { name: team.name }),
    body: () => t('teams.delete.confirmBody'),
    confirmLabel: t('teams.delete.button'),
    success: () => t('teams.delete.deleted', { name: team.name }),
    onSuccess: onDeleted,
  });
  return (
    <Section id="team-danger" tone="danger" title={t('teams.delete.title')} description={t('teams.delete.description')}>
      <Button variant="danger" onClick={() => confirmDelete.ask()}>
        <Trash2 aria-hidden className="size-4" />
        {t('teams.delete.button')}
      </Button>
      {confirmDelete.dialog}
    </Section>
  );
}

/** One of my teams, with what my role lets me do in it; what it does not is not shown. */
export function TeamPanel({ teamId, me, onGone }: { teamId: string; me: User; onGone: () => void }) {
  const { t } = useTranslation('dashboard');
  const team = useTeam(teamId);
  const settings = useTeamSettings(teamId);
  // Whether I may invite is the server's answer (my role and the team's policy): waited for, so the
  // form does not appear late. Should the settings fail, their card says so and owners and admins still invite.
  if (team.isPending || settings.isPending) {
    return (
      <div role="status" className="flex justify-center py-12">
        <Spinner className="size-8" />
        <span className="sr-only">{t('teams.loading')}</span>
      </div>
    );
  }
  if (team.isError) return <Notice tone="error">{team.error.message}</Notice>;
  const d = team.data;
  const canManage = manages(d.role);
  const canInvite = settings.data?.canInvite ?? canManage;
  const defaultRole = settings.data?.team.defaultRole ?? d.defaultRole;
  return (
    <div className="min-w-0 space-y-6" data-testid="team-panel">
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h2 dir="auto" className="text-xl font-semibold tracking-tight">
            {d.name}
          </h2>
          {d.role ? (
            <span className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
              {t('teams.yourRole')}
              <RoleBadge role={d.role} />
            </span>
          ) : null}
        </div>
        {d.description ? (
          <p dir="auto" className="text-sm text-zinc-600 dark:text-zinc-400">
            {d.description}
          </p>
        ) : null}
      </header>
      <TeamSettingsCard teamId={d.id} settings={settings} />
      <Members team={d} me={me} onLeft={onGone} />
      <TeamInvitations team={d} canInvite={canInvite} defaultRole={defaultRole} />
      <TeamAgents team={d} me={me} />
      {canManage ? <NotifyTeam teamId={d.id} /> : null}
      {canManage ? <TeamActivity teamId={d.id} /> : null}
      {d.role === 'owner' ? <DeleteTeam team={d} onDeleted={onGone} /> : null}
    </div>
  );
}
