import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureOffNotice } from '@/components/system/feature-off-notice';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useShareAgent, type Agent } from '@/features/agents/api/agents';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { useFeature } from '@/lib/system';
import { editsAgents, useMyTeams } from '@/lib/teams';
import { toast } from '@/lib/toast';

/**
 * Shares the agent with one of my teams (where I am not a viewer), or with no team. While the
 * administrator has collaboration off, it cannot be shared with a team (the server refuses):
 * a notice says so, and an agent already shared may still be taken out of its team.
 */
export function TeamShare({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const share = useShareAgent(agent.id);
  const teams = useMyTeams();
  const collaboration = useFeature('collaboration');
  const current = agent.teamId ?? '';
  const [teamId, setTeamId] = useState(current);
  const options = (teams.data ?? []).filter((team) => editsAgents(team.role));
  const nameOf = (id: string) => teams.data?.find((team) => team.id === id)?.name ?? t('teamBadge.unknown');
  // A team the agent is in but I cannot share with (say, one I left) still shows as chosen.
  const stranger = current && !options.some((team) => team.id === current);

  const save = (chosen: string) =>
    share.mutate(
      { teamId: chosen || null },
      {
        onSuccess: (out) => {
          setTeamId(out.teamId ?? '');
          toast({ title: out.teamId ? t('share.team.saved', { team: nameOf(out.teamId) }) : t('share.team.removed'), status: 'success' });
        },
        onError: (e) => toast({ title: t('share.team.failed'), description: msg(errorMessage(e)), status: 'error' }),
      },
    );

  return (
    <section aria-labelledby="share-team-title" className="space-y-3">
      <h3 id="share-team-title" className="text-sm font-semibold">
        {t('share.team.title')}
      </h3>
      {collaboration === false ? (
        <>
          <FeatureOffNotice linkLabel={t('share.team.turnOn')}>{t('share.team.collaborationOff')}</FeatureOffNotice>
          {current ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p dir="auto" className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('share.team.current', { team: agent.teamName ?? nameOf(current) })}
              </p>
              <Button variant="secondary" size="sm" onClick={() => save('')} disabled={share.isPending}>
                {share.isPending ? <Spinner className="size-4" /> : null}
                {t('share.team.unshare')}
              </Button>
            </div>
          ) : null}
        </>
      ) : teams.isPending || collaboration === undefined ? (
        <Spinner />
      ) : options.length === 0 && !current ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('share.team.noTeams')}{' '}
          <Link to="/dashboard/settings/team" className="font-medium text-accent-700 hover:underline dark:text-accent-300">
            {t('share.team.settingsLink')}
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <SelectField label={t('share.team.title')} hideLabel hint={t('share.team.hint')} className="flex-1" value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">{t('share.team.none')}</option>
            {stranger ? <option value={current}>{nameOf(current)}</option> : null}
            {options.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" onClick={() => save(teamId)} disabled={share.isPending || teamId === current}>
            {share.isPending ? <Spinner className="size-4" /> : null}
            {t('share.team.save')}
          </Button>
        </div>
      )}
    </section>
  );
}

