import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { VARIABLES_MAX, type VariableRow } from '@/features/phone/utils/form';

/** A row's problems, already in words. */
export type RowErrors = Record<number, { name?: string; value?: string }>;

const inputClasses = (error?: string) =>
  cn(
    'block h-9 w-full min-w-0 rounded-lg border bg-white px-3 text-sm shadow-sm outline-none transition placeholder:text-zinc-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 disabled:cursor-not-allowed disabled:bg-zinc-50 dark:bg-zinc-900 dark:disabled:bg-zinc-900/60',
    error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700',
  );

/**
 * A call's variables as name and value rows (texts the call carries, by name): add, change,
 * remove; each row's problems under it. At most 20.
 */
export function VariablesEditor({ rows, onChange, errors = {}, disabled }: { rows: VariableRow[]; onChange: (rows: VariableRow[]) => void; errors?: RowErrors; disabled?: boolean }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const set = (index: number, patch: Partial<VariableRow>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('phone.variables.title')}</legend>
      <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('phone.variables.hint')}
      </p>
      {rows.length > 0 ? (
        <ul className="space-y-2">
          {rows.map((row, i) => {
            const e = errors[i] ?? {};
            const nameId = `${id}-name-${i}`;
            const valueId = `${id}-value-${i}`;
            return (
              <li key={i} data-testid="variable-row" className="space-y-1">
                <div className="flex items-start gap-2">
                  <input
                    id={nameId}
                    value={row.name}
                    onChange={(ev) => set(i, { name: ev.target.value })}
                    aria-label={t('phone.variables.name', { n: i + 1 })}
                    aria-invalid={e.name ? true : undefined}
                    aria-describedby={e.name ? `${nameId}-error` : `${id}-hint`}
                    placeholder={t('phone.variables.namePlaceholder')}
                    dir="ltr"
                    spellCheck={false}
                    autoComplete="off"
                    className={cn(inputClasses(e.name), 'w-2/5 font-mono')}
                  />
                  <input
                    id={valueId}
                    value={row.value}
                    onChange={(ev) => set(i, { value: ev.target.value })}
                    aria-label={t('phone.variables.value', { n: i + 1 })}
                    aria-invalid={e.value ? true : undefined}
                    aria-describedby={e.value ? `${valueId}-error` : undefined}
                    placeholder={t('phone.variables.valuePlaceholder')}
                    dir="auto"
                    autoComplete="off"
                    className={cn(inputClasses(e.value), 'flex-1')}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    className="h-9 shrink-0 px-2"
                    aria-label={t('phone.variables.remove', { n: i + 1 })}
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  >
                    <X aria-hidden className="size-4" />
                  </Button>
                </div>
                {e.name ? (
                  <p id={`${nameId}-error`} className="text-sm text-red-600 dark:text-red-400">
                    {e.name}
                  </p>
                ) : null}
                {e.value ? (
                  <p id={`${valueId}-error`} className="text-sm text-red-600 dark:text-red-400">
                    {e.value}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => onChange([...rows, { name: '', value: '' }])} disabled={disabled || rows.length >= VARIABLES_MAX}>
        <Plus aria-hidden className="size-4" />
        {t('phone.variables.add')}
      </Button>
    </fieldset>
  );
}
