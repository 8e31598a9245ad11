import { useTranslation } from 'react-i18next';
import { ltr } from '@/components/graph-builder/ltr';
import { FormField } from '@/components/ui/form-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { VariableField } from '@/features/flows/components/fields/variable-field';
import { useFlowField } from '@/features/flows/components/use-flow-field';

/** A condition: the expression over the conversation's variables. */
export function ConditionFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useFlowField();
  return (
    <FormField
      label={t('flowBuilder.fields.expression')}
      hint={t('flowBuilder.fields.expressionHint', { example: ltr('vars.age >= 18') })}
      dir="ltr"
      spellCheck={false}
      placeholder="vars.age >= 18"
      className="[&_input]:font-mono"
      error={error('data.expression')}
      {...register('data.expression')}
    />
  );
}

/** An llm node: the prompt, its instructions, and where the answer goes besides being said. */
export function LlmFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useFlowField();
  return (
    <>
      <TextareaField label={t('flowBuilder.fields.prompt')} rows={4} error={error('data.prompt')} {...register('data.prompt')} />
      <TextareaField label={t('flowBuilder.fields.system')} hint={t('flowBuilder.fields.systemHint')} rows={2} error={error('data.system')} {...register('data.system')} />
      <VariableField hint="result" />
    </>
  );
}

/** A knowledge node: what to look up in the agent's knowledge base (the person's message by default). */
export function KnowledgeFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useFlowField();
  return (
    <>
      <FormField label={t('flowBuilder.fields.query')} hint={t('flowBuilder.fields.queryHint')} placeholder="{{ message }}" error={error('data.query')} {...register('data.query')} />
      <VariableField hint="result" />
    </>
  );
}
