import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';

// Values to copy, each with its copy button: a webhook's URL and secret, the phone numbers'
// webhook URLs, code samples. Shown by the webhooks and phone features.

/** A value to copy (a URL, a secret): read-only, selected on focus, with its copy button. */
export function CopyField({ label, value, hint, testId, className }: { label: string; value: string; hint?: string; testId?: string; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          dir="ltr"
          spellCheck={false}
          data-testid={testId}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(e) => e.currentTarget.select()}
          className="block h-10 w-full min-w-0 rounded-lg border border-zinc-300 bg-zinc-50 px-3 font-mono text-sm outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-800"
        />
        <CopyButton
          text={value}
          size="md"
          label={t('copy.button')}
          ariaLabel={t('copy.label', { what: label })}
          copied={t('copy.done', { what: label })}
          failed={t('copy.failed')}
          className="shrink-0"
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Code to copy (a command, a snippet) under its name, left to right in every language. */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="min-w-0 overflow-hidden rounded-xl bg-zinc-950 dark:bg-black/50">
      <div className="flex items-center justify-between gap-2 border-b border-white/10 py-1 ps-4 pe-1.5">
        <span id={`${id}-label`} className="min-w-0 truncate text-xs font-medium text-zinc-300">
          {label}
        </span>
        <CopyButton
          text={code}
          label={t('copy.button')}
          ariaLabel={t('copy.label', { what: label })}
          copied={t('copy.done', { what: label })}
          failed={t('copy.failed')}
          variant="ghost"
          className="shrink-0 text-zinc-200 hover:bg-white/10 hover:text-white dark:text-zinc-200 dark:hover:bg-white/10"
        />
      </div>
      {/* Focusable: a long line scrolls, and the keyboard must reach it. */}
      <pre
        dir="ltr"
        data-testid={testId}
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        className="overflow-x-auto p-4 text-left font-mono text-xs leading-relaxed text-zinc-100 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent-500/60"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
