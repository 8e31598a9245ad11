import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { TextareaField } from '@/components/ui/textarea-field';
import type { Trigger } from '@/features/workflows/api/workflows';
import type { Placed } from '@/features/workflows/components/builder/problems';
import { TriggerPanel } from '@/features/workflows/components/builder/trigger-panel';

/** With nothing selected: the workflow's name, description and trigger. */
export function WorkflowPanel({
  name,
  description,
  trigger,
  revision,
  webhookUrl,
  problems,
  triggerProblems,
  onMeta,
  onTrigger,
}: {
  name: string;
  description: string;
  trigger: Trigger;
  revision: number;
  webhookUrl: string | null;
  problems: readonly Placed[];
  triggerProblems: readonly Placed[];
  onMeta: (meta: { name?: string; description?: string }) => void;
  onTrigger: (trigger: Trigger) => void;
}) {
  const { t } = useTranslation('dashboard');
  const problem = (field: string) => problems.find((p) => p.at.path === field)?.message;
  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('workflowBuilder.inspector.nothingSelected')}</p>
      <FormField
        label={t('workflowBuilder.inspector.workflowName')}
        value={name}
        required
        maxLength={120}
        error={name.trim() ? problem('name') : t('workflowBuilder.validation.required')}
        onChange={(e) => onMeta({ name: e.target.value })}
      />
      <TextareaField
        label={t('workflowBuilder.inspector.description')}
        rows={2}
        value={description}
        maxLength={2000}
        error={problem('description')}
        onChange={(e) => onMeta({ description: e.target.value })}
      />
      <section aria-labelledby="builder-workflow-trigger" className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <h3 id="builder-workflow-trigger" className="text-sm font-semibold">
          {t('workflowBuilder.trigger.title')}
        </h3>
        <TriggerPanel key={revision} trigger={trigger} webhookUrl={webhookUrl} problems={triggerProblems} onChange={onTrigger} />
      </section>
    </div>
  );
}
