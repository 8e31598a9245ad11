import { KeyRound, Undo2 } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { REQUIRED_LABEL } from '@/components/ui/form-field';
import type { Masked, SecretValue } from '@/components/ui/secret-value';

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
  /** Marks the label with an asterisk and the field as required (the server says what is missing). */
  required?: boolean;
  /** Shown, not changed: the field is disabled and "Remove" is not offered. */
  disabled?: boolean;
};

/**
 * A secret never shown: whether it is set (with its hint, "…abcd"), a field to type a new value
 * (left empty, the one in force is kept) and, when one is set, "Remove".
 */
export function SecretField({ label, masked, value, onChange, onBlur, name, inputRef, hint, error, required, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const set = masked?.set ?? false;
  const removing = value === null;
  // The hint (a key's end, a URL's host) reads left to right in every language.
  const status = set ? (
    masked?.hint ? (
      <Trans t={t} i18nKey="secretField.set" values={{ hint: masked.hint }} components={[<bdi key="hint" dir="ltr" />]} />
    ) : (
      t('secretField.setNoHint')
    )
  ) : (
    t('secretField.notSet')
  );
  const describedBy = [`${id}-status`, removing ? `${id}-removing` : null, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <label htmlFor={id} className={cn('block text-sm font-medium text-zinc-800 dark:text-zinc-200', required && REQUIRED_LABEL)}>
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
          placeholder={disabled ? undefined : set ? t('secretField.replace') : t('secretField.enter')}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block h-10 w-full min-w-0 rounded-lg border bg-white px-3 text-sm shadow-sm outline-none transition placeholder:text-zinc-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 disabled:cursor-not-allowed disabled:bg-zinc-50 dark:bg-zinc-900 dark:placeholder:text-zinc-400 dark:disabled:bg-zinc-900/60',
            error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700',
          )}
        />
        {set && !removing && !disabled ? (
          <Button variant="secondary" className="shrink-0" aria-label={t('secretField.removeLabel', { field: label })} onClick={() => onChange(null)}>
            {t('secretField.remove')}
          </Button>
        ) : null}
      </div>
      {removing ? (
        <div id={`${id}-removing`} className="flex flex-wrap items-center gap-x-2 text-sm text-amber-800 dark:text-amber-300">
          <span>{t('secretField.willRemove')}</span>
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            <Undo2 aria-hidden className="size-3.5 rtl:-scale-x-100" />
            {t('secretField.undo')}
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
