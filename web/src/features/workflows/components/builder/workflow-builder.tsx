import { ReactFlowProvider } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useWorkflow } from '@/features/workflows/api/workflows';
import { BuilderWorkspace } from '@/features/workflows/components/builder/builder-workspace';

/**
 * /dashboard/workflows/:id/edit: the enhanced workflow builder. Loads the workflow, then hands it
 * to the workspace, which keeps its own copy from then on (a refetch does not undo one's edits).
 */
export function WorkflowBuilder({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation('dashboard');
  const workflow = useWorkflow(workflowId);
  if (workflow.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
        <Spinner />
        {t('workflowBuilder.loading')}
      </div>
    );
  }
  if (workflow.isError) {
    return (
      <div className="max-w-xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.workflowEdit.title')}</h1>
        <Notice tone="error">{workflow.error instanceof ApiError && workflow.error.status === 404 ? t('workflowBuilder.notFound') : t('workflowBuilder.loadFailed', { message: workflow.error.message })}</Notice>
        <ButtonLink to="/dashboard/workflows" variant="secondary">
          {t('workflowBuilder.allWorkflows')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <ReactFlowProvider>
      <BuilderWorkspace workflow={workflow.data} />
    </ReactFlowProvider>
  );
}
