import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useRestoreVersion, useVersions, type Agent } from '@/features/agents/api/agents';
import { Card } from '@/features/agents/components/card';
import { useDateTime } from '@/features/agents/hooks/use-date-time';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';

/** The agent's versions, newest first, where each runs, and restore (confirmed) for editors. */
export function Versions({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const when = useDateTime();
  const versions = useVersions(agent.id);
  const restore = useRestoreVersion(agent.id);
  const confirmRestore = useConfirmAction<number, Agent>({
    act: (version) => restore.mutateAsync(version),
    tone: 'primary',
    title: (version) => t('versions.confirmTitle', { version }),
    body: (version) => t('versions.confirmBody', { version }),
    confirmLabel: t('versions.restore'),
    success: (a, version) => t('versions.restored', { version, current: a.currentVersion }),
    error: (e) => msg(errorMessage(e)),
  });
  const deployedAt = (v: number) => (agent.deployments ?? []).filter((d) => d.version === v).map((d) => t(`environments.${d.environment}`));
  return (
    <Card id="versions" title={t('versions.title')}>
      {versions.isPending ? (
        <Spinner />
      ) : versions.isError ? (
        <Notice tone="error">{msg(errorMessage(versions.error))}</Notice>
      ) : (
        <ol className="max-h-80 space-y-1 overflow-y-auto">
          {versions.data.map((v) => {
            const current = v.version === agent.currentVersion;
            const envs = deployedAt(v.version);
            return (
              <li key={v.version} className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                <span className="w-10 shrink-0 font-mono text-sm font-semibold tabular-nums">v{v.version}</span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm">{when(v.createdAt)}</p>
                  {envs.length ? <p className="text-xs text-emerald-700 dark:text-emerald-400">{envs.join(', ')}</p> : null}
                </div>
                {current ? (
                  <span className="rounded-full bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-700 dark:bg-accent-500/15 dark:text-accent-300">{t('versions.current')}</span>
                ) : agent.access === 'view' ? null : (
                  <Button size="sm" variant="ghost" onClick={() => confirmRestore.ask(v.version)} aria-label={t('versions.restoreLabel', { version: v.version })}>
                    <History aria-hidden className="size-4" />
                    {t('versions.restore')}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {confirmRestore.dialog}
    </Card>
  );
}
