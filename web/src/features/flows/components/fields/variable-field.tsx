import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ltr } from '@/components/graph-builder/ltr';
import { FormField } from '@/components/ui/form-field';
import { useFlowField } from '@/features/flows/components/use-flow-field';

/** Where a node keeps its answer or result (`vars.<name>` for later nodes). */
export function VariableField({ hint }: { hint: 'answer' | 'choice' | 'result' }) {
  const { t } = useTranslation('dashboard');
  const { register, error } = useFlowField();
  const name = String(useWatch({ name: 'data.variable' }) ?? '').trim();
  return (
    <FormField
      label={t('flowBuilder.fields.variable')}
      hint={t(`flowBuilder.fields.variableHints.${hint}`, { path: ltr(`{{ vars.${name || 'name'} }}`) })}
      dir="ltr"
      spellCheck={false}
      autoComplete="off"
      error={error('data.variable')}
      {...register('data.variable')}
    />
  );
}
