import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';
import { AgentSelect } from '@/features/workflows/components/builder/fields/agent-select';

/** An llm node: the prompt, instructions, whose model settings, temperature and length. */
export function LlmFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  return (
    <>
      <TextareaField label={t('workflowBuilder.fields.prompt')} rows={4} className="[&_textarea]:font-mono" error={error('data.prompt')} {...register('data.prompt')} />
      <TextareaField label={t('workflowBuilder.fields.system')} rows={2} className="[&_textarea]:font-mono" error={error('data.system')} {...register('data.system')} />
      <AgentSelect label={t('workflowBuilder.fields.modelOf')} noneLabel={t('workflowBuilder.fields.serverModel')} hint={t('workflowBuilder.fields.modelOfHint')} />
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t('workflowBuilder.fields.temperature')} inputMode="decimal" placeholder="0.7" error={error('data.temperature')} {...register('data.temperature')} />
        <FormField label={t('workflowBuilder.fields.maxTokens')} inputMode="numeric" error={error('data.maxTokens')} {...register('data.maxTokens')} />
      </div>
    </>
  );
}
