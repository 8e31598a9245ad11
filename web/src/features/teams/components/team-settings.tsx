import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { FeatureOffNotice } from '@/components/system/feature-off-notice';
import { Spinner } from '@/components/ui/spinner';
import { useInvitation } from '@/features/teams/api/invitations';
import { CreateTeamDialog } from '@/features/teams/components/create-team-dialog';
import { LinkInvitation, MyInvitations } from '@/features/teams/components/invitations';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { TeamPanel } from '@/features/teams/components/team-panel';
import { useAuth } from '@/lib/auth';
import { useFeature } from '@/lib/system';
import { useMyTeams, type Team } from '@/lib/teams';

/** My teams with my role in each; the chosen one is marked current. */
function TeamList({ teams, selectedId, onSelect }: { teams: Team[]; selectedId?: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <ul className="space-y-1">
      {teams.map((team) => {
        const current = team.id === selectedId;
        return (
          <li key={team.id}>
            <button
              type="button"
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(team.id)}
              className={cn(
                'w-full rounded-lg px-3 py-2 text-start transition-colors outline-none focus-visible:ring-2 focus-visible:ring-accent-500/40',
                current ? 'bg-zinc-100 dark:bg-zinc-800/80' : 'hover:bg-zinc-100/70 dark:hover:bg-zinc-800/50',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span dir="auto" className="truncate text-sm font-medium">
                  {team.name}
                </span>
                {team.role ? <RoleBadge role={team.role} /> : null}
              </span>
              <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">
                {t('teams.list.members', { count: team.memberCount })} · {t('teams.list.agents', { count: team.agentCount })}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /dashboard/settings/team: an emailed invitation (`?invitation=TOKEN`) on top, the invitations
 * sent to me, my teams, and the chosen team (`?team=ID`, else the first). While the administrator
 * has collaboration off, a notice says so and nobody can be invited; the teams stay as they are.
 */
export function TeamSettings() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const token = params.get('invitation');
  const linked = useInvitation(token);
  const teams = useMyTeams();
  const collaboration = useFeature('collaboration');
  const list = teams.data ?? [];
  const selected = list.find((x) => x.id === params.get('team')) ?? list[0];

  // Choosing a team also drops an answered invitation from the address.
  const select = (teamId?: string) => setParams(teamId ? { team: teamId } : {}, { replace: true });
  const closeInvitation = () => setParams(selected ? { team: selected.id } : {}, { replace: true });

  if (!user) return null;
  return (
    <div className="w-full max-w-6xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.teamSettings.title')}</h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.teamSettings.description')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" />
          {t('teams.create.button')}
        </Button>
      </header>

      {collaboration !== false ? null : <FeatureOffNotice linkLabel={t('teams.turnCollaborationOn')}>{t('teams.collaborationOff')}</FeatureOffNotice>}

      {token ? <LinkInvitation key={token} token={token} onAccepted={select} onClose={closeInvitation} /> : null}
      <MyInvitations exclude={linked.data?.id} onAccepted={select} />

      {teams.isPending ? (
        <div role="status" className="flex justify-center py-12">
          <Spinner className="size-8" />
          <span className="sr-only">{t('teams.loading')}</span>
        </div>
      ) : teams.isError ? (
        <Notice tone="error">{teams.error.message}</Notice>
      ) : list.length === 0 ? (
        <EmptyState icon={Users} title={t('teams.list.emptyTitle')} description={t('teams.list.empty')} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <section aria-labelledby="team-list-title" className="lg:sticky lg:top-20 lg:self-start">
            <h2 id="team-list-title" className="px-3 pb-1.5 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
              {t('teams.list.title')}
            </h2>
            <TeamList teams={list} selectedId={selected?.id} onSelect={select} />
          </section>
          {selected ? <TeamPanel key={selected.id} teamId={selected.id} me={user} onGone={() => select()} /> : null}
        </div>
      )}

      {creating ? (
        <CreateTeamDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            select(id);
          }}
        />
      ) : null}
    </div>
  );
}
