import { useTranslation } from 'react-i18next';
import { TextareaField } from '@/components/ui/textarea-field';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';

/** An end node: the run's output, a JSON object whose texts are templates (optional). */
export function EndFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  return (
    <TextareaField
      label={t('workflowBuilder.fields.output')}
      hint={t('workflowBuilder.fields.outputHint')}
      rows={4}
      dir="ltr"
      className="[&_textarea]:font-mono"
      placeholder={'{\n  "summary": "{{ nodes.transform_1.output.text }}"\n}'}
      error={error('data.output')}
      {...register('data.output')}
    />
  );
}
