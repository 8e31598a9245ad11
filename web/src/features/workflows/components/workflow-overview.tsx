import { useTranslation } from 'react-i18next';
import type { Workflow } from '@/features/workflows/api/workflows';
import { GraphSummary } from '@/features/workflows/components/graph-summary';
import { useWorkflowFormat } from '@/features/workflows/utils/format';

function Tile({ label, value, tone, testId, title }: { label: string; value: string; tone?: 'good' | 'bad'; testId: string; title?: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid={testId}>
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd
        title={title}
        className={
          tone === 'bad'
            ? 'mt-1 text-xl font-semibold tabular-nums text-red-700 dark:text-red-400'
            : tone === 'good'
              ? 'mt-1 text-xl font-semibold tabular-nums text-emerald-700 dark:text-emerald-400'
              : 'mt-1 text-xl font-semibold tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
  );
}

/** The Overview tab: the description, how its runs went, and the current version's steps. */
export function WorkflowOverview({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const s = workflow.stats;
  return (
    <div className="space-y-6">
      <section aria-labelledby="workflow-about-title" className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="workflow-about-title" className="text-base font-semibold">
          {t('workflows.overview.about')}
        </h2>
        <p dir="auto" className="mt-2 whitespace-pre-wrap text-sm text-zinc-700 dark:text-zinc-300">
          {workflow.description || <span className="text-zinc-500 dark:text-zinc-400">{t('workflows.overview.noDescription')}</span>}
        </p>
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
          <span title={f.dateTime(workflow.createdAt)}>{t('workflows.overview.created', { value: f.ago(workflow.createdAt) })}</span>
          {' · '}
          <span title={f.dateTime(workflow.updatedAt)}>{t('workflows.overview.updated', { value: f.ago(workflow.updatedAt) })}</span>
        </p>
      </section>
      <section aria-labelledby="workflow-stats-title" className="space-y-3">
        <h2 id="workflow-stats-title" className="text-base font-semibold">
          {t('workflows.overview.stats')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Tile testId="stat-runs" label={t('workflows.overview.runs')} value={f.count(s.runs)} />
          <Tile testId="stat-succeeded" label={t('workflows.overview.succeeded')} value={f.count(s.succeeded)} tone={s.succeeded > 0 ? 'good' : undefined} />
          <Tile testId="stat-failed" label={t('workflows.overview.failed')} value={f.count(s.failed)} tone={s.failed > 0 ? 'bad' : undefined} />
          <Tile testId="stat-success-rate" label={t('workflows.overview.successRate')} value={f.percent(s.successRate)} />
          <Tile testId="stat-last-run" label={t('workflows.overview.lastRun')} value={f.ago(s.lastRunAt)} title={s.lastRunAt ? f.dateTime(s.lastRunAt) : undefined} />
          <Tile testId="stat-nodes" label={t('workflows.overview.nodes')} value={f.count(workflow.graph.nodes.length)} />
        </dl>
        {s.active > 0 ? <p className="text-sm text-sky-700 dark:text-sky-300">{t('workflows.overview.activeNow', { value: f.count(s.active) })}</p> : null}
      </section>
      <section aria-labelledby="workflow-graph-title" className="space-y-3">
        <h2 id="workflow-graph-title" className="text-base font-semibold">
          {t('workflows.overview.steps', { value: f.count(workflow.version) })}
        </h2>
        <GraphSummary graph={workflow.graph} />
      </section>
    </div>
  );
}
