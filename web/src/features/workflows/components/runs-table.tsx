import { PanelRightOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import type { Execution } from '@/features/workflows/api/workflows';
import { RunStatusBadge } from '@/features/workflows/components/badges';
import { RunTrigger } from '@/features/workflows/components/trigger-summary';
import { useWorkflowFormat } from '@/features/workflows/utils/format';

/**
 * Runs as a table: (their workflow,) status, when it started, what started it, (the version,) how
 * long it took, and a button that opens its panel. A click anywhere on a row opens it too.
 */
export function RunsTable({
  caption,
  runs,
  loading,
  error,
  empty,
  filters,
  onOpen,
  showWorkflow = false,
  variant = 'card',
  testId = 'run-row',
}: {
  caption: string;
  runs: Execution[] | undefined;
  loading?: boolean;
  error?: ReactNode;
  empty: ReactNode;
  filters?: ReactNode;
  onOpen: (run: Execution) => void;
  /** Name each run's workflow (a list across workflows) instead of its version. */
  showWorkflow?: boolean;
  variant?: 'card' | 'plain';
  testId?: string;
}) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const when = (r: Execution) => r.startedAt ?? r.createdAt;
  const columns: Column<Execution>[] = [
    ...(showWorkflow
      ? [
          {
            id: 'workflow',
            header: t('workflows.runs.columns.workflow'),
            cell: (r: Execution) => (
              <Link
                to={`/dashboard/workflows/${encodeURIComponent(r.workflowId)}`}
                dir="auto"
                onClick={(e) => e.stopPropagation()}
                className="block max-w-56 truncate rounded font-medium outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
              >
                {r.workflowName}
              </Link>
            ),
          },
        ]
      : []),
    { id: 'status', header: t('workflows.runs.columns.status'), cell: (r) => <RunStatusBadge status={r.status} /> },
    {
      id: 'started',
      header: t('workflows.runs.columns.started'),
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (r) => <span title={f.dateTime(when(r))}>{f.ago(when(r))}</span>,
    },
    { id: 'trigger', header: t('workflows.runs.columns.trigger'), className: 'hidden sm:table-cell', cellClassName: 'text-zinc-700 dark:text-zinc-300', cell: (r) => <RunTrigger trigger={r.trigger} /> },
    ...(showWorkflow
      ? []
      : [
          {
            id: 'version',
            header: t('workflows.runs.columns.version'),
            className: 'hidden md:table-cell',
            cellClassName: 'tabular-nums text-zinc-600 dark:text-zinc-400',
            cell: (r: Execution) => t('workflows.versionShort', { value: f.count(r.version) }),
          },
        ]),
    {
      id: 'duration',
      header: t('workflows.runs.columns.duration'),
      align: 'end',
      className: 'hidden sm:table-cell',
      cellClassName: 'tabular-nums whitespace-nowrap text-zinc-700 dark:text-zinc-300',
      cell: (r) => f.duration(r.durationMs),
    },
    {
      id: 'open',
      header: t('workflows.runs.columns.open'),
      hideHeader: true,
      align: 'end',
      cell: (r) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('workflows.runs.openFor', { action: t('workflows.runs.open'), name: r.workflowName, time: f.dateTime(when(r)) })}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(r);
          }}
        >
          <PanelRightOpen aria-hidden className="size-4 rtl:-scale-x-100" />
          {t('workflows.runs.open')}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={runs}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-testid': testId, className: 'cursor-pointer', onClick: () => onOpen(r) })}
      loading={loading}
      error={error}
      empty={empty}
      filters={filters}
      variant={variant}
    />
  );
}
