import { Plus, Workflow as WorkflowIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { sortRows, type SortDescriptor } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import { useWorkflowRealtime, useWorkflows, type Workflow } from '@/features/workflows/api/workflows';
import { WorkflowStatusBadge } from '@/features/workflows/components/badges';
import { TriggerSummary } from '@/features/workflows/components/trigger-summary';
import { WorkflowRowActions } from '@/features/workflows/components/workflow-row-actions';
import { useDeleteWorkflowConfirm } from '@/features/workflows/hooks/use-workflow-controls';
import { useWorkflowFormat } from '@/features/workflows/utils/format';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';

const sortValue = (w: Workflow, column: string) =>
  column === 'lastRun'
    ? (w.stats.lastRunAt ?? '')
    : column === 'runs'
      ? w.stats.runs
      : column === 'successRate'
        ? (w.stats.successRate ?? -1)
        : column === 'status'
          ? w.status
          : w.name;

/**
 * /dashboard/workflows: my workflows, last changed first (or sorted by a column): name and
 * description, status, trigger, last run, success rate, runs and version; each row runs now, opens,
 * edits, activates or pauses, and deletes (confirmed). Runs moving on update it live.
 */
export function WorkflowsList() {
  const { t, i18n } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const say = useWorkflowMessage();
  const workflows = useWorkflows();
  const live = useWorkflowRealtime();
  const [sort, setSort] = useState<SortDescriptor | undefined>();
  const confirmDelete = useDeleteWorkflowConfirm();

  const columns: Column<Workflow>[] = [
    {
      id: 'name',
      header: t('workflows.list.columns.name'),
      sortable: true,
      cell: (w) => (
        <div className="min-w-0 max-w-72">
          <Link
            to={`/dashboard/workflows/${encodeURIComponent(w.id)}`}
            dir="auto"
            className="block truncate rounded font-medium outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
          >
            {w.name}
          </Link>
          {w.description ? (
            <p dir="auto" className="truncate text-xs text-zinc-500 dark:text-zinc-400">
              {w.description}
            </p>
          ) : null}
        </div>
      ),
    },
    { id: 'status', header: t('workflows.list.columns.status'), sortable: true, cell: (w) => <WorkflowStatusBadge status={w.status} /> },
    { id: 'trigger', header: t('workflows.list.columns.trigger'), className: 'hidden md:table-cell', cell: (w) => <TriggerSummary trigger={w.trigger} /> },
    {
      id: 'lastRun',
      header: t('workflows.list.columns.lastRun'),
      sortable: true,
      className: 'hidden sm:table-cell whitespace-nowrap',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (w) => <span title={w.stats.lastRunAt ? f.dateTime(w.stats.lastRunAt) : undefined}>{f.ago(w.stats.lastRunAt)}</span>,
    },
    {
      id: 'successRate',
      header: t('workflows.list.columns.successRate'),
      sortable: true,
      align: 'end',
      className: 'hidden lg:table-cell whitespace-nowrap',
      cellClassName: 'tabular-nums whitespace-nowrap',
      cell: (w) => (
        <span className={cn(w.stats.successRate !== null && w.stats.successRate !== undefined && w.stats.successRate < 0.8 && 'text-red-700 dark:text-red-400')}>
          {f.percent(w.stats.successRate)}
        </span>
      ),
    },
    {
      id: 'runs',
      header: t('workflows.list.columns.runs'),
      sortable: true,
      align: 'end',
      className: 'hidden lg:table-cell',
      cellClassName: 'tabular-nums whitespace-nowrap',
      cell: (w) => (
        <>
          {f.count(w.stats.runs)}
          {w.stats.active > 0 ? <span className="block text-xs text-sky-700 dark:text-sky-300">{t('workflows.list.activeNow', { value: f.count(w.stats.active) })}</span> : null}
        </>
      ),
    },
    {
      id: 'version',
      header: t('workflows.list.columns.version'),
      align: 'end',
      className: 'hidden xl:table-cell',
      cellClassName: 'tabular-nums whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (w) => t('workflows.versionShort', { value: f.count(w.version) }),
    },
    {
      id: 'actions',
      header: t('workflows.list.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (w) => <WorkflowRowActions workflow={w} onDelete={confirmDelete.ask} />,
    },
  ];

  const empty = (workflows.data?.length ?? 0) === 0 && !workflows.isPending && !workflows.isError;

  return (
    <div className="w-full max-w-6xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{t('pages.workflows.title')}</h1>
            <RealtimeIndicator status={live} />
          </div>
          <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.workflows.description')}</p>
        </div>
        {!empty ? (
          <ButtonLink to="/dashboard/workflows/create">
            <Plus aria-hidden className="size-4" />
            {t('workflows.create.button')}
          </ButtonLink>
        ) : null}
      </header>

      {empty ? (
        <EmptyState
          icon={WorkflowIcon}
          title={t('workflows.list.empty.title')}
          description={t('workflows.list.empty.description')}
          action={
            <ButtonLink to="/dashboard/workflows/create">
              <Plus aria-hidden className="size-4" />
              {t('workflows.create.button')}
            </ButtonLink>
          }
        />
      ) : (
        <DataTable
          caption={t('workflows.list.caption')}
          columns={columns}
          rows={sortRows(workflows.data ?? [], sort, sortValue, i18n.language)}
          rowKey={(w) => w.id}
          rowProps={() => ({ 'data-testid': 'workflow-row' })}
          loading={workflows.isPending}
          error={
            workflows.isError ? (
              <div className="space-y-2">
                <p dir="auto">{say(workflows.error)}</p>
                <Button size="sm" variant="secondary" onClick={() => void workflows.refetch()}>
                  {t('workflows.retry')}
                </Button>
              </div>
            ) : null
          }
          sort={sort}
          onSortChange={setSort}
        />
      )}
      {confirmDelete.dialog}
    </div>
  );
}
