import { History, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useUpdateWorkflow, useWorkflowVersions, type Workflow, type WorkflowVersion } from '@/features/workflows/api/workflows';
import { TriggerSummary } from '@/features/workflows/components/trigger-summary';
import { useWorkflowFormat } from '@/features/workflows/utils/format';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';

/**
 * The Versions tab: every saved version, newest first (number, name, when, steps, trigger);
 * "Restore" saves an older one's steps and trigger again, as the next version (confirmed).
 */
export function WorkflowVersions({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const say = useWorkflowMessage();
  const versions = useWorkflowVersions(workflow.id);
  const update = useUpdateWorkflow(workflow.id);

  const confirmRestore = useConfirmAction<WorkflowVersion, Workflow>({
    act: (v) => update.mutateAsync({ graph: v.graph, trigger: v.trigger }),
    title: (v) => t('workflows.versions.restoreTitle', { value: f.count(v.version) }),
    body: () => t('workflows.versions.restoreBody'),
    confirmLabel: t('workflows.versions.restoreConfirm'),
    tone: 'primary',
    success: (w, v) => t('workflows.versions.restored', { from: f.count(v.version), to: f.count(w.version) }),
    error: (e) => ({ title: t('workflows.versions.restoreFailed'), description: say(e) }),
  });

  const columns: Column<WorkflowVersion>[] = [
    {
      id: 'version',
      header: t('workflows.versions.columns.version'),
      cellClassName: 'whitespace-nowrap font-medium tabular-nums',
      cell: (v) => (
        <span className="inline-flex items-center gap-2">
          {t('workflows.versionShort', { value: f.count(v.version) })}
          {v.version === workflow.version ? (
            <span className="rounded-md bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">{t('workflows.versions.current')}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'name',
      header: t('workflows.versions.columns.name'),
      cell: (v) => (
        <span dir="auto" className="block max-w-56 truncate">
          {v.name}
        </span>
      ),
    },
    {
      id: 'created',
      header: t('workflows.versions.columns.created'),
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (v) => <span title={f.dateTime(v.createdAt)}>{f.ago(v.createdAt)}</span>,
    },
    { id: 'nodes', header: t('workflows.versions.columns.nodes'), align: 'end', cellClassName: 'tabular-nums', cell: (v) => f.count(v.graph.nodes.length) },
    { id: 'trigger', header: t('workflows.versions.columns.trigger'), className: 'hidden md:table-cell', cell: (v) => <TriggerSummary trigger={v.trigger} /> },
    {
      id: 'restore',
      header: t('workflows.versions.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (v) =>
        v.version === workflow.version ? null : (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('workflows.versions.restoreFor', { action: t('workflows.versions.restore'), value: f.count(v.version) })}
            onClick={() => confirmRestore.ask(v)}
          >
            <RotateCcw aria-hidden className="size-4" />
            {t('workflows.versions.restore')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <DataTable
        caption={t('workflows.versions.caption')}
        columns={columns}
        rows={versions.data}
        rowKey={(v) => String(v.version)}
        rowProps={() => ({ 'data-testid': 'version-row' })}
        loading={versions.isPending}
        error={versions.isError ? say(versions.error) : null}
        empty={<EmptyState size="sm" bordered={false} icon={History} title={t('workflows.versions.empty')} />}
      />
      {confirmRestore.dialog}
    </>
  );
}
