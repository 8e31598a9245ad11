import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useShareAgent, type Agent } from '@/features/agents/api/agents';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { editsAgents, useMyTeams } from '@/lib/teams';
import { toast } from '@/lib/toast';

/** Shares the agent with one of my teams (where I am not a viewer), or with no team. */
export function TeamShare({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const share = useShareAgent(agent.id);
  const teams = useMyTeams();
  const current = agent.teamId ?? '';
  const [teamId, setTeamId] = useState(current);
  const options = (teams.data ?? []).filter((team) => editsAgents(team.role));
  const nameOf = (id: string) => teams.data?.find((team) => team.id === id)?.name ?? t('teamBadge.unknown');
  // A team the agent is in but I cannot share with (say, one I left) still shows as chosen.
  const stranger = current && !options.some((team) => team.id === current);

  const onSave = () =>
    share.mutate(
      { teamId: teamId || null },
      {
        onSuccess: (out) => toast({ title: out.teamId ? t('share.team.saved', { team: nameOf(out.teamId) }) : t('share.team.removed'), status: 'success' }),
        onError: (e) => toast({ title: t('share.team.failed'), description: msg(errorMessage(e)), status: 'error' }),
      },
    );

  return (
    <section aria-labelledby="share-team-title" className="space-y-3">
      <h3 id="share-team-title" className="text-sm font-semibold">
        {t('share.team.title')}
      </h3>
      {teams.isPending ? (
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
          <Button variant="secondary" onClick={onSave} disabled={share.isPending || teamId === current}>
            {share.isPending ? <Spinner className="size-4" /> : null}
            {t('share.team.save')}
          </Button>
        </div>
      )}
    </section>
  );
}

