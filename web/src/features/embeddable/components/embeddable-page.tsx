import { Bot, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useWidget } from '@/features/embeddable/api/widget';
import { WidgetEditor } from '@/features/embeddable/components/widget-editor';
import { useAgentOptions } from '@/lib/agent-options';

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex justify-center py-10">
      <Spinner className="size-6" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * /dashboard/integrations/embeddable: one of my agents (`?agentId=`, else the first) and its
 * widget: status, settings, the tag to paste and a live preview.
 */
export function EmbeddablePage() {
  const { t } = useTranslation('dashboard');
  const agents = useAgentOptions();
  const [params, setParams] = useSearchParams();
  const list = agents.data ?? [];
  const asked = params.get('agentId');
  const agent = list.find((a) => a.id === asked) ?? list[0] ?? null;
  const widget = useWidget(agent?.id ?? null);

  const choose = (id: string) =>
    setParams(
      (p) => {
        p.set('agentId', id);
        return p;
      },
      { replace: true },
    );

  let body;
  if (agents.isPending) body = <Loading label={t('embeddable.agent.loading')} />;
  else if (agents.isError) body = <Notice tone="error">{agents.error.message}</Notice>;
  else if (!agent)
    body = (
      <EmptyState
        icon={Bot}
        title={t('embeddable.agent.none')}
        description={t('embeddable.agent.noneHint')}
        action={
          <ButtonLink to="/dashboard/agents/create">
            <Plus aria-hidden className="size-4" />
            {t('embeddable.agent.create')}
          </ButtonLink>
        }
      />
    );
  else if (widget.isPending) body = <Loading label={t('embeddable.loading')} />;
  else if (widget.isError)
    body = (
      <Notice
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void widget.refetch()} disabled={widget.isFetching}>
            {t('embeddable.retry')}
          </Button>
        }
      >
        {t('embeddable.loadFailed')}
        <span className="block text-xs opacity-80">{widget.error.message}</span>
      </Notice>
    );
  else body = <WidgetEditor key={agent.id} agent={agent} widget={widget.data} />;

  return (
    <div className="w-full max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.embeddable.title')}</h1>
          <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.embeddable.description')}</p>
        </div>
        {list.length > 0 && agent ? (
          <SelectField label={t('embeddable.agent.label')} value={agent.id} onChange={(e) => choose(e.target.value)} className="w-full sm:w-72">
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </header>
      {body}
    </div>
  );
}
