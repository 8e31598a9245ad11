import { ExternalLink, MoreHorizontal, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { DropdownMenu, type MenuAction } from '@/components/ui/menu';
import { Spinner } from '@/components/ui/spinner';
import type { Workflow } from '@/features/workflows/api/workflows';
import { useWorkflowControls } from '@/features/workflows/hooks/use-workflow-controls';

/** A row's actions: Run now, and a menu to open, edit, activate or pause, and delete it. */
export function WorkflowRowActions({ workflow, onDelete }: { workflow: Workflow; onDelete: (w: Workflow) => void }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { run, starting, setStatus, updating } = useWorkflowControls(workflow);
  const path = `/dashboard/workflows/${encodeURIComponent(workflow.id)}`;
  const active = workflow.status === 'active';
  const items: MenuAction[] = [
    { id: 'open', label: t('workflows.actions.open'), icon: <ExternalLink aria-hidden className="size-4 rtl:-scale-x-100" />, onAction: () => navigate(path) },
    { id: 'edit', label: t('workflows.actions.edit'), icon: <Pencil aria-hidden className="size-4" />, onAction: () => navigate(`${path}/edit`) },
    active
      ? { id: 'pause', label: t('workflows.actions.pause'), icon: <Pause aria-hidden className="size-4" />, onAction: () => setStatus('paused') }
      : { id: 'activate', label: t('workflows.actions.activate'), icon: <Play aria-hidden className="size-4" />, onAction: () => setStatus('active') },
    { id: 'delete', label: t('workflows.actions.delete'), icon: <Trash2 aria-hidden className="size-4" />, tone: 'danger', onAction: () => onDelete(workflow) },
  ];
  return (
    <div className="flex items-center justify-end gap-1">
      <Button size="sm" variant="secondary" onClick={() => void run().catch(() => undefined)} disabled={starting} aria-label={t('workflows.actions.runNowFor', { action: t('workflows.actions.runNow'), name: workflow.name })}>
        {starting ? <Spinner className="size-4" /> : <Play aria-hidden className="size-4" />}
        {t('workflows.actions.runNow')}
      </Button>
      <DropdownMenu
        label={t('workflows.actions.menu', { name: workflow.name })}
        triggerLabel={t('workflows.actions.menu', { name: workflow.name })}
        triggerClassName={buttonClasses('ghost', 'sm', 'px-2')}
        trigger={updating ? <Spinner className="size-4" /> : <MoreHorizontal aria-hidden className="size-4" />}
        items={items}
      />
    </div>
  );
}
