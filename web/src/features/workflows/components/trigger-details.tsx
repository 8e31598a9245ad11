import { CalendarClock, RefreshCw, Zap } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useRotateWorkflowHook, type Workflow } from '@/features/workflows/api/workflows';
import { useWorkflowFormat } from '@/features/workflows/utils/format';
import { EVENT_LABELS } from '@/features/workflows/utils/labels';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';
import { useAgentOptions } from '@/lib/agent-options';

/** A webhook trigger: its secret URL to copy, and "Replace URL" (the old one stops at once). */
function WebhookTrigger({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  const rotate = useRotateWorkflowHook(workflow.id);
  const confirmRotate = useConfirmAction<Workflow, Workflow>({
    act: () => rotate.mutateAsync(),
    title: () => t('workflows.webhook.rotateTitle'),
    body: () => t('workflows.webhook.rotateBody'),
    confirmLabel: t('workflows.webhook.rotateConfirm'),
    success: () => t('workflows.webhook.rotated'),
    error: (e) => ({ title: t('workflows.webhook.rotateFailed'), description: say(e) }),
  });
  return (
    <div className="space-y-3">
      {workflow.webhookUrl ? (
        <>
          <CopyField label={t('workflows.webhook.url')} value={workflow.webhookUrl} hint={t('workflows.webhook.hint')} testId="workflow-webhook-url" />
          <Button size="sm" variant="secondary" onClick={() => confirmRotate.ask(workflow)} disabled={rotate.isPending}>
            {rotate.isPending ? <Spinner className="size-4" /> : <RefreshCw aria-hidden className="size-4" />}
            {t('workflows.webhook.rotate')}
          </Button>
        </>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('workflows.webhook.noUrl')}</p>
      )}
      {workflow.status !== 'active' ? <Notice tone="info">{t('workflows.webhook.inactive')}</Notice> : null}
      {confirmRotate.dialog}
    </div>
  );
}

/** A schedule: its expression and zone, and when it runs next (only while active). */
function ScheduleTrigger({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const { cron, timezone } = workflow.trigger;
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <CalendarClock aria-hidden className="size-4 text-zinc-500" />
        <Trans
          t={t}
          i18nKey="workflows.schedule.runs"
          values={{ cron: cron ?? '', timezone: timezone || 'UTC' }}
          components={[<code key="cron" dir="ltr" className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800" />, <bdi key="tz" dir="ltr" />]}
        />
      </p>
      {workflow.status === 'active' && workflow.nextRunAt ? (
        <p data-testid="workflow-next-run">
          <span className="font-medium">{t('workflows.schedule.next')}</span> {f.dateTime(workflow.nextRunAt)} <span className="text-zinc-500 dark:text-zinc-400">({f.ago(workflow.nextRunAt)})</span>
        </p>
      ) : (
        <Notice tone="info">{t('workflows.schedule.inactive')}</Notice>
      )}
    </div>
  );
}

/** An event: what happening starts a run, and whose (one agent's or any of mine). */
function EventTrigger({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('dashboard');
  const agents = useAgentOptions();
  const { event, agentId } = workflow.trigger;
  const agentName = agentId ? (agents.data?.find((a) => a.id === agentId)?.name ?? agentId) : null;
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Zap aria-hidden className="size-4 text-zinc-500" />
        <span className="font-medium">{t('workflows.eventTrigger.when')}</span> {event ? t(EVENT_LABELS[event]) : null}
      </p>
      <p className="text-zinc-600 dark:text-zinc-400">{agentName ? <span dir="auto">{t('workflows.eventTrigger.agent', { name: agentName })}</span> : t('workflows.eventTrigger.anyAgent')}</p>
      {workflow.status !== 'active' ? <Notice tone="info">{t('workflows.eventTrigger.inactive')}</Notice> : null}
    </div>
  );
}

/** What the workflow's trigger needs said: the webhook's URL, the schedule's next run, the event. */
export function TriggerDetails({ workflow }: { workflow: Workflow }) {
  const type = workflow.trigger.type;
  if (type === 'webhook') return <WebhookTrigger workflow={workflow} />;
  if (type === 'schedule') return <ScheduleTrigger workflow={workflow} />;
  if (type === 'event') return <EventTrigger workflow={workflow} />;
  return null;
}
