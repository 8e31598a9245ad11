import { ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { expandedRowId, sortRows, type SortDescriptor } from '@/components/ui/data-table-utils';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useOpenRows } from '@/components/ui/use-open-rows';
import { useAllTeams, useDeleteTeam, useTeam } from '@/features/teams/api/teams';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { displayName, formatDate } from '@/features/teams/utils/format';
import type { Team } from '@/lib/teams';


/** The members and agents of one team, read when its row is opened. */
function TeamContents({ teamId }: { teamId: string }) {
  const { t } = useTranslation('dashboard');
  const team = useTeam(teamId);
  if (team.isPending) return <Spinner />;
  if (team.isError) return <Notice tone="error">{team.error.message}</Notice>;
  const { members, agents } = team.data;
  const heading = 'text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400';
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

const sortValue = (team: Team, column: string) =>
  column === 'members' ? team.memberCount : column === 'agents' ? team.agentCount : column === 'created' ? team.createdAt : team.name;

/** /dashboard/teams (platform admins): every team, opened in place to see its members and agents, and deletable. */
export function AllTeams() {
  const { t, i18n } = useTranslation('dashboard');
  const teams = useAllTeams();
  const remove = useDeleteTeam();
  const { open, toggle, close } = useOpenRows();
  const [sort, setSort] = useState<SortDescriptor | undefined>();

  const confirmDelete = useConfirmAction<Team>({
    act: (team) => remove.mutateAsync(team.id),
    title: (team) => t('teams.delete.confirmTitle', { name: team.name }),
    body: () => t('teams.delete.confirmBody'),
    confirmLabel: t('teams.delete.button'),
    success: (_r, team) => t('teams.delete.deleted', { name: team.name }),
    onSuccess: (_r, team) => close(team.id),
  });

  const columns: Column<Team>[] = [
    {
      id: 'name',
      header: t('teams.admin.columns.name'),
      sortable: true,
      cell: (team) => {
        const expanded = open.has(team.id);
        return (
          <>
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? expandedRowId(team.id) : undefined}
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
          </>
        );
      },
    },
    { id: 'members', header: t('teams.admin.columns.members'), sortable: true, align: 'end', cellClassName: 'tabular-nums', cell: (team) => team.memberCount },
    { id: 'agents', header: t('teams.admin.columns.agents'), sortable: true, align: 'end', cellClassName: 'tabular-nums', cell: (team) => team.agentCount },
    {
      id: 'created',
      header: t('teams.admin.columns.created'),
      sortable: true,
      className: 'hidden md:table-cell',
      cellClassName: 'text-zinc-600 dark:text-zinc-400',
      cell: (team) => formatDate(i18n.language, team.createdAt),
    },
    {
      id: 'role',
      header: t('teams.admin.columns.role'),
      className: 'hidden sm:table-cell',
      cell: (team) => (team.role ? <RoleBadge role={team.role} /> : <span className="text-zinc-500 dark:text-zinc-400">{t('teams.admin.notMember')}</span>),
    },
    {
      id: 'actions',
      header: t('teams.admin.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (team) => (
        <Button
          size="sm"
          variant="ghost"
          className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
          onClick={() => confirmDelete.ask(team)}
          aria-label={t('teams.admin.deleteLabel', { name: team.name })}
        >
          <Trash2 aria-hidden className="size-4" />
          <span className="hidden sm:inline">{t('teams.admin.delete')}</span>
        </Button>
      ),
    },
  ];

  return (
    <div className="w-full max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.teams.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.teams.description')}</p>
      </header>
      <DataTable
        caption={t('teams.admin.caption')}
        columns={columns}
        rows={sortRows(teams.data ?? [], sort, sortValue, i18n.language)}
        rowKey={(team) => team.id}
        rowProps={() => ({ 'data-testid': 'admin-team-row' })}
        loading={teams.isPending}
        error={teams.isError ? teams.error.message : null}
        empty={t('teams.admin.empty')}
        sort={sort}
        onSortChange={setSort}
        expanded={(team) => (open.has(team.id) ? <TeamContents teamId={team.id} /> : null)}
      />
      {confirmDelete.dialog}
    </div>
  );
}
