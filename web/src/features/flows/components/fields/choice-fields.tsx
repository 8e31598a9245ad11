import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ltr } from '@/components/graph-builder/ltr';
import { RemoveRowButton } from '@/components/graph-builder/remove-row-button';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SaidText } from '@/features/flows/components/fields/text-fields';
import { VariableField } from '@/features/flows/components/fields/variable-field';
import { useFlowField } from '@/features/flows/components/use-flow-field';
import { nextChoiceId, type FlowFormData } from '@/features/flows/utils/schemas';
import { FLOW_LIMITS } from '@/features/flows/utils/types';

type ChoiceValues = { name: string; data: FlowFormData['choice'] };

/**
 * A choice: what it says, its buttons (each a way out, by its id: removing a button removes its
 * connection) and where the chosen label goes.
 */
export function ChoiceFields() {
  const { t } = useTranslation('dashboard');
  const { control, register, getValues } = useFormContext<ChoiceValues>();
  const { error } = useFlowField();
  const rows = useFieldArray({ control, name: 'data.choices', keyName: 'key' });
  return (
    <>
      <SaidText label={t('flowBuilder.fields.message')} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('flowBuilder.fields.choices')}</legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('flowBuilder.fields.choicesHint')}</p>
        {error('data.choices') ? <p className="text-sm text-red-600 dark:text-red-400">{error('data.choices')}</p> : null}
        {rows.fields.map((row, i) => (
          <div key={row.key} className="flex items-end gap-2">
            <FormField
              label={t('flowBuilder.fields.choice', { n: i + 1 })}
              hint={t('flowBuilder.fields.choiceId', { id: ltr(row.id) })}
              className="flex-1"
              maxLength={FLOW_LIMITS.label}
              error={error(`data.choices.${i}.label`)}
              {...register(`data.choices.${i}.label`)}
            />
            <RemoveRowButton label={t('flowBuilder.fields.removeChoice', { n: i + 1 })} className="mb-6" disabled={rows.fields.length <= 1} onClick={() => rows.remove(i)} />
          </div>
        ))}
        {rows.fields.length < FLOW_LIMITS.options ? (
          <Button variant="secondary" size="sm" onClick={() => rows.append({ id: nextChoiceId(getValues('data.choices')), label: '' })}>
            <Plus aria-hidden className="size-4" />
            {t('flowBuilder.fields.addChoice')}
          </Button>
        ) : null}
      </fieldset>
      <VariableField hint="choice" />
    </>
  );
}
