import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useDeleteWorkflow, useExecuteWorkflow, useUpdateWorkflow, type Workflow, type WorkflowStatus } from '@/features/workflows/api/workflows';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';
import { toast } from '@/lib/toast';

/** Where one run of a workflow is shown: its page, on the Runs tab, with the run's panel open. */
export const runPath = (workflowId: string, runId: string) => `/dashboard/workflows/${encodeURIComponent(workflowId)}?tab=runs&run=${encodeURIComponent(runId)}`;

/**
 * Run now and Activate/Pause for one workflow (the list's rows and the workflow's page): each says
 * how it went in a toast; a started run's toast opens the run.
 */
export function useWorkflowControls(workflow: Workflow) {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  const navigate = useNavigate();
  const execute = useExecuteWorkflow(workflow.id);
  const update = useUpdateWorkflow(workflow.id);

  /** Starts a run of the current version with `input` (default `{}`); resolves once it is queued. */
  const run = async (input: Record<string, unknown> = {}) => {
    try {
      const started = await execute.mutateAsync(input);
      toast({
        title: t('workflows.run.started', { name: workflow.name }),
        description: t('workflows.run.startedBody'),
        status: 'success',
        action: { label: t('workflows.run.open'), onAction: () => navigate(runPath(workflow.id, started.id)) },
      });
      return started;
    } catch (e) {
      toast({ title: t('workflows.run.failed', { name: workflow.name }), description: say(e), status: 'error' });
      throw e;
    }
  };

  const setStatus = (status: WorkflowStatus) =>
    update.mutate(
      { status },
      {
        onSuccess: (w) =>
          toast({ id: `workflow-status-${w.id}`, title: t(status === 'active' ? 'workflows.actions.activated' : 'workflows.actions.paused', { name: w.name }), status: 'success' }),
        onError: (e) => toast({ title: t('workflows.actions.statusFailed', { name: workflow.name }), description: say(e), status: 'error' }),
      },
    );

  return { run, starting: execute.isPending, setStatus, updating: update.isPending };
}

/** Delete, after a confirmation: the workflow, its versions and runs (runs in progress stop). */
export function useDeleteWorkflowConfirm(onDeleted?: () => void) {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  const remove = useDeleteWorkflow();
  return useConfirmAction<Workflow>({
    act: (w) => remove.mutateAsync(w.id),
    title: (w) => t('workflows.delete.title', { name: w.name }),
    body: () => t('workflows.delete.body'),
    confirmLabel: t('workflows.delete.confirm'),
    success: (_r, w) => t('workflows.delete.done', { name: w.name }),
    error: (e) => ({ title: t('workflows.delete.failed'), description: say(e) }),
    onSuccess: () => onDeleted?.(),
  });
}
