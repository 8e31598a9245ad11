import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormState, useWatch, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { emptyRow, type McpFormValues } from '@/features/mcp/utils/form-values';
import { useMcpMessage } from '@/features/mcp/utils/messages';

const inputClass =
  'block h-10 w-full min-w-0 rounded-lg border bg-white px-3 font-mono text-sm shadow-sm outline-none transition placeholder:font-sans placeholder:text-zinc-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 read-only:bg-zinc-50 read-only:text-zinc-500 dark:bg-zinc-900 dark:read-only:bg-zinc-800/60 dark:read-only:text-zinc-400';

/**
 * The environment's variables or the headers: a name and a value per row. A value the server
 * showed masked (`••••••••abcd`) stays as it came, and is sent back so the stored secret is
 * kept, until "Replace" empties it for a new one.
 */
export function KeyValueRows({
  name,
  control,
  register,
  setValue,
  legend,
  hint,
  keyLabel,
  valueLabel,
  addLabel,
  keyPlaceholder,
  valuePlaceholder,
}: {
  name: 'env' | 'headers';
  control: Control<McpFormValues>;
  register: UseFormRegister<McpFormValues>;
  setValue: UseFormSetValue<McpFormValues>;
  legend: string;
  hint: string;
  keyLabel: string;
  valueLabel: string;
  addLabel: string;
  keyPlaceholder: string;
  valuePlaceholder: string;
}) {
  const { t } = useTranslation('dashboard');
  const msg = useMcpMessage();
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name });
  // The rows as they are now (`fields` keeps them as they were added).
  const rows = useWatch({ control, name });
  const { errors } = useFormState({ control, name });
  const listErrors = errors[name];
  const rootError = msg(listErrors?.root?.message ?? listErrors?.message);

  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint${rootError ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        {hint}
      </p>
      {fields.length > 0 ? (
        <ul className="space-y-2">
          {fields.map((field, i) => {
            const rowErrors = listErrors?.[i];
            const masked = rows?.[i]?.masked ?? field.masked;
            const keyError = msg(rowErrors?.key?.message);
            const valueError = msg(rowErrors?.value?.message);
            const n = i + 1;
            return (
              <li key={field.id} data-testid={`${name}-row`} className="space-y-1">
                <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
                  <input
                    {...register(`${name}.${i}.key`)}
                    aria-label={t('mcp.form.rowLabel', { label: keyLabel, n })}
                    aria-invalid={keyError ? true : undefined}
                    aria-describedby={keyError ? `${id}-${i}-key-error` : undefined}
                    placeholder={keyPlaceholder}
                    autoComplete="off"
                    spellCheck={false}
                    dir="ltr"
                    className={cn(inputClass, keyError ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700')}
                  />
                  <div className="flex min-w-0 gap-2">
                    <input
                      {...register(`${name}.${i}.value`)}
                      aria-label={t('mcp.form.rowLabel', { label: valueLabel, n })}
                      aria-invalid={valueError ? true : undefined}
                      aria-describedby={valueError ? `${id}-${i}-value-error` : masked ? `${id}-masked` : undefined}
                      readOnly={masked}
                      placeholder={valuePlaceholder}
                      autoComplete="off"
                      spellCheck={false}
                      dir="ltr"
                      className={cn(inputClass, valueError ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700')}
                    />
                    {masked ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="h-10 shrink-0"
                        aria-label={t('mcp.form.replaceLabel', { n })}
                        onClick={() => {
                          // The mask is dropped from the form: the value typed now replaces the stored one.
                          setValue(`${name}.${i}.masked`, false, { shouldDirty: true });
                          setValue(`${name}.${i}.value`, '', { shouldDirty: true });
                          setTimeout(() => document.querySelector<HTMLInputElement>(`input[name="${name}.${i}.value"]`)?.focus());
                        }}
                      >
                        <KeyRound aria-hidden className="size-4" />
                        {t('mcp.form.replace')}
                      </Button>
                    ) : null}
                  </div>
                  <Button size="sm" variant="ghost" className="h-10 px-2.5" aria-label={t('mcp.form.removeRow', { n })} onClick={() => remove(i)}>
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </div>
                {keyError ? (
                  <p id={`${id}-${i}-key-error`} className="text-sm text-red-600 dark:text-red-400">
                    {keyError}
                  </p>
                ) : null}
                {valueError ? (
                  <p id={`${id}-${i}-value-error`} className="text-sm text-red-600 dark:text-red-400">
                    {valueError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {(rows ?? []).some((r) => r.masked) ? (
        <p id={`${id}-masked`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('mcp.form.maskedHint')}
        </p>
      ) : null}
      {rootError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {rootError}
        </p>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => append(emptyRow())}
      >
        <Plus aria-hidden className="size-4" />
        {addLabel}
      </Button>
    </fieldset>
  );
}
