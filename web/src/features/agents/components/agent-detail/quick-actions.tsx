import { Copy, Download, Link2, MessageSquare, Pencil, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { downloadJson, exportAgent, useDeleteAgent, useDuplicateAgent, type Agent } from '@/features/agents/api/agents';
import { ShareDialog } from '@/features/agents/components/agent-detail/share-dialog';
import { Card } from '@/features/agents/components/card';
import { errorMessage, TOASTS, useAgentMessage } from '@/features/agents/utils/messages';
import { toast } from '@/lib/toast';

/** Chat, edit, duplicate, export, share and delete, as far as the agent's access allows. */
export function QuickActions({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const navigate = useNavigate();
  const duplicate = useDuplicateAgent();
  const remove = useDeleteAgent();
  const confirmDelete = useConfirmAction<string>({
    act: (id) => remove.mutateAsync(id),
    title: () => t('delete.title', { name: agent.name }),
    body: () => t('delete.body'),
    confirmLabel: t('delete.confirm'),
    success: () => t('toasts.deleted', { defaultValue: TOASTS.deleted }),
    error: (e) => msg(errorMessage(e)),
    onSuccess: () => navigate('/dashboard/agents', { replace: true }),
  });
  const [sharing, setSharing] = useState(false);
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      downloadJson(await exportAgent(agent.id), agent.name);
      toast({ title: t('export.done'), status: 'success' });
    } catch (e) {
      toast({ title: t('export.failed'), description: msg(errorMessage(e)), status: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const actionClass = 'justify-start';
  return (
    <Card id="actions" title={t('actions.title')}>
      <div className="grid gap-2">
        <ButtonLink to={`/dashboard/agents/${agent.id}/chat`} className={actionClass}>
          <MessageSquare aria-hidden className="size-4" />
          {t('actions.chat')}
        </ButtonLink>
        {agent.access !== 'view' ? (
          <ButtonLink to={`/dashboard/agents/${agent.id}/edit`} variant="secondary" className={actionClass}>
            <Pencil aria-hidden className="size-4" />
            {t('actions.edit')}
          </ButtonLink>
        ) : null}
        <Button
          variant="secondary"
          className={actionClass}
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(
              { id: agent.id },
              {
                onSuccess: (copy) => {
                  toast({ title: t('actions.duplicated', { name: copy.name }), status: 'success' });
                  navigate(`/dashboard/agents/${copy.id}`);
                },
                onError: (e) => toast({ title: msg(errorMessage(e)) ?? t('errors.duplicateFailed'), status: 'error' }),
              },
            )
          }
        >
          {duplicate.isPending ? <Spinner className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {t('actions.duplicate')}
        </Button>
        <Button variant="secondary" className={actionClass} onClick={() => void onExport()} disabled={exporting}>
          {exporting ? <Spinner className="size-4" /> : <Download aria-hidden className="size-4" />}
          {t('actions.export')}
        </Button>
        {/* Sharing and deleting belong to the agent's owner and its team's owners and admins. */}
        {agent.access === 'manage' ? (
          <>
            <Button variant="secondary" className={actionClass} onClick={() => setSharing(true)}>
              {agent.sharedPublicly ? <Link2 aria-hidden className="size-4" /> : <Share2 aria-hidden className="size-4" />}
              {agent.sharedPublicly ? t('actions.shared') : t('actions.share')}
            </Button>
            <Button variant="ghost" className={cn(actionClass, 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40')} onClick={() => confirmDelete.ask(agent.id)}>
              <Trash2 aria-hidden className="size-4" />
              {t('actions.delete')}
            </Button>
          </>
        ) : null}
      </div>
      {sharing ? <ShareDialog agent={agent} onClose={() => setSharing(false)} /> : null}
      {confirmDelete.dialog}
    </Card>
  );
}

