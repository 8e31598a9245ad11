import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton } from '@/components/graph-builder/remove-row-button';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import { SaidText } from '@/features/flows/components/fields/text-fields';
import { VariableField } from '@/features/flows/components/fields/variable-field';
import { useFlowField } from '@/features/flows/components/use-flow-field';
import { ANSWER_TYPES, type FlowFormData } from '@/features/flows/utils/schemas';
import { FLOW_LIMITS, type FlowMode } from '@/features/flows/utils/types';

type QuestionValues = { name: string; data: FlowFormData['question'] };

/** A choice question's options, as rows. */
function OptionRows() {
  const { t } = useTranslation('dashboard');
  const { control, register } = useFormContext<QuestionValues>();
  const { error } = useFlowField();
  const rows = useFieldArray({ control, name: 'data.options' });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('flowBuilder.fields.options')}</legend>
      {error('data.options') ? <p className="text-sm text-red-600 dark:text-red-400">{error('data.options')}</p> : null}
      {rows.fields.map((row, i) => (
        <div key={row.id} className="flex items-end gap-2">
          <FormField label={t('flowBuilder.fields.option', { n: i + 1 })} className="flex-1" {...register(`data.options.${i}.value`)} />
          <RemoveRowButton label={t('flowBuilder.fields.removeOption', { n: i + 1 })} className="mb-0.5" onClick={() => rows.remove(i)} />
        </div>
      ))}
      {rows.fields.length < FLOW_LIMITS.options ? (
        <Button variant="secondary" size="sm" onClick={() => rows.append({ value: '' })}>
          <Plus aria-hidden className="size-4" />
          {t('flowBuilder.fields.addOption')}
        </Button>
      ) : null}
    </fieldset>
  );
}

/**
 * A question: what it asks, where the answer goes and of which type (a choice question's options),
 * what it says and how often it asks again when the answer does not fit; in the voice builder,
 * how long a call listens and whether the phone's keys answer.
 */
export function QuestionFields({ mode }: { mode: FlowMode }) {
  const { t } = useTranslation('dashboard');
  const { register, error, set } = useFlowField();
  const [answerType, dtmf] = useWatch({ name: ['data.answerType', 'data.dtmf'] }) as [string, boolean];
  return (
    <>
      <SaidText label={t('flowBuilder.fields.question')} />
      <SelectField label={t('flowBuilder.fields.answerType')} error={error('data.answerType')} {...register('data.answerType')}>
        {ANSWER_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`flowBuilder.fields.answerTypes.${type}`)}
          </option>
        ))}
      </SelectField>
      <VariableField hint="answer" />
      {answerType === 'choice' ? <OptionRows /> : null}
      <TextareaField label={t('flowBuilder.fields.retryText')} hint={t('flowBuilder.fields.retryTextHint')} rows={2} error={error('data.retryText')} {...register('data.retryText')} />
      <FormField
        label={t('flowBuilder.fields.maxAttempts')}
        hint={t('flowBuilder.fields.maxAttemptsHint', { max: FLOW_LIMITS.attempts[1] })}
        inputMode="numeric"
        placeholder="3"
        error={error('data.maxAttempts')}
        {...register('data.maxAttempts')}
      />
      {mode === 'voice' ? (
        <fieldset className="space-y-3 rounded-lg border border-zinc-200 px-3 py-3 dark:border-zinc-800">
          <legend className="px-1 text-sm font-semibold">{t('flowBuilder.fields.onCalls')}</legend>
          <FormField
            label={t('flowBuilder.fields.listenTimeout')}
            hint={t('flowBuilder.fields.listenTimeoutHint', { max: FLOW_LIMITS.listen[1] })}
            inputMode="numeric"
            placeholder="5"
            error={error('data.listenTimeoutSeconds')}
            {...register('data.listenTimeoutSeconds')}
          />
          <Switch label={t('flowBuilder.fields.dtmf')} description={t('flowBuilder.fields.dtmfHint')} checked={dtmf} onChange={(on) => set('data.dtmf', on)} />
        </fieldset>
      ) : null}
    </>
  );
}
