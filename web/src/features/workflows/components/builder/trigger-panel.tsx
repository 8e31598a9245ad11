import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyField } from '@/components/ui/copy-field';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { useBuilderAgents } from '@/features/workflows/api/builder';
import type { Trigger, WorkflowEvent } from '@/features/workflows/api/workflows';
import type { Placed } from '@/features/workflows/components/builder/problems';
import { TRIGGER_KINDS, WORKFLOW_EVENTS, toTriggerForm, triggerFormSchema, type TriggerForm } from '@/features/workflows/components/builder/schemas';
import { useBuilderMessage } from '@/features/workflows/components/builder/use-builder-message';
import { ltr } from '@/components/graph-builder/ltr';

/** The events' translation keys (a key may not hold a dot). */
const EVENT_KEYS = {
  'conversation.started': 'conversation_started',
  'conversation.ended': 'conversation_ended',
  'conversation.handed_off': 'conversation_handed_off',
  'message.received': 'message_received',
  'document.indexed': 'document_indexed',
  'call.completed': 'call_completed',
} as const satisfies Record<WorkflowEvent, string>;

const CRON_EXAMPLES = ['0 9 * * 1-5', '*/15 * * * *', '0 0 1 * *'];

/** The IANA time zones the browser knows, for the schedule's suggestions. */
function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/**
 * What starts the workflow: by hand only, a POST to its secret URL (shown once saved), a cron
 * schedule in a time zone, or an event of my agents (all, or one). Changes apply as they are
 * typed once they are valid, like a node's.
 */
export function TriggerPanel({
  trigger,
  webhookUrl,
  problems,
  onChange,
}: {
  trigger: Trigger;
  /** The saved workflow's webhook URL (none until a webhook trigger is saved). */
  webhookUrl: string | null;
  problems: readonly Placed[];
  onChange: (trigger: Trigger) => void;
}) {
  const { t } = useTranslation('dashboard');
  const msg = useBuilderMessage();
  const agents = useBuilderAgents();
  const zones = useMemo(() => timeZones(), []);
  const { register, subscribe, control, handleSubmit, formState } = useForm<TriggerForm, unknown, Trigger>({
    resolver: zodResolver(triggerFormSchema),
    defaultValues: toTriggerForm(trigger),
    mode: 'onChange',
    shouldFocusError: false,
  });
  useEffect(() => subscribe({ formState: { values: true }, callback: () => void handleSubmit(onChange)() }), [subscribe, handleSubmit, onChange]);
  const type = useWatch({ control, name: 'type' });
  const server = (field: string) => problems.find((p) => p.at.path === field)?.message;
  const error = (field: keyof TriggerForm) => msg(formState.errors[field]?.message) ?? server(field);
  const other = problems.filter((p) => !['cron', 'timezone', 'event', 'agentId'].includes(p.at.path));
  return (
    <form noValidate onSubmit={(e) => e.preventDefault()} className="space-y-4" aria-label={t('workflowBuilder.trigger.title')}>
      <SelectField label={t('workflowBuilder.trigger.type')} hint={t(`workflowBuilder.trigger.types.${type}.description`)} {...register('type')}>
        {TRIGGER_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`workflowBuilder.trigger.types.${k}.label`)}
          </option>
        ))}
      </SelectField>
      {type === 'webhook' ? (
        webhookUrl && trigger.type === 'webhook' ? (
          <CopyField label={t('workflowBuilder.trigger.webhookUrl')} value={webhookUrl} hint={t('workflowBuilder.trigger.webhookHint')} testId="workflow-webhook-url" />
        ) : (
          <Notice tone="info">{t('workflowBuilder.trigger.webhookAfterSave')}</Notice>
        )
      ) : null}
      {type === 'schedule' ? (
        <>
          <FormField
            label={t('workflowBuilder.trigger.cron')}
            hint={t('workflowBuilder.trigger.cronHint', { example: CRON_EXAMPLES.map(ltr).join(' · ') })}
            dir="ltr"
            spellCheck={false}
            placeholder={CRON_EXAMPLES[0]}
            className="[&_input]:font-mono"
            error={error('cron')}
            {...register('cron')}
          />
          <FormField
            label={t('workflowBuilder.trigger.timezone')}
            hint={t('workflowBuilder.trigger.timezoneHint')}
            dir="ltr"
            list="builder-time-zones"
            placeholder="UTC"
            error={error('timezone')}
            {...register('timezone')}
          />
          <datalist id="builder-time-zones">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </>
      ) : null}
      {type === 'event' ? (
        <>
          <SelectField label={t('workflowBuilder.trigger.event')} error={error('event')} {...register('event')}>
            <option value="">{t('workflowBuilder.trigger.chooseEvent')}</option>
            {WORKFLOW_EVENTS.map((e) => (
              <option key={e} value={e}>
                {t(`workflowBuilder.trigger.events.${EVENT_KEYS[e]}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('workflowBuilder.trigger.agent')} error={error('agentId')} {...register('agentId')}>
            <option value="">{t('workflowBuilder.trigger.anyAgent')}</option>
            {(agents.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        </>
      ) : null}
      {other.length ? (
        <ul className="space-y-1 text-sm text-red-600 dark:text-red-400">
          {other.map((p) => (
            <li key={p.field}>{p.message}</li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
