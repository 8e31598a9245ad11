import { CheckCircle2, Rocket, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { selectClasses } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useDeployAgent, useVersions, type Agent } from '@/features/agents/api/agents';
import { Card } from '@/features/agents/components/card';
import { useDateTime } from '@/features/agents/hooks/use-date-time';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { ENVIRONMENTS, type Environment } from '@/lib/api-enums';
import { toast } from '@/lib/toast';

/**
 * Each environment with the version it runs, a version picker (the current version by default)
 * and its deploy button. The button's name is its visible text plus, for screen readers, the
 * environment ("Deploy version 2" + " to Production"), so it says what it does and still
 * contains what it shows.
 */
export function Deployments({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const canEdit = agent.access !== 'view';
  const msg = useAgentMessage();
  const when = useDateTime();
  const deploy = useDeployAgent(agent.id);
  const versions = useVersions(agent.id);
  // The version chosen per environment; unchosen ones follow the current version.
  const [chosen, setChosen] = useState<Partial<Record<Environment, number>>>({});
  const byEnv = new Map((agent.deployments ?? []).map((d) => [d.environment, d]));
  const numbers = versions.data?.length ? versions.data.map((v) => v.version) : [agent.currentVersion];
  const onDeploy = (environment: Environment, version: number) =>
    deploy.mutate(
      { environment, version },
      {
        onSuccess: (d) => toast({ title: t('deploy.done', { version: d.version, environment: t(`environments.${environment}`) }), status: 'success' }),
        onError: (e) => toast({ title: t('deploy.failed'), description: msg(errorMessage(e)), status: 'error' }),
      },
    );
  return (
    <Card id="deployments" title={t('deploy.title')}>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {ENVIRONMENTS.map((env) => {
          const d = byEnv.get(env);
          const envName = t(`environments.${env}`);
          const selected = chosen[env] ?? agent.currentVersion;
          const running = d?.version === selected;
          const pending = deploy.isPending && deploy.variables?.environment === env;
          const rollback = !!d && selected < d.version;
          return (
            <li key={env} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <span aria-hidden className={cn('size-2 rounded-full', d ? (env === 'production' ? 'bg-emerald-500' : 'bg-sky-500') : 'bg-zinc-300 dark:bg-zinc-600')} />
                  {envName}
                </p>
                <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                  {d ? t('deploy.running', { version: d.version, date: when(d.deployedAt) }) : t('deploy.notDeployed')}
                </p>
              </div>
              {canEdit ? (
                <>
                  <label htmlFor={`deploy-version-${env}`} className="sr-only">
                    {t('deploy.versionLabel', { environment: envName })}
                  </label>
                  {/* Full width, on a line of its own: beside the name in this narrow card, it squeezes
                      the name and its date to a word a line. */}
                  <select
                    id={`deploy-version-${env}`}
                    value={selected}
                    onChange={(e) => setChosen((c) => ({ ...c, [env]: Number(e.target.value) }))}
                    className={cn(selectClasses, 'border-zinc-300 dark:border-zinc-700')}
                  >
                    {numbers.map((n) => (
                      <option key={n} value={n}>
                        {n === agent.currentVersion ? t('deploy.versionCurrent', { version: n }) : t('deploy.version', { version: n })}
                      </option>
                    ))}
                  </select>
                  {running ? (
                    <span className="inline-flex h-8 items-center gap-1.5 px-3 text-sm text-zinc-600 dark:text-zinc-400">
                      <CheckCircle2 aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />
                      {t('deploy.upToDate')}
                    </span>
                  ) : (
                    <Button size="sm" variant="secondary" disabled={pending} onClick={() => onDeploy(env, selected)}>
                      {pending ? <Spinner className="size-4" /> : rollback ? <Undo2 aria-hidden className="size-4" /> : <Rocket aria-hidden className="size-4" />}
                      <span>
                        <Trans
                          t={t}
                          i18nKey={rollback ? 'deploy.rollbackTo' : 'deploy.deployTo'}
                          values={{ version: selected, environment: envName }}
                          components={[<span key="env" className="sr-only" />]}
                        />
                      </span>
                    </Button>
                  )}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
