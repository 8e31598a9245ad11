import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useAgent, useUpdateAgent, type AgentInput } from '@/features/agents/api/agents';
import { AgentForm } from '@/features/agents/components/agent-form';
import { valuesFrom } from '@/features/agents/utils/form-values';
import { errorMessage, TOASTS, useAgentMessage } from '@/features/agents/utils/messages';
import { toast } from '@/lib/toast';

/** /dashboard/agents/:agentId/edit: the create form, prefilled; a saved configuration change is a new version. */
export function EditAgent({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const navigate = useNavigate();
  const agent = useAgent(agentId);
  const update = useUpdateAgent(agentId);

  useEffect(() => {
    if (agent.isError) toast({ id: 'agent-load-failed', title: t('toasts.loadFailed', { defaultValue: TOASTS.loadFailed }), status: 'error' });
  }, [agent.isError, t]);

  const onSubmit = async (input: AgentInput) => {
    if (Object.keys(input).length === 0) {
      toast({ title: t('edit.noChanges'), status: 'info' });
      return;
    }
    try {
      const before = agent.data?.currentVersion;
      const saved = await update.mutateAsync(input);
      toast({
        title: t('toasts.updated', { defaultValue: TOASTS.updated }),
        description: saved.currentVersion !== before ? t('edit.newVersion', { version: saved.currentVersion }) : t('edit.sameVersion', { version: saved.currentVersion }),
        status: 'success',
      });
      navigate(`/dashboard/agents/${agentId}`);
    } catch (e) {
      toast({ title: msg(errorMessage(e)) ?? '', status: 'error' });
      throw e;
    }
  };

  return (
    <div className="w-full max-w-4xl space-y-6">
      <div>
        <Link to={`/dashboard/agents/${agentId}`} className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('edit.back')}
        </Link>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight">{agent.data ? t('edit.title', { name: agent.data.name }) : t('pages.edit.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {agent.data ? t('edit.description', { version: agent.data.currentVersion }) : t('pages.edit.description')}
        </p>
      </div>
      {agent.isPending ? (
        <div role="status" className="flex justify-center py-20">
          <Spinner className="size-8" />
          <span className="sr-only">{t('loading')}</span>
        </div>
      ) : agent.isError ? (
        <Notice tone="error">{t('toasts.loadFailed', { defaultValue: TOASTS.loadFailed })}</Notice>
      ) : agent.data.access === 'view' ? (
        // A team viewer may read and chat, not change: the server would refuse the save.
        <Notice tone="info">
          {t('access.readOnly')}{' '}
          <Link to={`/dashboard/agents/${agentId}`} className="font-medium underline">
            {t('access.backToAgent')}
          </Link>
        </Notice>
      ) : (
        <AgentForm
          key={`${agent.data.id}:${agent.data.currentVersion}`}
          mode="edit"
          agentId={agent.data.id}
          defaultValues={valuesFrom(agent.data)}
          onSubmit={onSubmit}
          onCancel={() => navigate(`/dashboard/agents/${agentId}`)}
        />
      )}
    </div>
  );
}
