import { Plus, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useFieldArray, useFormState, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useWidgetMessage, type WidgetValues } from '@/features/embeddable/utils/form';

const inputClass =
  'block h-10 w-full min-w-0 rounded-lg border bg-white px-3 text-sm shadow-sm outline-none transition placeholder:text-zinc-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 disabled:cursor-not-allowed disabled:bg-zinc-50 dark:bg-zinc-900 dark:disabled:bg-zinc-900/60';

/**
 * A list of one-line values (the allowed origins, the suggested questions): a row each, removed
 * with its button, added up to `max`; each row's error under it, the list's own under the list.
 */
export function RowsEditor({
  name,
  control,
  register,
  legend,
  hint,
  rowLabel,
  addLabel,
  removeLabel,
  placeholder,
  max,
  ltr = false,
  maxLength,
  footer,
}: {
  name: 'allowedOrigins' | 'suggestedQuestions';
  control: Control<WidgetValues>;
  register: UseFormRegister<WidgetValues>;
  legend: string;
  hint: ReactNode;
  rowLabel: (n: number) => string;
  addLabel: string;
  removeLabel: (n: number) => string;
  placeholder: string;
  max: number;
  /** URLs and the like: written left to right whatever the page's direction. */
  ltr?: boolean;
  maxLength?: number;
  /** Under the list (a shortcut that adds a row). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const msg = useWidgetMessage();
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name });
  const listErrors = errors[name];
  const listError = msg(listErrors?.root?.message ?? listErrors?.message);

  const add = () => {
    append({ value: '' }, { shouldFocus: true });
  };

  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint${listError ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
        {hint}
      </div>
      {fields.length > 0 ? (
        <ul className="space-y-2">
          {fields.map((field, i) => {
            const error = msg(listErrors?.[i]?.value?.message);
            const n = i + 1;
            return (
              <li key={field.id} data-testid={`${name}-row`} className="space-y-1">
                <div className="flex items-start gap-2">
                  <input
                    {...register(`${name}.${i}.value`)}
                    aria-label={rowLabel(n)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${i}-error` : undefined}
                    placeholder={placeholder}
                    autoComplete="off"
                    spellCheck={!ltr}
                    dir={ltr ? 'ltr' : 'auto'}
                    maxLength={maxLength}
                    className={cn(inputClass, ltr && 'font-mono', error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700')}
                  />
                  <Button size="sm" variant="ghost" className="h-10 shrink-0 px-2.5" aria-label={removeLabel(n)} onClick={() => remove(i)}>
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </div>
                {error ? (
                  <p id={`${id}-${i}-error`} className="text-sm text-red-600 dark:text-red-400">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {listError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {listError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <Button size="sm" variant="secondary" onClick={add} disabled={fields.length >= max}>
          <Plus aria-hidden className="size-4" />
          {addLabel}
        </Button>
        {fields.length >= max ? <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('embeddable.form.limitReached', { max })}</span> : null}
        {footer}
      </div>
    </fieldset>
  );
}
