import { ArrowLeft, History, LayoutDashboard, Pause, Pencil, Play, Trash2, Layers } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useWorkflow, useWorkflowRealtime, type Workflow } from '@/features/workflows/api/workflows';
import { WorkflowStatusBadge } from '@/features/workflows/components/badges';
import { RunInputDialog } from '@/features/workflows/components/run-input-dialog';
import { RunPanel } from '@/features/workflows/components/run-panel';
import { TriggerDetails } from '@/features/workflows/components/trigger-details';
import { TriggerSummary } from '@/features/workflows/components/trigger-summary';
import { WorkflowOverview } from '@/features/workflows/components/workflow-overview';
import { WorkflowRuns } from '@/features/workflows/components/workflow-runs';
import { WorkflowVersions } from '@/features/workflows/components/workflow-versions';
import { useDetailTab, type DetailTab } from '@/features/workflows/hooks/use-detail-tab';
import { useRunParam } from '@/features/workflows/hooks/use-run-param';
import { useDeleteWorkflowConfirm, useWorkflowControls } from '@/features/workflows/hooks/use-workflow-controls';
import { useWorkflowFormat } from '@/features/workflows/utils/format';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';
import { ApiError } from '@/lib/api-client';

function BackLink() {
  const { t } = useTranslation('dashboard');
  return (
    <Link to="/dashboard/workflows" className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
      <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
      {t('workflows.backToList')}
    </Link>
  );
}

/** The loaded workflow: its header, actions and trigger, the three tabs, and the opened run's panel. */
function Detail({ workflow, live }: { workflow: Workflow; live: ReturnType<typeof useWorkflowRealtime> }) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const navigate = useNavigate();
  const { tab, setTab } = useDetailTab();
  const { run, openRun } = useRunParam();
  const { run: start, setStatus, updating } = useWorkflowControls(workflow);
  const [asking, setAsking] = useState(false);
  const confirmDelete = useDeleteWorkflowConfirm(() => navigate('/dashboard/workflows'));
  const active = workflow.status === 'active';

  const tabs: Array<{ id: DetailTab; title: string; icon: ReactNode }> = [
    { id: 'overview', title: t('workflows.detail.tabs.overview'), icon: <LayoutDashboard aria-hidden className="size-4" /> },
    { id: 'runs', title: t('workflows.detail.tabs.runs'), icon: <History aria-hidden className="size-4" /> },
    { id: 'versions', title: t('workflows.detail.tabs.versions'), icon: <Layers aria-hidden className="size-4" /> },
  ];

  return (
    <>
      <header className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 dir="auto" className="min-w-0 break-words text-2xl font-semibold tracking-tight">
                {workflow.name}
              </h1>
              <WorkflowStatusBadge status={workflow.status} />
              <span className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium tabular-nums text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300" data-testid="workflow-version">
                {t('workflows.detail.version', { value: f.count(workflow.version) })}
              </span>
              <RealtimeIndicator status={live} />
            </div>
            <div className="mt-2 text-sm">
              <TriggerSummary trigger={workflow.trigger} />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <ButtonLink variant="secondary" to={`/dashboard/workflows/${encodeURIComponent(workflow.id)}/edit`}>
              <Pencil aria-hidden className="size-4" />
              {t('workflows.actions.edit')}
            </ButtonLink>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              <Play aria-hidden className="size-4" />
              {t('workflows.actions.run')}
            </Button>
            {active ? (
              <Button variant="secondary" onClick={() => setStatus('paused')} disabled={updating}>
                {updating ? <Spinner className="size-4" /> : <Pause aria-hidden className="size-4" />}
                {t('workflows.actions.pause')}
              </Button>
            ) : (
              <Button onClick={() => setStatus('active')} disabled={updating}>
                {updating ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Play aria-hidden className="size-4" />}
                {t('workflows.actions.activate')}
              </Button>
            )}
            <Button variant="ghost" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={() => confirmDelete.ask(workflow)}>
              <Trash2 aria-hidden className="size-4" />
              {t('workflows.actions.delete')}
            </Button>
          </div>
        </div>
        {workflow.trigger.type !== 'manual' ? (
          <section aria-labelledby="workflow-trigger-title" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <h2 id="workflow-trigger-title" className="mb-3 text-sm font-semibold">
              {t(`workflows.detail.triggerTitle.${workflow.trigger.type}`)}
            </h2>
            <TriggerDetails workflow={workflow} />
          </section>
        ) : null}
      </header>

      <Tabs label={t('workflows.detail.tabs.label')} tabs={tabs} selected={tab} onSelect={setTab}>
        {(id) =>
          id === 'overview' ? (
            <WorkflowOverview workflow={workflow} />
          ) : id === 'runs' ? (
            <WorkflowRuns workflowId={workflow.id} onOpen={openRun} onRun={() => setAsking(true)} />
          ) : (
            <WorkflowVersions workflow={workflow} />
          )
        }
      </Tabs>

      {asking ? <RunInputDialog name={workflow.name} onRun={(input) => start(input)} onClose={() => setAsking(false)} /> : null}
      {run ? <RunPanel executionId={run} graph={workflow.graph} onClose={() => openRun(null)} /> : null}
      {confirmDelete.dialog}
    </>
  );
}

/**
 * /dashboard/workflows/:id: the workflow's name, status, version and trigger (the webhook's URL
 * with "Replace URL", the schedule's next run), Edit, Run (with an input), Activate or Pause and
 * Delete; tabs Overview, Runs (`?tab=runs`, a run's panel at `&run=<id>`) and Versions. Runs
 * moving on update it live.
 */
export function WorkflowDetail({ id }: { id: string }) {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  const workflow = useWorkflow(id);
  const live = useWorkflowRealtime(id);
  const notFound = workflow.error instanceof ApiError && workflow.error.status === 404;
  return (
    <div className="w-full max-w-6xl space-y-6">
      <BackLink />
      {workflow.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" />
        </div>
      ) : workflow.isError ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.workflow.title')}</h1>
          <Notice tone="error">{notFound ? t('workflows.detail.notFound') : say(workflow.error)}</Notice>
        </>
      ) : (
        <Detail workflow={workflow.data} live={live} />
      )}
    </div>
  );
}
