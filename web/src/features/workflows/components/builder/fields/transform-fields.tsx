import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';

/** A transform node: its template and whether the result is text or JSON. */
export function TransformFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  return (
    <>
      <TextareaField label={t('workflowBuilder.fields.template')} rows={5} className="[&_textarea]:font-mono" error={error('data.template')} {...register('data.template')} />
      <SelectField label={t('workflowBuilder.fields.format')} error={error('data.format')} {...register('data.format')}>
        <option value="">{t('workflowBuilder.fields.formatText')}</option>
        <option value="json">{t('workflowBuilder.fields.formatJson')}</option>
      </SelectField>
    </>
  );
}
