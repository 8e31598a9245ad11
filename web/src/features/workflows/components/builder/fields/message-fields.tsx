import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';

/** An sms node (number and text) or an email node (address, subject and text). */
export function MessageFields({ kind }: { kind: 'sms' | 'email' }) {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  return (
    <>
      <FormField
        label={kind === 'sms' ? t('workflowBuilder.fields.toNumber') : t('workflowBuilder.fields.toAddress')}
        dir="ltr"
        placeholder={kind === 'sms' ? '+14155550100' : '{{ input.email }}'}
        error={error('data.to')}
        {...register('data.to')}
      />
      {kind === 'email' ? <FormField label={t('workflowBuilder.fields.subject')} error={error('data.subject')} {...register('data.subject')} /> : null}
      <TextareaField label={t('workflowBuilder.fields.text')} rows={4} className="[&_textarea]:font-mono" error={error('data.body')} {...register('data.body')} />
    </>
  );
}
