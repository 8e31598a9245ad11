import { useTranslation } from 'react-i18next';
import { TextareaField } from '@/components/ui/textarea-field';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';
import { ltr } from '@/components/graph-builder/ltr';

/** A condition node: the expression its true and false ways follow. */
export function ConditionFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  return (
    <TextareaField
      label={t('workflowBuilder.fields.expression')}
      hint={t('workflowBuilder.fields.expressionHint', { example: ltr('nodes.fetch.output.status == 200') })}
      rows={2}
      dir="ltr"
      className="[&_textarea]:font-mono"
      error={error('data.expression')}
      {...register('data.expression')}
    />
  );
}
