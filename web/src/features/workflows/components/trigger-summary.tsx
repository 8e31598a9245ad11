import { CalendarClock, Hand, Webhook, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Trigger, TriggerKind } from '@/features/workflows/api/workflows';
import { EVENT_LABELS, isTriggerKind } from '@/features/workflows/utils/labels';

const icons: Record<TriggerKind, LucideIcon> = { manual: Hand, webhook: Webhook, schedule: CalendarClock, event: Zap };

/** What starts a workflow: its type, and the schedule's expression and zone or the event. */
export function TriggerSummary({ trigger }: { trigger: Trigger }) {
  const { t } = useTranslation('dashboard');
  const Icon = icons[trigger.type];
  return (
    <span className="inline-flex min-w-0 items-start gap-1.5 text-zinc-700 dark:text-zinc-300" data-testid="trigger-summary">
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <span className="min-w-0">
        <span className="block whitespace-nowrap">{t(`workflows.triggers.${trigger.type}`)}</span>
        {trigger.type === 'schedule' && trigger.cron ? (
          <span dir="ltr" className="block whitespace-nowrap text-start text-xs text-zinc-500 rtl:text-end dark:text-zinc-400">
            <code className="font-mono">{trigger.cron}</code> ({trigger.timezone || 'UTC'})
          </span>
        ) : null}
        {trigger.type === 'event' && trigger.event ? <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t(EVENT_LABELS[trigger.event])}</span> : null}
      </span>
    </span>
  );
}

/** What started a run (`manual`, `webhook`, `schedule`, `event`), in words. */
export function RunTrigger({ trigger }: { trigger: string }) {
  const { t } = useTranslation('dashboard');
  return <>{isTriggerKind(trigger) ? t(`workflows.triggers.${trigger}`) : trigger}</>;
}
