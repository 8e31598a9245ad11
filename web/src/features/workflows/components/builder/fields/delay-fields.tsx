import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useWatch } from 'react-hook-form';
import { useNodeField, type NodeFormValues } from '@/features/workflows/components/builder/node-form-schema';
import { ltr } from '@/components/graph-builder/ltr';

/** A delay node: a number of seconds, or a time to wait until (one of them). */
export function DelayFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  const mode = useWatch<NodeFormValues>({ name: 'data.mode' });
  return (
    <>
      <SelectField label={t('workflowBuilder.fields.delayMode')} {...register('data.mode')}>
        <option value="seconds">{t('workflowBuilder.fields.delaySeconds')}</option>
        <option value="until">{t('workflowBuilder.fields.delayUntil')}</option>
      </SelectField>
      {mode === 'until' ? (
        <FormField
          label={t('workflowBuilder.fields.until')}
          hint={t('workflowBuilder.fields.untilHint', { example: ltr('2030-01-01T09:00:00Z') })}
          dir="ltr"
          error={error('data.until')}
          {...register('data.until')}
        />
      ) : (
        <FormField label={t('workflowBuilder.fields.seconds')} inputMode="numeric" error={error('data.seconds')} {...register('data.seconds')} />
      )}
    </>
  );
}
