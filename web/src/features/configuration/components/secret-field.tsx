import { KeyRound, Undo2 } from 'lucide-react';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { Masked } from '@/features/configuration/api/configuration';
import type { SecretValue } from '@/features/configuration/utils/sections';

type Props = {
  label: string;
  /** The secret in force, as the API shows it. */
  masked?: Masked;
  /** '' keeps the secret in force, null removes it, other text replaces it. */
  value: SecretValue;
  onChange: (value: SecretValue) => void;
  onBlur?: () => void;
  name: string;
  inputRef?: Ref<HTMLInputElement>;
  hint?: string;
  error?: string;
};

/**
 * A secret never shown: whether it is set (with its hint, "…abcd"), a field to type a new value
 * (left empty, the one in force is kept) and, when one is set, "Remove".
 */
export function SecretField({ label, masked, value, onChange, onBlur, name, inputRef, hint, error }: Props) {
  const { t } = useTranslation('admin');
  const id = useId();
  const set = masked?.set ?? false;
  const removing = value === null;
  const status = set ? (masked?.hint ? t('configuration.secret.set', { hint: masked.hint }) : t('configuration.secret.setNoHint')) : t('configuration.secret.notSet');
  const describedBy = [`${id}-status`, removing ? `${id}-removing` : null, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        <span
          id={`${id}-status`}
          data-testid="secret-status"
          className={cn(
            'inline-flex min-w-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium',
            set && !removing
              ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300'
              : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400',
            removing && 'line-through',
          )}
        >
          {set ? <KeyRound aria-hidden className="size-3 shrink-0" /> : null}
          <span dir="auto" className="truncate">
            {status}
          </span>
        </span>
      </div>
      <div className="flex items-stretch gap-2">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          placeholder={set ? t('configuration.secret.replace') : t('configuration.secret.enter')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block h-10 w-full min-w-0 rounded-lg border bg-white px-3 text-sm shadow-sm outline-none transition placeholder:text-zinc-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:bg-zinc-900 dark:placeholder:text-zinc-400',
            error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700',
          )}
        />
        {set && !removing ? (
          <Button variant="secondary" className="shrink-0" aria-label={t('configuration.secret.removeLabel', { field: label })} onClick={() => onChange(null)}>
            {t('configuration.secret.remove')}
          </Button>
        ) : null}
      </div>
      {removing ? (
        <div id={`${id}-removing`} className="flex flex-wrap items-center gap-x-2 text-sm text-amber-800 dark:text-amber-300">
          <span>{t('configuration.secret.willRemove')}</span>
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            <Undo2 aria-hidden className="size-3.5 rtl:-scale-x-100" />
            {t('configuration.secret.undo')}
          </Button>
        </div>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
