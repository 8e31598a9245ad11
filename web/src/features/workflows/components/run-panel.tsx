import { ChevronRight, ExternalLink, RotateCcw, Square } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useRunDetail } from '@/features/workflows/api/run-detail';
import { useCancelExecution, useRetryExecution, type Execution, type Graph, type Step } from '@/features/workflows/api/workflows';
import { NodeKindTag, RunStatusBadge, StepStatusBadge } from '@/features/workflows/components/badges';
import { JsonView } from '@/features/workflows/components/json-view';
import { RunTrigger } from '@/features/workflows/components/trigger-summary';
import { useWorkflowFormat } from '@/features/workflows/utils/format';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** One fact of the run: a term and its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium">{children}</dd>
    </div>
  );
}

/** A node's name on the canvas, else its id. */
const nodeName = (graph: Graph | undefined, nodeId: string) => graph?.nodes.find((n) => n.id === nodeId)?.name?.trim() || nodeId;

/** One node's step: status, node, type, iteration, attempts and time; opened, its input, output and error. */
function StepItem({ step, graph }: { step: Step; graph?: Graph }) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const name = nodeName(graph, step.nodeId);
  return (
    <li data-testid="run-step" data-node={step.nodeId} className="rounded-lg border border-zinc-200 dark:border-zinc-800">
      <details open={step.status === 'failed'} className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2 text-sm outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:bg-zinc-800/40 [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden className="size-4 shrink-0 text-zinc-400 transition-transform group-open:rotate-90 rtl:rotate-180 rtl:group-open:rotate-90" />
          <StepStatusBadge status={step.status} />
          <span dir="auto" className="min-w-0 truncate font-medium">
            {name}
          </span>
          <NodeKindTag kind={step.nodeType} />
          {step.iteration > 0 ? <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('workflows.runPanel.iteration', { value: f.count(step.iteration + 1) })}</span> : null}
          <span className="ms-auto flex items-center gap-3 text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
            <span>{t('workflows.runPanel.attempts', { value: f.count(step.attempts) })}</span>
            <span>{f.duration(step.durationMs)}</span>
          </span>
        </summary>
        <div className="space-y-3 border-t border-zinc-200 p-3 dark:border-zinc-800">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Fact term={t('workflows.runPanel.nodeId')}>
              <code dir="ltr" className="font-mono text-xs">
                {step.nodeId}
              </code>
            </Fact>
            <Fact term={t('workflows.runPanel.iterationTerm')}>{f.count(step.iteration + 1)}</Fact>
            <Fact term={t('workflows.runPanel.started')}>{step.startedAt ? f.moment(step.startedAt) : f.none}</Fact>
            <Fact term={t('workflows.runPanel.finished')}>{step.finishedAt ? f.moment(step.finishedAt) : f.none}</Fact>
          </dl>
          {step.resumeAt && step.status === 'waiting' ? <Notice tone="info">{t('workflows.runPanel.resumesAt', { time: f.moment(step.resumeAt) })}</Notice> : null}
          {step.error ? (
            <Notice tone="error">
              <span dir="auto" className="[overflow-wrap:anywhere]" data-testid="step-error">
                {step.error}
              </span>
            </Notice>
          ) : null}
          <div className="grid gap-3 lg:grid-cols-2">
            <JsonView label={t('workflows.runPanel.stepInput', { name })} value={step.input} />
            <JsonView label={t('workflows.runPanel.stepOutput', { name })} value={step.output} />
          </div>
        </div>
      </details>
    </li>
  );
}

/** The run: its facts, Cancel or Retry, why it failed, its input and output, and each step. */
function RunBody({ run, graph, showWorkflowLink }: { run: Execution; graph?: Graph; showWorkflowLink?: boolean }) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const say = useWorkflowMessage();
  const cancel = useCancelExecution();
  const retry = useRetryExecution();
  const going = run.status === 'queued' || run.status === 'running';

  const confirmCancel = useConfirmAction<Execution>({
    act: (r) => cancel.mutateAsync(r.id),
    title: () => t('workflows.runPanel.cancelTitle'),
    body: () => t('workflows.runPanel.cancelBody'),
    confirmLabel: t('workflows.runPanel.cancelConfirm'),
    cancelLabel: t('workflows.runPanel.keepRunning'),
    success: () => t('workflows.runPanel.canceled'),
    error: (e) => ({ title: t('workflows.runPanel.cancelFailed'), description: say(e) }),
  });

  const onRetry = () =>
    retry.mutate(run.id, {
      onSuccess: () => toast({ title: t('workflows.runPanel.retrying', { node: run.failedNodeId ? nodeName(graph, run.failedNodeId) : f.none }), status: 'success' }),
      onError: (e) => toast({ title: t('workflows.runPanel.retryFailed'), description: say(e), status: 'error' }),
    });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        {going ? (
          <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={() => confirmCancel.ask(run)} disabled={cancel.isPending}>
            {cancel.isPending ? <Spinner className="size-4" /> : <Square aria-hidden className="size-4" />}
            {t('workflows.runPanel.cancel')}
          </Button>
        ) : null}
        {run.status === 'failed' ? (
          <Button size="sm" onClick={onRetry} disabled={retry.isPending}>
            {retry.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <RotateCcw aria-hidden className="size-4" />}
            {t('workflows.runPanel.retry')}
          </Button>
        ) : null}
        {showWorkflowLink ? (
          <Link
            to={`/dashboard/workflows/${encodeURIComponent(run.workflowId)}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
          >
            <ExternalLink aria-hidden className="size-4 rtl:-scale-x-100" />
            {t('workflows.runPanel.openWorkflow')}
          </Link>
        ) : null}
      </div>

      <dl className="grid grid-cols-2 gap-4 rounded-xl bg-zinc-50 p-4 sm:grid-cols-4 dark:bg-zinc-800/40">
        <Fact term={t('workflows.runPanel.status')}>
          <RunStatusBadge status={run.status} />
        </Fact>
        <Fact term={t('workflows.runPanel.trigger')}>
          <RunTrigger trigger={run.trigger} />
        </Fact>
        <Fact term={t('workflows.runPanel.version')}>{t('workflows.versionShort', { value: f.count(run.version) })}</Fact>
        <Fact term={t('workflows.runPanel.duration')}>
          <span data-testid="run-duration">{f.duration(run.durationMs)}</span>
        </Fact>
        <Fact term={t('workflows.runPanel.queued')}>{f.moment(run.createdAt)}</Fact>
        <Fact term={t('workflows.runPanel.started')}>{run.startedAt ? f.moment(run.startedAt) : f.none}</Fact>
        <Fact term={t('workflows.runPanel.finished')}>{run.finishedAt ? f.moment(run.finishedAt) : f.none}</Fact>
        <Fact term={t('workflows.runPanel.retries')}>{f.count(run.retries)}</Fact>
      </dl>

      {run.error ? (
        <Notice tone="error">
          <p className="font-medium">
            {run.failedNodeId ? t('workflows.runPanel.failedAt', { node: nodeName(graph, run.failedNodeId) }) : t('workflows.runPanel.failedRun')}
          </p>
          <p dir="auto" className="mt-0.5 [overflow-wrap:anywhere]" data-testid="run-error">
            {run.error}
          </p>
        </Notice>
      ) : null}

      <div className="grid gap-3 lg:grid-cols-2">
        <JsonView label={t('workflows.runPanel.input')} value={run.input} testId="run-input" />
        <JsonView label={t('workflows.runPanel.output')} value={run.output} testId="run-output" />
      </div>

      <section aria-labelledby="run-steps-title" className="space-y-2">
        <h3 id="run-steps-title" className="text-sm font-semibold">
          {t('workflows.runPanel.steps')}
        </h3>
        {run.steps.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{going ? t('workflows.runPanel.noStepsYet') : t('workflows.runPanel.noSteps')}</p>
        ) : (
          <ol className="space-y-2">
            {run.steps.map((step) => (
              <StepItem key={`${step.nodeId}-${step.iteration}`} step={step} graph={graph} />
            ))}
          </ol>
        )}
      </section>
      {confirmCancel.dialog}
    </div>
  );
}

/**
 * A run's panel (a dialog), for the workflow's Runs tab and the orchestration dashboard: read from
 * GET /workflow-executions/{id} when it opens, and kept current by the screen's realtime updates
 * (and, while the run is going, read again every few seconds). `graph` names
 * the steps' nodes; `showWorkflowLink` adds a link to the run's workflow.
 */
export function RunPanel({ executionId, onClose, graph, showWorkflowLink }: { executionId: string; onClose: () => void; graph?: Graph; showWorkflowLink?: boolean }) {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  const run = useRunDetail(executionId);
  const notFound = run.error instanceof ApiError && run.error.status === 404;
  return (
    <Dialog
      title={run.data ? t('workflows.runPanel.title', { name: run.data.workflowName }) : t('workflows.runPanel.titleLoading')}
      description={
        <span className="font-mono text-xs" dir="ltr">
          {executionId}
        </span>
      }
      closeLabel={t('workflows.runPanel.close')}
      onClose={onClose}
      className="max-w-4xl"
    >
      <div data-testid="run-panel">
        {run.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : run.isError ? (
          <Notice tone="error">{notFound ? t('workflows.runPanel.notFound') : say(run.error)}</Notice>
        ) : (
          <RunBody run={run.data} graph={graph} showWorkflowLink={showWorkflowLink} />
        )}
      </div>
    </Dialog>
  );
}
