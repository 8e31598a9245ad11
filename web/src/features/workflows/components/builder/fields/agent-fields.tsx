import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';
import { AgentSelect } from '@/features/workflows/components/builder/fields/agent-select';

/** An agent node: which agent, the message it answers, and in which conversation. */
export function AgentFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  return (
    <>
      <AgentSelect label={t('workflowBuilder.fields.agent')} noneLabel={t('workflowBuilder.fields.chooseAgent')} />
      <TextareaField label={t('workflowBuilder.fields.message')} rows={3} className="[&_textarea]:font-mono" error={error('data.message')} {...register('data.message')} />
      <SelectField label={t('workflowBuilder.fields.conversation')} error={error('data.conversation')} {...register('data.conversation')}>
        <option value="">{t('workflowBuilder.fields.conversationDefault')}</option>
        <option value="new">{t('workflowBuilder.fields.conversationNew')}</option>
      </SelectField>
    </>
  );
}
