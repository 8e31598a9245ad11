import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import type { NodeFormValues } from '@/features/workflows/components/builder/node-form-schema';
import { useNodeField } from '@/features/workflows/components/builder/node-form-schema';
import { HTTP_METHODS, LIMITS, type FormData } from '@/features/workflows/components/builder/schemas';

type HttpValues = Omit<NodeFormValues, 'data'> & { data: FormData['http'] };

/** An http node: method, URL, headers as rows, body. */
export function HttpFields() {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  // The same form, seen with an http node's fields in `data` (for the header rows).
  const { control } = useFormContext<HttpValues>();
  const rows = useFieldArray({ control, name: 'data.headers' });
  return (
    <>
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <SelectField label={t('workflowBuilder.fields.method')} error={error('data.method')} {...register('data.method')}>
          {HTTP_METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <FormField label={t('workflowBuilder.fields.url')} dir="ltr" placeholder="https://api.example.com/{{ input.id }}" error={error('data.url')} {...register('data.url')} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('workflowBuilder.fields.headers')}</legend>
        {error('data.headers') ? <p className="text-sm text-red-600 dark:text-red-400">{error('data.headers')}</p> : null}
        {rows.fields.map((row, i) => (
          <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <FormField
              label={t('workflowBuilder.fields.headerName', { n: i + 1 })}
              dir="ltr"
              placeholder="Authorization"
              error={error(`data.headers.${i}.name`)}
              {...register(`data.headers.${i}.name`)}
            />
            <FormField label={t('workflowBuilder.fields.headerValue', { n: i + 1 })} dir="ltr" error={error(`data.headers.${i}.value`)} {...register(`data.headers.${i}.value`)} />
            <Button
              variant="ghost"
              size="sm"
              className="mt-7 px-2 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
              aria-label={t('workflowBuilder.fields.removeHeader', { n: i + 1 })}
              onClick={() => rows.remove(i)}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </div>
        ))}
        {rows.fields.length < LIMITS.headers ? (
          <Button variant="secondary" size="sm" onClick={() => rows.append({ name: '', value: '' })}>
            <Plus aria-hidden className="size-4" />
            {t('workflowBuilder.fields.addHeader')}
          </Button>
        ) : null}
      </fieldset>
      <TextareaField label={t('workflowBuilder.fields.body')} hint={t('workflowBuilder.fields.bodyHint')} rows={4} className="[&_textarea]:font-mono" error={error('data.body')} {...register('data.body')} />
    </>
  );
}
