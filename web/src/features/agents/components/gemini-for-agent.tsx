import { Bot, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useAgents, useUpdateAgent, type Agent, type AgentInput, type AgentListParams } from '@/features/agents/api/agents';
import { toast } from '@/lib/toast';

/** The agents list the app reads elsewhere, by name: its largest page. */
const PARAMS: AgentListParams = { page: 1, limit: 100, status: 'all', type: 'all', search: '', sort: 'name', order: 'asc', team: 'all' };

/** What the change sends: Gemini as the provider, and no model name of another provider's (Gemini would not know it). */
const toGemini = (agent: Pick<Agent, 'model'>): AgentInput => ({
  model: { provider: 'gemini', ...(agent.model.provider !== 'gemini' && agent.model.model ? { model: null } : {}) },
});

const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : undefined);

/**
 * "Use Gemini for an agent" (on /dashboard/gemini): one of the agents I may change, its current
 * provider and model, and a button that names Gemini as its provider (PUT /agents/{id}, the agent
 * form's own call). `gemini` says whether I or the server have a Gemini connection, to warn before
 * an agent is pointed at a provider nobody connected.
 */
export function GeminiForAgent({ gemini }: { gemini?: { connected: boolean; serverConnected: boolean } }) {
  const { t } = useTranslation('dashboard');
  const { t: ta } = useTranslation('agents');
  const agents = useAgents(PARAMS);
  const editable = (agents.data?.data ?? []).filter((a) => a.access !== 'view');
  const [chosen, setChosen] = useState<string | null>(null);
  const agent = editable.find((a) => a.id === chosen) ?? editable[0];
  const update = useUpdateAgent(agent?.id ?? '');
  // The answer of the change, until the list read again says the same.
  const model = update.data && update.data.id === agent?.id ? update.data.model : agent?.model;
  const usesGemini = model?.provider === 'gemini';

  const use = () => {
    if (!agent) return;
    update.mutate(toGemini({ model: model ?? agent.model }), {
      onSuccess: (saved) => toast({ title: t('gemini.agent.done', { name: saved.name }), status: 'success' }),
      onError: (e) => toast({ title: t('gemini.agent.failed', { name: agent.name }), description: messageOf(e), status: 'error' }),
    });
  };

  const content = agents.isPending ? (
    <div role="status" className="flex justify-center py-6">
      <Spinner className="size-6" />
      <span className="sr-only">{t('gemini.agent.loading')}</span>
    </div>
  ) : agents.isError ? (
    <Notice
      tone="error"
      action={
        <Button size="sm" variant="secondary" onClick={() => void agents.refetch()} disabled={agents.isFetching}>
          {t('settings.integrations.retry')}
        </Button>
      }
    >
      {t('gemini.agent.loadFailed')}
      <span className="block text-xs opacity-80">{agents.error.message}</span>
    </Notice>
  ) : !agent || !model ? (
    <EmptyState
      size="sm"
      icon={Bot}
      title={(agents.data?.data.length ?? 0) > 0 ? t('gemini.agent.noneEditable') : t('gemini.agent.none')}
      action={
        <ButtonLink to="/dashboard/agents/create" variant="secondary" size="sm">
          {t('gemini.agent.create')}
        </ButtonLink>
      }
    />
  ) : (
    <div className="space-y-4">
      <SelectField label={t('gemini.agent.select')} value={agent.id} onChange={(e) => setChosen(e.target.value)} className="max-w-sm">
        {editable.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      <dl data-testid="agent-provider" className="grid gap-x-6 gap-y-2 rounded-xl bg-zinc-50 p-4 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] dark:bg-zinc-800/50">
        <dt className="text-zinc-600 dark:text-zinc-400">{t('gemini.agent.provider')}</dt>
        <dd className="font-medium">{model.provider ? ta(`providers.${model.provider}`) : t('gemini.agent.noProvider')}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">{t('gemini.agent.model')}</dt>
        <dd className="font-medium">{model.model ? <bdi className="font-mono text-xs">{model.model}</bdi> : t('gemini.agent.defaultModel')}</dd>
      </dl>
      {!usesGemini && model.model ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('gemini.agent.modelCleared', { model: model.model })}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={use} disabled={usesGemini || update.isPending}>
          {update.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Sparkles aria-hidden className="size-4" />}
          {t('gemini.agent.use')}
        </Button>
        {usesGemini ? <p className="text-sm text-emerald-700 dark:text-emerald-300">{t('gemini.agent.already')}</p> : null}
        <Link to={`/dashboard/agents/${agent.id}/edit`} className="ms-auto text-sm font-medium text-accent-700 hover:underline dark:text-accent-300">
          {t('gemini.agent.edit')}
        </Link>
      </div>
    </div>
  );

  return (
    <Section id="gemini-agent" title={t('gemini.agent.title')} description={t('gemini.agent.description')}>
      <div className="space-y-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('gemini.agent.precedence')}</p>
        {gemini && !gemini.connected && !gemini.serverConnected ? <Notice tone="warning">{t('gemini.agent.notConnected')}</Notice> : null}
        {content}
      </div>
    </Section>
  );
}
