import { ReactFlowProvider } from '@xyflow/react';
import { Bot } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useAgentOptions } from '@/lib/agent-options';
import { ApiError } from '@/lib/api-client';
import { useFlowAgent } from '@/features/flows/api/flows';
import { AgentSelect } from '@/features/flows/components/agent-select';
import { FlowWorkspace } from '@/features/flows/components/flow-workspace';
import type { FlowMode } from '@/features/flows/utils/types';

/** The page's title and what it is for, with what the builder cannot show yet. */
function Page({ mode, children }: { mode: FlowMode; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="max-w-3xl space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t(`flowBuilder.title.${mode}`)}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`flowBuilder.description.${mode}`)}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * /dashboard/flow and /dashboard/voice-flows: pick one of my agents (remembered in `?agent=`,
 * the first by name when none is), then build its conversation flow; `voice` is the same flow
 * with its voice settings, previewed by voice.
 */
export function FlowBuilder({ mode }: { mode: FlowMode }) {
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useSearchParams();
  const options = useAgentOptions();
  const agents = options.data ?? [];
  const wanted = search.get('agent');
  const chosen = wanted ?? agents[0]?.id ?? null;
  const agent = useFlowAgent(chosen);
  const pick = (id: string) => setSearch({ agent: id });

  // The first agent is remembered in the address too.
  const first = agents[0]?.id;
  useEffect(() => {
    if (!wanted && first) setSearch({ agent: first }, { replace: true });
  }, [wanted, first, setSearch]);

  if (options.isPending && !wanted) {
    return (
      <Page mode={mode}>
        <Spinner />
      </Page>
    );
  }
  if (options.isError && !wanted) {
    return (
      <Page mode={mode}>
        <Notice tone="error">{t('flowBuilder.agentsFailed', { message: options.error.message })}</Notice>
      </Page>
    );
  }
  if (!chosen) {
    return (
      <Page mode={mode}>
        <EmptyState
          icon={Bot}
          title={t('flowBuilder.noAgents.title')}
          description={t('flowBuilder.noAgents.description')}
          action={<ButtonLink to="/dashboard/agents/create">{t('flowBuilder.noAgents.create')}</ButtonLink>}
        />
      </Page>
    );
  }
  if (agent.isPending) {
    return (
      <Page mode={mode}>
        <div role="status" className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          {t('flowBuilder.loading')}
        </div>
      </Page>
    );
  }
  if (agent.isError) {
    return (
      <Page mode={mode}>
        {agents.length ? <AgentSelect agents={agents} value={chosen} onPick={pick} /> : null}
        <Notice tone="error">{agent.error instanceof ApiError && agent.error.status === 404 ? t('flowBuilder.notFound') : t('flowBuilder.loadFailed', { message: agent.error.message })}</Notice>
      </Page>
    );
  }
  return (
    <ReactFlowProvider key={agent.data.id}>
      <FlowWorkspace agent={agent.data} mode={mode} agents={agents} onPick={pick} />
    </ReactFlowProvider>
  );
}
