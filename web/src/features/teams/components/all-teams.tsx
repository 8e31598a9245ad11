import { ChevronRight, Trash2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useAllTeams, useDeleteTeam, useTeam } from '@/features/teams/api/teams';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { displayName, formatDate } from '@/features/teams/utils/format';
import type { Team } from '@/lib/teams';
import { toast } from '@/lib/toast';

/** The members and agents of one team, read when its row is opened. */
function TeamContents({ teamId }: { teamId: string }) {
  const { t } = useTranslation('dashboard');
  const team = useTeam(teamId);
  if (team.isPending) return <Spinner />;
  if (team.isError) return <Notice tone="error">{team.error.message}</Notice>;
  const { members, agents } = team.data;
  const heading = 'text-xs font-medium tracking-wide text-zinc-500 uppercase';
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <h3 className={heading}>{t('teams.members.title')}</h3>
        <ul className="mt-2 space-y-1.5">
          {members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span dir="auto" className="font-medium">
                {displayName(m)}
              </span>
              <span className="text-zinc-500 dark:text-zinc-400">{m.email}</span>
              <RoleBadge role={m.role} />
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className={heading}>{t('teams.agents.title')}</h3>
        {agents.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{t('teams.admin.noAgents')}</p>
        ) : (
          <ul className="mt-2 space-y-1.5">
            {agents.map((a) => (
              <li key={a.id} className="text-sm">
                <Link to={`/dashboard/agents/${a.id}`} dir="auto" className="font-medium text-accent-700 hover:underline dark:text-accent-300">
                  {a.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** /dashboard/teams (platform admins): every team, opened in place to see its members and agents, and deletable. */
export function AllTeams() {
  const { t, i18n } = useTranslation('dashboard');
  const teams = useAllTeams();
  const remove = useDeleteTeam();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<Team | null>(null);

  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const th = 'px-4 py-3 text-start';
  return (
    <div className="w-full max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.teams.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.teams.description')}</p>
      </header>
      {teams.isError ? <Notice tone="error">{teams.error.message}</Notice> : null}
      <div className="overflow-x-auto rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('teams.admin.caption')}</caption>
          <thead className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={th}>
                {t('teams.admin.columns.name')}
              </th>
              <th scope="col" className={cn(th, 'text-end')}>
                {t('teams.admin.columns.members')}
              </th>
              <th scope="col" className={cn(th, 'text-end')}>
                {t('teams.admin.columns.agents')}
              </th>
              <th scope="col" className={cn(th, 'hidden md:table-cell')}>
                {t('teams.admin.columns.created')}
              </th>
              <th scope="col" className={cn(th, 'hidden sm:table-cell')}>
                {t('teams.admin.columns.role')}
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">{t('teams.admin.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {teams.isPending ? (
              <tr>
                <td colSpan={6} className="px-4 py-10 text-center">
                  <Spinner />
                </td>
              </tr>
            ) : (teams.data ?? []).length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-10 text-center text-zinc-600 dark:text-zinc-400">
                  {t('teams.admin.empty')}
                </td>
              </tr>
            ) : (
              (teams.data ?? []).map((team) => {
                const expanded = open.has(team.id);
                const panelId = `team-contents-${team.id}`;
                return (
                  <Fragment key={team.id}>
                    <tr data-testid="admin-team-row">
                      <td className="px-4 py-3">
                        <button
                          type="button"
                          aria-expanded={expanded}
                          aria-controls={panelId}
                          onClick={() => toggle(team.id)}
                          className="inline-flex items-center gap-1.5 rounded font-medium outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
                        >
                          <ChevronRight aria-hidden className={cn('size-4 transition-transform rtl:rotate-180', expanded && 'rotate-90 rtl:rotate-90')} />
                          <span dir="auto">{team.name}</span>
                        </button>
                        {team.description ? (
                          <p dir="auto" className="ms-5.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
                            {team.description}
                          </p>
                        ) : null}
                      </td>
                      <td className="px-4 py-3 text-end tabular-nums">{team.memberCount}</td>
                      <td className="px-4 py-3 text-end tabular-nums">{team.agentCount}</td>
                      <td className="hidden px-4 py-3 text-zinc-600 md:table-cell dark:text-zinc-400">{formatDate(i18n.language, team.createdAt)}</td>
                      <td className="hidden px-4 py-3 sm:table-cell">
                        {team.role ? <RoleBadge role={team.role} /> : <span className="text-zinc-500 dark:text-zinc-400">{t('teams.admin.notMember')}</span>}
                      </td>
                      <td className="px-4 py-3 text-end">
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
                          onClick={() => setConfirm(team)}
                          aria-label={t('teams.admin.deleteLabel', { name: team.name })}
                        >
                          <Trash2 aria-hidden className="size-4" />
                          <span className="hidden sm:inline">{t('teams.admin.delete')}</span>
                        </Button>
                      </td>
                    </tr>
                    {expanded ? (
                      <tr id={panelId} className="bg-zinc-50/60 dark:bg-zinc-800/20">
                        <td colSpan={6} className="px-4 py-4">
                          <TeamContents teamId={team.id} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {confirm ? (
        <ConfirmDialog
          title={t('teams.delete.confirmTitle', { name: confirm.name })}
          body={t('teams.delete.confirmBody')}
          confirmLabel={t('teams.delete.button')}
          cancelLabel={t('teams.cancel')}
          pending={remove.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            remove.mutate(confirm.id, {
              onSuccess: () => {
                toast({ title: t('teams.delete.deleted', { name: confirm.name }), status: 'success' });
                setOpen((s) => {
                  const next = new Set(s);
                  next.delete(confirm.id);
                  return next;
                });
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
