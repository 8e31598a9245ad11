import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { useRetryJob, type DeadJob, type JobsOverview } from '@/features/admin-overview/api/admin-overview';
import { RelativeTime } from '@/features/admin-overview/components/relative-time';
import { toast } from '@/lib/toast';

const COUNTS = ['queued', 'running', 'retrying', 'dead'] as const;

/** The durable queue: how many jobs wait, run, wait to be tried again or failed for good; the latter listed, each with Retry. */
export function JobsPanel({ jobs }: { jobs: JobsOverview }) {
  const { t, i18n } = useTranslation('admin');
  const nf = new Intl.NumberFormat(i18n.language);
  const retry = useRetryJob();

  const onRetry = (job: DeadJob) =>
    retry.mutate(job.id, {
      onSuccess: () => toast({ id: `job-retry-${job.id}`, title: t('overview.jobs.retried', { kind: job.kind }), status: 'success' }),
      onError: (e) => toast({ id: `job-retry-${job.id}`, title: t('overview.jobs.retryFailed'), description: e.message, status: 'error' }),
    });

  const columns: Column<DeadJob>[] = [
    {
      id: 'kind',
      header: t('overview.jobs.columns.kind'),
      cell: (j) => (
        <span dir="ltr" className="font-mono text-xs font-medium">
          {j.kind}
        </span>
      ),
    },
    { id: 'attempts', header: t('overview.jobs.columns.attempts'), align: 'end', cellClassName: 'tabular-nums text-zinc-600 dark:text-zinc-400', cell: (j) => nf.format(j.attempts) },
    {
      id: 'error',
      header: t('overview.jobs.columns.error'),
      className: 'hidden sm:table-cell',
      cellClassName: 'max-w-0 w-full',
      cell: (j) =>
        j.lastError ? (
          <span dir="auto" title={j.lastError} className="block truncate text-xs text-red-700 dark:text-red-400">
            {j.lastError}
          </span>
        ) : (
          <span className="text-xs text-zinc-400">{t('overview.jobs.noError')}</span>
        ),
    },
    { id: 'when', header: t('overview.jobs.columns.when'), cellClassName: 'whitespace-nowrap text-xs text-zinc-500 dark:text-zinc-400', cell: (j) => <RelativeTime iso={j.finishedAt ?? j.createdAt} /> },
    {
      id: 'actions',
      header: t('overview.jobs.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (j) => {
        const pending = retry.isPending && retry.variables === j.id;
        return (
          <Button size="sm" variant="secondary" onClick={() => onRetry(j)} disabled={pending}>
            {pending ? <Spinner className="size-3.5" /> : <RotateCcw aria-hidden className="size-3.5" />}
            {pending ? t('overview.jobs.retrying') : t('overview.jobs.retry')}
          </Button>
        );
      },
    },
  ];

  return (
    <Section id="overview-jobs" title={t('overview.jobs.title')} description={t('overview.jobs.description')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {COUNTS.map((name) => {
          const value = jobs[name];
          const alarm = name === 'dead' && value > 0;
          return (
            <div
              key={name}
              data-testid={`jobs-${name}`}
              className={cn(
                'rounded-xl border px-3 py-2.5',
                alarm ? 'border-red-200 bg-red-50/60 dark:border-red-900/60 dark:bg-red-950/30' : 'border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-950/40',
              )}
            >
              <dt className={cn('text-xs', alarm ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400')}>{t(`overview.jobs.counts.${name}`)}</dt>
              <dd className={cn('mt-0.5 text-xl font-semibold tabular-nums', alarm && 'text-red-700 dark:text-red-400')}>{nf.format(value)}</dd>
            </div>
          );
        })}
      </dl>
      <div className="mt-5">
        <DataTable
          variant="plain"
          caption={t('overview.jobs.caption')}
          columns={columns}
          rows={jobs.deadJobs}
          rowKey={(j) => j.id}
          rowProps={() => ({ 'data-testid': 'dead-job' })}
          empty={<EmptyState size="sm" bordered={false} icon={CheckCircle2} title={t('overview.jobs.none')} description={t('overview.jobs.noneHint')} />}
        />
        {jobs.dead > jobs.deadJobs.length ? (
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t('overview.jobs.more', { shown: nf.format(jobs.deadJobs.length), total: nf.format(jobs.dead) })}</p>
        ) : null}
      </div>
    </Section>
  );
}
